"""`player_update`: correcting a registered player's details."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.exceptions import InvalidPlayer
from tournaments.models import AuditEntry, RoundState
from tournaments.services.players import PlayerData, player_update

pytestmark = pytest.mark.django_db


def test_it_saves_the_details_and_audits_old_and_new(arbiter: User) -> None:
    tournament = tournament_with_players(3)
    player = tournament.players.get(pairing_number=3)

    updated = player_update(
        player=player,
        data=PlayerData(name="Bianchi, Anna", title="WIM", sex="w", rating=2130, fide_id="777"),
        by=arbiter,
    )

    updated.refresh_from_db()
    assert (updated.name, updated.title, updated.fide_rating, updated.fide_id) == (
        "Bianchi, Anna",
        "WIM",
        2130,
        "777",
    )
    entry = AuditEntry.objects.get(entity="player", entity_id=player.pk, note="details corrected")
    assert player.name in entry.old_value
    assert entry.new_value == "Bianchi, Anna (WIM, w, 2130, 777)"


def test_before_round_1_is_paired_the_numbers_follow_the_new_rating(arbiter: User) -> None:
    tournament = tournament_with_players(3)  # ratings 2490, 2480, 2470
    third = tournament.players.get(pairing_number=3)

    moved = player_update(player=third, data=PlayerData(name=third.name, rating=2600), by=arbiter)

    assert moved.pairing_number == 1


def test_once_round_1_is_paired_the_numbers_stay(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    fourth = tournament.players.get(pairing_number=4)

    kept = player_update(player=fourth, data=PlayerData(name=fourth.name, rating=2700), by=arbiter)

    assert kept.pairing_number == 4


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (PlayerData(name=" "), "name is required"),
        (PlayerData(name="A, B", rating=3600), "0 to 3500"),
        (PlayerData(name="A, B", federation="it"), "three capital letters"),
    ],
)
def test_it_refuses_bad_data_and_changes_nothing(
    arbiter: User, snapshot: Callable[[], Snapshot], data: PlayerData, message: str
) -> None:
    tournament = tournament_with_players(2)
    before = snapshot()

    with pytest.raises(InvalidPlayer, match=message):
        player_update(player=tournament.players.get(pairing_number=1), data=data, by=arbiter)

    assert snapshot() == before


def test_it_refuses_to_make_a_player_the_duplicate_of_another(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(2)
    first, second = tournament.players.order_by("pairing_number")
    first.fide_id = "42"
    first.save()
    before = snapshot()

    with pytest.raises(InvalidPlayer, match="FIDE id 42 is already registered"):
        player_update(player=second, data=PlayerData(name=second.name, fide_id="42"), by=arbiter)

    assert snapshot() == before


def test_keeping_the_own_fide_id_is_no_duplicate(arbiter: User) -> None:
    tournament = tournament_with_players(1)
    player = tournament.players.get()
    player.fide_id = "42"
    player.save()

    same = player_update(player=player, data=PlayerData(name="New, Name", fide_id="42"), by=arbiter)

    assert same.name == "New, Name"
