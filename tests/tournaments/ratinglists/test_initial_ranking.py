"""The initial ranking's basis (C.04.2 B.2): the rate used, and the announced criterion for
players level on rating and title (VCL Q146), kept by every regeneration (Q155); late entries'
numbers (Q156)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.factories import PlayerFactory, TournamentFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.warnings import Level
from tournaments.exceptions import TournamentError
from tournaments.models import AuditEntry, RoundState, Tournament
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers
from tournaments.services.players import PlayerData, player_register
from tournaments.services.ratinglists import tournament_set_initial_ranking

pytestmark = pytest.mark.django_db

LEVEL = [  # name, FIDE ID, rating, title: the first four level on 2200 and no title
    ("Adams, Zoe", "9000001", 2200, ""),
    ("Brown, Yan", "1000002", 2200, ""),
    ("Clark, Xia", "", 2200, ""),
    ("Dunn, Will", "5000003", 2200, ""),
    ("Evans, Val", "7000004", 2200, "FM"),
    ("Ford, Uma", "2000005", 2300, ""),
]


def order(tournament: Tournament) -> list[str]:
    return list(tournament.players.order_by("pairing_number").values_list("name", flat=True))


def level_players() -> Tournament:
    tournament = TournamentFactory.create()
    for number, (name, fide_id, rating, title) in enumerate(LEVEL, start=1):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            fide_id=fide_id,
            fide_rating=rating,
            title=title,
        )
    return tournament


def test_equal_players_are_ranked_alphabetically_unless_fide_id_is_announced(
    arbiter: User,
) -> None:
    tournament = level_players()
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)
    alphabetical = order(tournament)
    assert alphabetical == [
        "Ford, Uma",
        "Evans, Val",
        "Adams, Zoe",
        "Brown, Yan",
        "Clark, Xia",
        "Dunn, Will",
    ]

    tournament_set_initial_ranking(
        tournament=tournament,
        rating_kind="standard",
        criterion="fide_id",
        by=arbiter,
        confirmed=Level.CONFIRM,  # the numbers change (Q150)
    )

    # Rating, then title, then FIDE ID (lowest first), a player without one last.
    assert order(tournament) == [
        "Ford, Uma",
        "Evans, Val",
        "Brown, Yan",
        "Dunn, Will",
        "Adams, Zoe",
        "Clark, Xia",
    ]
    changes = AuditEntry.objects.filter(tournament=tournament, entity="tournament")
    assert changes.filter(
        old_value="Standard ratings, then Alphabetical order",
        new_value="Standard ratings, then FIDE ID (lowest first)",
    ).exists()


def test_a_regeneration_after_round_one_keeps_the_announced_criterion(arbiter: User) -> None:
    tournament = level_players()
    tournament_set_initial_ranking(
        tournament=tournament,
        rating_kind="standard",
        criterion="fide_id",
        by=arbiter,
        confirmed=Level.CONFIRM,  # the numbers change (Q150)
    )
    for number in range(1, 6):
        tournament.round_set.create(number=number)
    pair_round(tournament, 1, RoundState.COMPLETED)
    late = player_register(
        tournament=tournament,
        data=PlayerData(name="Aaron, Abe", rating=2200, fide_id="3000000"),
        by=arbiter,
    )
    assert late.pairing_number == 7  # the next free number, provisional (C.04.2 C.3)

    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter, confirmed=Level.CONFIRM)

    # Placed by rating, then (level) by FIDE ID: after Brown's 1000002, before Dunn's 5000003.
    assert order(tournament)[2:5] == ["Brown, Yan", "Aaron, Abe", "Dunn, Will"]


def test_the_basis_of_the_ranking_is_fixed_once_round_one_is_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    with pytest.raises(TournamentError, match="Round 1 is paired"):
        tournament_set_initial_ranking(
            tournament=tournament, rating_kind="standard", criterion="fide_id", by=arbiter
        )
    with pytest.raises(TournamentError, match="Round 1 is paired"):
        tournament_set_initial_ranking(
            tournament=tournament, rating_kind="blitz", criterion="name", by=arbiter
        )
    tournament.refresh_from_db()
    assert (tournament.rating_kind, tournament.initial_order_criterion) == ("standard", "name")


def test_a_late_entry_after_round_four_takes_the_next_free_number(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=7)
    for number in (1, 2, 3, 4):
        pair_round(tournament, number, RoundState.COMPLETED)

    late = player_register(
        tournament=tournament, data=PlayerData(name="Late, Leo", rating=2800), by=arbiter
    )

    # Numbers are final after round 4 (C.04.2 B.3): the entrant's correct TPN is the next one.
    assert (late.pairing_number, late.first_round) == (5, 5)
    assert order(tournament)[0] != "Late, Leo"
