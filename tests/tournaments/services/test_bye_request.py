"""`bye_request` and `bye_cancel`: future rounds only, limits per tournament."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.exceptions import ByeRefused
from tournaments.models import AuditEntry, Bye, ByeKind, RoundState
from tournaments.services.availability import bye_cancel, bye_request, player_withdraw

pytestmark = pytest.mark.django_db


def test_it_records_a_requested_half_point_bye(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    player = tournament.players.get(pairing_number=2)

    bye = bye_request(player=player, round_number=2, kind=ByeKind.HALF_POINT, by=arbiter)

    assert (bye.round.number, bye.kind) == (2, ByeKind.HALF_POINT)
    assert AuditEntry.objects.filter(entity="bye", entity_id=bye.pk).exists()


def test_it_refuses_a_bye_for_a_round_already_paired(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PAIRED)
    before = snapshot()

    with pytest.raises(ByeRefused, match="Round 1 is already paired"):
        bye_request(
            player=tournament.players.get(pairing_number=1),
            round_number=1,
            kind=ByeKind.ZERO_POINT,
            by=arbiter,
        )

    assert snapshot() == before


def test_it_refuses_more_half_point_byes_than_the_limit(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=7)
    player = tournament.players.get(pairing_number=1)
    bye_request(player=player, round_number=2, kind=ByeKind.HALF_POINT, by=arbiter)

    with pytest.raises(ByeRefused, match="the limit is 1"):
        bye_request(player=player, round_number=3, kind=ByeKind.HALF_POINT, by=arbiter)
    bye_request(player=player, round_number=3, kind=ByeKind.ZERO_POINT, by=arbiter)

    assert Bye.objects.filter(player=player).count() == 2


def test_it_refuses_a_bye_in_the_last_rounds(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=7)
    tournament.no_byes_last_rounds = 2
    tournament.save()

    with pytest.raises(ByeRefused, match="No byes in the last 2 round"):
        bye_request(
            player=tournament.players.get(pairing_number=1),
            round_number=6,
            kind=ByeKind.ZERO_POINT,
            by=arbiter,
        )


def test_it_refuses_a_bye_for_a_withdrawn_player(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    player = player_withdraw(
        player=tournament.players.get(pairing_number=1), from_round=1, by=arbiter
    )

    with pytest.raises(ByeRefused, match="has withdrawn"):
        bye_request(player=player, round_number=2, kind=ByeKind.HALF_POINT, by=arbiter)


def test_a_bye_is_cancelled_only_before_its_round_is_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    player = tournament.players.get(pairing_number=1)
    first = bye_request(player=player, round_number=1, kind=ByeKind.ZERO_POINT, by=arbiter)
    second = bye_request(player=player, round_number=2, kind=ByeKind.HALF_POINT, by=arbiter)
    pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(ByeRefused, match="its byes stand"):
        bye_cancel(bye=first, by=arbiter)
    bye_cancel(bye=second, by=arbiter)

    assert list(Bye.objects.values_list("pk", flat=True)) == [first.pk]
