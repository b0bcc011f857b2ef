"""The integrity log and "Undo the last event", through the HTTP layer (VCL4THP Q112-Q115):
the undo is confirmed (Level 3) with a token bound to the exact request, restores the state
just before the event from its snapshot, and is recorded; anything else changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tests.tournaments.views.confirming import (
    HTMX,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tournaments.domain.warnings import Level
from tournaments.exceptions import UndoRefused
from tournaments.models import (
    AuditEntry,
    Bye,
    ByeKind,
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Result,
    RoundState,
    Tournament,
)
from tournaments.services.integrity import (
    integrity_event_record,
    integrity_event_undo,
    snapshot_rows,
)
from tournaments.services.results import game_enter_result

pytestmark = pytest.mark.django_db


def corrected(arbiter: User, *boards: int) -> Tournament:
    """Rounds 1-3 completed (White won every game), round 4 published; each of `boards` of
    round 3 corrected to a draw (one Correction event each)."""
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)
    play_rounds(tournament, 3)
    for board in boards:
        game_enter_result(
            game=board_of(3, board),
            result=Result.DRAW,
            by=arbiter,
            expected_previous=Result.WHITE_WINS,
            confirmed=Level.CONFIRM,
        )
    return tournament


def board_of(number: int, board: int) -> Game:
    return Game.objects.get(round__number=number, board=board)


def events_url(tournament: Tournament) -> str:
    return f"/t/{tournament.slug}/manage/events/"


def undo_url(tournament: Tournament) -> str:
    return f"/t/{tournament.slug}/manage/events/undo/"


def events() -> list[tuple[str, bool]]:
    return [(e.kind, e.undone_at is not None) for e in IntegrityEvent.objects.order_by("id")]


def last_event() -> IntegrityEvent:
    event = IntegrityEvent.objects.order_by("id").last()
    assert event is not None
    return event


def test_the_log_lists_the_events_with_their_report_lines(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = corrected(arbiter, 1)

    page = html(arbiter_client.get(events_url(tournament)))

    assert "### Correction @ Round 3: board 1 (1 - 2): 1-0 changed to 1/2-1/2" in page
    assert "arbiter" in page and "last event" in page
    assert "Undo the last event" in page


def test_an_undo_without_confirmation_shows_the_dialog_and_changes_nothing(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = corrected(arbiter, 1)
    before, logged = snapshot(), events()
    data = {"event": str(last_event().pk)}

    page = arbiter_client.post(undo_url(tournament), data)
    dialog = arbiter_client.post(undo_url(tournament), data, headers=HTMX)

    assert is_dialog(page) and dialog_level(page) == 3
    assert "Undo “### Correction @ Round 3" in html(page)
    assert is_dialog(dialog)
    assert snapshot() == before and events() == logged


def test_a_confirmed_undo_restores_the_state_before_the_event_and_is_recorded(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = corrected(arbiter, 1)
    data = {"event": str(last_event().pk)}
    dialog = arbiter_client.post(undo_url(tournament), data)

    response = arbiter_client.post(
        undo_url(tournament), {**data, "confirmation": token(dialog)}, follow=True
    )

    assert board_of(3, 1).result == Result.WHITE_WINS
    assert events() == [(IntegrityEventKind.CORRECTION, True), (IntegrityEventKind.UNDO, False)]
    assert "Undone: Correction undone: board 1" in html(response)
    assert AuditEntry.objects.filter(entity="integrity_event", new_value="undone").exists()
    assert "### Undo @ Round 3: Correction undone" in html(response)
    assert "Undo the last event" not in html(response)


@pytest.mark.parametrize("how", ["forged", "stale"])
def test_a_forged_or_stale_confirmation_is_refused_and_changes_nothing(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot], how: str
) -> None:
    tournament = corrected(arbiter, 1)
    data = {"event": str(last_event().pk)}
    confirmation = token(arbiter_client.post(undo_url(tournament), data))
    if how == "forged":
        confirmation = confirmation[:-3] + ("AAA" if confirmation[-3:] != "AAA" else "BBB")
    else:  # the tournament changed since the dialog: a result of round 4
        game_enter_result(game=board_of(4, 1), result=Result.DRAW, by=arbiter, expected_previous="")
    before, logged = snapshot(), events()

    response = arbiter_client.post(
        undo_url(tournament), {**data, "confirmation": confirmation}, follow=True
    )

    assert "nothing was done" in html(response)
    assert snapshot() == before and events() == logged
    assert board_of(3, 1).result == Result.DRAW


def test_only_the_last_event_can_be_undone(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = corrected(arbiter, 1, 2)
    first = IntegrityEvent.objects.order_by("id").first()
    assert first is not None
    before, logged = snapshot(), events()

    response = arbiter_client.post(undo_url(tournament), {"event": str(first.pk)}, follow=True)

    assert not is_dialog(response)
    assert "Only the last event can be undone" in html(response)
    assert snapshot() == before and events() == logged


def test_undoing_a_full_point_bye_removes_the_bye(arbiter_client: Client, arbiter: User) -> None:
    tournament = corrected(arbiter)
    bye = Bye.objects.create(
        round=tournament.round_set.get(number=5),
        player=tournament.players.get(pairing_number=3),
        kind=ByeKind.FULL_POINT,
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.FULL_POINT_BYE,
        round_number=5,
        details="requested",
        by=arbiter,
        snapshot=snapshot_rows(created=[bye]),
    )
    data = {"event": str(last_event().pk)}
    dialog = arbiter_client.post(undo_url(tournament), data, headers=HTMX)

    arbiter_client.post(undo_url(tournament), {**data, "confirmation": token(dialog)}, headers=HTMX)

    assert not Bye.objects.exists()
    assert events()[0] == (IntegrityEventKind.FULL_POINT_BYE, True)


def test_an_event_is_not_undone_once_a_round_was_paired_or_its_rows_changed(
    arbiter: User,
) -> None:
    tournament = corrected(arbiter, 1)
    Game.objects.filter(pk=board_of(3, 1).pk).update(result=Result.BLACK_WINS)

    with pytest.raises(UndoRefused, match="changed again since"):
        integrity_event_undo(event=last_event(), by=arbiter, confirmed=Level.CONFIRM)

    Game.objects.filter(pk=board_of(3, 1).pk).update(result=Result.DRAW)
    tournament.round_set.filter(number=4).update(state=RoundState.COMPLETED)
    board_of(4, 1).round.games.update(result=Result.WHITE_WINS)
    pair_round(tournament, 5, RoundState.PAIRED)
    with pytest.raises(UndoRefused, match="rounds changed since"):
        integrity_event_undo(event=last_event(), by=arbiter, confirmed=Level.CONFIRM)


def test_events_without_snapshot_and_final_ones_are_not_undone(arbiter: User) -> None:
    tournament = corrected(arbiter)
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.ADJOURNMENT,
        round_number=3,
        details="board 2",
        by=arbiter,
    )
    with pytest.raises(UndoRefused, match="without a snapshot"):
        integrity_event_undo(event=last_event(), by=arbiter, confirmed=Level.CONFIRM)

    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.FIDE_MODE_EXIT,
        round_number=3,
        details="left",
        by=arbiter,
    )
    with pytest.raises(UndoRefused, match="final"):
        integrity_event_undo(event=last_event(), by=arbiter, confirmed=Level.CONFIRM)


def test_the_dashboard_and_the_fide_mode_page_link_to_the_log(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = corrected(arbiter)
    link = f'href="{events_url(tournament)}"'

    dashboard = html(arbiter_client.get(f"/t/{tournament.slug}/manage/"))
    fide_mode = html(arbiter_client.get(f"/t/{tournament.slug}/manage/fide-mode/"))

    assert link in dashboard and link in fide_mode
