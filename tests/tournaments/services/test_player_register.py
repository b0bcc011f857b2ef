"""`player_register`: validation, duplicates, late entries (provisional numbers, missed rounds)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.exceptions import InvalidPlayer
from tournaments.models import AuditEntry, ByeKind, RoundState
from tournaments.services.players import PlayerData, player_register

pytestmark = pytest.mark.django_db


def test_it_registers_a_player_with_the_next_free_number(arbiter: User) -> None:
    tournament = tournament_with_players(3)

    player = player_register(
        tournament=tournament,
        data=PlayerData(name="Rossi, Mario", rating=2100, fide_id="12345678"),
        by=arbiter,
    )

    assert (player.pairing_number, player.first_round) == (4, 1)
    assert not player.byes.exists()
    assert AuditEntry.objects.filter(entity="player", entity_id=player.pk).exists()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (PlayerData(name=""), "name is required"),
        (PlayerData(name="A, B", fide_id="12ab"), "up to 11 digits"),
        (PlayerData(name="A, B", rating=3501), "0 to 3500"),
        (PlayerData(name="A, B", birth_date="12.3.1990"), "YYYY/MM/DD"),
        (PlayerData(name="A, B", title="XX"), "Unknown title"),
    ],
)
def test_it_refuses_bad_data(
    arbiter: User, snapshot: Callable[[], Snapshot], data: PlayerData, message: str
) -> None:
    tournament = tournament_with_players(2)
    before = snapshot()

    with pytest.raises(InvalidPlayer, match=message):
        player_register(tournament=tournament, data=data, by=arbiter)

    assert snapshot() == before


def test_it_refuses_a_second_registration_of_a_fide_id(arbiter: User) -> None:
    tournament = tournament_with_players(0)
    player_register(tournament=tournament, data=PlayerData(name="A, B", fide_id="42"), by=arbiter)

    with pytest.raises(InvalidPlayer, match="FIDE id 42 is already registered"):
        player_register(
            tournament=tournament, data=PlayerData(name="C, D", fide_id="42"), by=arbiter
        )


def test_it_refuses_the_same_name_and_birth_date(arbiter: User) -> None:
    tournament = tournament_with_players(0)
    data = PlayerData(name="Bianchi, Anna", birth_date="2001/04/05")
    player_register(tournament=tournament, data=data, by=arbiter)

    with pytest.raises(InvalidPlayer, match="same name and birth date"):
        player_register(
            tournament=tournament,
            data=PlayerData(name="bianchi, anna", birth_date="2001/04/05"),
            by=arbiter,
        )


def test_a_late_entry_gets_the_next_number_and_zero_point_byes_for_missed_rounds(
    arbiter: User,
) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.COMPLETED)
    pair_round(tournament, 2, RoundState.PUBLISHED)

    player = player_register(
        tournament=tournament, data=PlayerData(name="Late, Lucy", rating=2600), by=arbiter
    )

    assert (player.pairing_number, player.first_round) == (5, 3)
    assert sorted(player.byes.values_list("round__number", "kind")) == [
        (1, ByeKind.ZERO_POINT),
        (2, ByeKind.ZERO_POINT),
    ]


def test_the_arbiter_may_grant_half_points_for_the_missed_rounds(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PAIRED)

    player = player_register(
        tournament=tournament,
        data=PlayerData(name="Late, Lucy"),
        by=arbiter,
        missed_bye=ByeKind.HALF_POINT,
    )

    assert player.first_round == 2
    assert list(player.byes.values_list("kind", flat=True)) == [ByeKind.HALF_POINT]


def test_namesakes_need_their_birth_dates(arbiter: User) -> None:
    tournament = tournament_with_players(0)
    player_register(tournament=tournament, data=PlayerData(name="Rossi, Mario"), by=arbiter)

    with pytest.raises(InvalidPlayer, match="tell namesakes apart"):
        player_register(tournament=tournament, data=PlayerData(name="Rossi, Mario"), by=arbiter)
    player_register(
        tournament=tournament,
        data=PlayerData(name="Rossi, Mario", birth_date="1990/01/01"),
        by=arbiter,
    )

    assert tournament.players.count() == 2


def test_before_round_1_the_numbers_follow_the_initial_order(arbiter: User) -> None:
    tournament = tournament_with_players(3)

    player = player_register(
        tournament=tournament, data=PlayerData(name="Strong, Sam", rating=2700), by=arbiter
    )

    assert player.pairing_number == 1
    assert list(
        tournament.players.order_by("pairing_number").values_list("fide_rating", flat=True)
    ) == [
        2700,
        2490,
        2480,
        2470,
    ]
