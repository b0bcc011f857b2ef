"""`tournament_assign_pairing_numbers`: initial order (C.04.2 B.2), frozen after round 4 (B.3)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.factories import PlayerFactory, TournamentFactory
from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.domain.warnings import Level
from tournaments.exceptions import RenumberingClosed
from tournaments.models import Game, RoundState
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers
from tournaments.services.players import PlayerData, player_register

pytestmark = pytest.mark.django_db


def test_it_numbers_by_rating_then_title_then_name(arbiter: User) -> None:
    tournament = TournamentFactory.create()
    for number, (name, rating, title) in enumerate(
        [
            ("Zeta, A", 2000, ""),
            ("Beta, B", 2200, "FM"),
            ("Alfa, C", 2200, "IM"),
            ("Alfa, D", 2000, ""),
        ],
        start=1,
    ):
        PlayerFactory.create(
            tournament=tournament, pairing_number=number, name=name, fide_rating=rating, title=title
        )

    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    assert list(tournament.players.order_by("pairing_number").values_list("name", flat=True)) == [
        "Alfa, C",
        "Beta, B",
        "Alfa, D",
        "Zeta, A",
    ]


def test_a_late_entry_is_renumbered_into_place_and_keeps_its_games(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=7)
    pair_round(tournament, 1, RoundState.COMPLETED)
    late = player_register(
        tournament=tournament, data=PlayerData(name="Late, Lucy", rating=2700), by=arbiter
    )
    games = set(Game.objects.values_list("white__name", "black__name"))

    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter, confirmed=Level.CONFIRM)

    late.refresh_from_db()
    assert late.pairing_number == 1
    assert set(Game.objects.values_list("white__name", "black__name")) == games


def test_renumbering_is_allowed_while_round_4_is_not_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=7)
    for number in (1, 2, 3):
        pair_round(tournament, number, RoundState.COMPLETED)
    PlayerFactory.create(tournament=tournament, pairing_number=5, fide_rating=2800)

    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter, confirmed=Level.CONFIRM)

    assert tournament.players.get(fide_rating=2800).pairing_number == 1


def test_it_refuses_to_renumber_after_round_4_is_paired(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4, rounds=7)
    for number in (1, 2, 3):
        pair_round(tournament, number, RoundState.COMPLETED)
    pair_round(tournament, 4, RoundState.PAIRED)
    PlayerFactory.create(tournament=tournament, pairing_number=5, fide_rating=2800)
    before = snapshot()

    with pytest.raises(RenumberingClosed, match="Round 4 has been paired"):
        tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)

    assert snapshot() == before
