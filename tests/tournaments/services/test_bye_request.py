"""`bye_request` and `bye_cancel`: future rounds only, limits per tournament."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.domain.trf import write_trf
from tournaments.domain.warnings import Level
from tournaments.exceptions import ByeRefused, ConfirmationRequired
from tournaments.models import (
    AuditEntry,
    Bye,
    ByeKind,
    IntegrityEvent,
    IntegrityEventKind,
    Player,
    Result,
    RoundState,
)
from tournaments.selectors.trf import tournament_trf_document
from tournaments.services.availability import (
    bye_cancel,
    bye_request,
    player_set_half_point_byes,
    player_withdraw,
)
from tournaments.services.integrity import integrity_event_undo

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


def test_a_half_point_bye_beyond_the_limit_is_confirmed_at_level_3(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4, rounds=7)
    player = tournament.players.get(pairing_number=1)
    bye_request(player=player, round_number=2, kind=ByeKind.HALF_POINT, by=arbiter)
    before = snapshot()

    with pytest.raises(ConfirmationRequired) as asked:
        bye_request(player=player, round_number=3, kind=ByeKind.HALF_POINT, by=arbiter)
    unchanged = snapshot()
    bye_request(
        player=player,
        round_number=3,
        kind=ByeKind.HALF_POINT,
        by=arbiter,
        confirmed=Level.CONFIRM,
    )

    assert unchanged == before
    assert asked.value.warning.level is Level.CONFIRM
    assert "beyond the limit of 1" in asked.value.warning.title
    assert Bye.objects.filter(player=player, kind=ByeKind.HALF_POINT).count() == 2


def test_a_player_refused_half_point_byes_gets_none(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4, rounds=7)
    player = player_set_half_point_byes(
        player=tournament.players.get(pairing_number=1), allowed=False, by=arbiter
    )
    before = snapshot()

    for confirmed in (None, Level.DOUBLE_CONFIRM):  # Q176: no confirmation lifts it
        with pytest.raises(ByeRefused, match="may not take half-point byes"):
            bye_request(
                player=player,
                round_number=2,
                kind=ByeKind.HALF_POINT,
                by=arbiter,
                confirmed=confirmed,
            )
    bye_request(player=player, round_number=2, kind=ByeKind.ZERO_POINT, by=arbiter)

    assert snapshot() != before and not Bye.objects.filter(kind=ByeKind.HALF_POINT).exists()
    assert AuditEntry.objects.filter(new_value__contains="half-point byes refused").exists()


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


def _fpb(player: Player, round_number: int, by: User, confirmed: Level | None) -> Bye:
    return bye_request(
        player=player,
        round_number=round_number,
        kind=ByeKind.FULL_POINT,
        by=by,
        confirmed=confirmed,
    )


def test_a_full_point_bye_is_granted_after_a_level_2_notice_and_recorded(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4)
    player = tournament.players.get(pairing_number=2)
    before = snapshot()

    with pytest.raises(ConfirmationRequired) as required:
        _fpb(player, 2, arbiter, None)
    assert required.value.warning.level == Level.NOTICE
    assert snapshot() == before

    bye = _fpb(player, 2, arbiter, Level.NOTICE)

    assert (bye.round.number, bye.kind) == (2, ByeKind.FULL_POINT)
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.FULL_POINT_BYE and event.round_number == 2
    assert event.details == f"{player.name} (2) requested a full-point bye"
    assert AuditEntry.objects.filter(entity="bye", entity_id=bye.pk).exists()


def test_undoing_a_requested_full_point_bye_removes_it(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    _fpb(tournament.players.get(pairing_number=2), 2, arbiter, Level.NOTICE)

    integrity_event_undo(
        event=IntegrityEvent.objects.get(tournament=tournament), by=arbiter, confirmed=Level.CONFIRM
    )

    assert not Bye.objects.exists()


def test_a_full_point_bye_keeps_every_other_refusal(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=5)
    pair_round(tournament, 1, RoundState.PAIRED)
    player = tournament.players.get(pairing_number=1)
    _fpb(player, 2, arbiter, Level.NOTICE)
    withdrawn = player_withdraw(
        player=tournament.players.get(pairing_number=4), from_round=2, by=arbiter
    )

    with pytest.raises(ByeRefused, match="Round 1 is already paired"):
        _fpb(player, 1, arbiter, Level.NOTICE)
    with pytest.raises(ByeRefused, match="No byes in the last 1 round"):
        _fpb(player, 5, arbiter, Level.NOTICE)
    with pytest.raises(ByeRefused, match="has withdrawn"):
        _fpb(withdrawn, 3, arbiter, Level.NOTICE)
    with pytest.raises(ByeRefused, match="already has a bye in round 2"):
        _fpb(player, 2, arbiter, Level.NOTICE)
    assert IntegrityEvent.objects.filter(tournament=tournament).count() == 1


def test_the_engine_input_gives_a_requested_full_point_bye_as_an_f_entry(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.WHITE_WINS)
    _fpb(tournament.players.get(pairing_number=3), 2, arbiter, Level.NOTICE)

    text = write_trf(tournament_trf_document(tournament, ranks=None), "trf26")

    lines = {line[4:8].strip(): line.rstrip() for line in text.splitlines() if line[:3] == "001"}
    assert lines["3"].endswith("0000 - F")
    assert not any(lines[number].endswith("F") for number in ("1", "2", "4"))
