"""Manual pairing alterations (VCL4THP Q112, Q114): every hand edit of a draft, and the
correction of a published rematch (C.04.2 D.10), is an `### MPA` event that the Integrity log
undoes while the round stays as the edit left it; once the draft is paired again, or published,
the undo is refused and the events stay in the log."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.services.rounds import (
    round_draft_exchange_opponents,
    round_draft_swap_colours,
    round_publish,
    round_repair,
    round_request_pairing,
)
from pairing.services.runs import pairing_run_execute
from tests.tournaments.views.confirming import html, is_dialog, token
from tournaments.models import AuditEntry, Game, IntegrityEvent, IntegrityEventKind, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    round3.refresh_from_db()
    return round3


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def board(rnd: Round, number: int) -> Game:
    return rnd.games.select_related("white", "black").get(board=number)


def pairs(rnd: Round) -> list[tuple[int, int, int]]:
    return list(
        rnd.games.order_by("board").values_list(
            "board", "white__pairing_number", "black__pairing_number"
        )
    )


def events() -> list[tuple[str, bool]]:
    return [(e.kind, e.undone_at is not None) for e in IntegrityEvent.objects.order_by("id")]


def last_event() -> IntegrityEvent:
    event = IntegrityEvent.objects.order_by("id").last()
    assert event is not None
    return event


def undo(client: Client, rnd: Round) -> str:
    """Undo the last event through the Integrity log: the dialog, then the confirmed post."""
    url = f"/t/{rnd.tournament.slug}/manage/events/undo/"
    data = {"event": str(last_event().pk)}
    dialog = client.post(url, data)
    if not is_dialog(dialog):
        return html(client.post(url, data, follow=True))
    return html(client.post(url, {**data, "confirmation": token(dialog)}, follow=True))


def test_a_colour_swap_is_an_mpa_event_that_the_log_undoes(
    draft: Round, arbiter: User, arbiter_client: Client
) -> None:
    before = pairs(draft)
    round_draft_swap_colours(game=board(draft, 1), by=arbiter)
    event = last_event()
    assert (event.kind, event.round_number) == (IntegrityEventKind.MANUAL_PAIRING, 3)
    assert event.details == "board 1: colours swapped, 2-5 -> 5-2"
    assert AuditEntry.objects.filter(entity="game", note__contains="colours swapped").exists()

    page = undo(arbiter_client, draft)

    assert pairs(draft) == before
    assert events()[-2:] == [
        (IntegrityEventKind.MANUAL_PAIRING, True),
        (IntegrityEventKind.UNDO, False),
    ]
    assert "### Undo @ Round 3: MPA undone: board 1: colours swapped" in page


def test_an_exchange_of_opponents_is_an_mpa_event_that_the_log_undoes(
    draft: Round, arbiter: User, arbiter_client: Client
) -> None:
    before = pairs(draft)
    round_draft_exchange_opponents(game_a=board(draft, 2), game_b=board(draft, 7), by=arbiter)
    assert last_event().details == "boards 2 and 7 exchanged opponents, 3-4, 9-13 -> 3-13, 9-4"

    undo(arbiter_client, draft)

    assert pairs(draft) == before
    assert events()[-2:] == [
        (IntegrityEventKind.MANUAL_PAIRING, True),
        (IntegrityEventKind.UNDO, False),
    ]


def test_the_correction_of_a_published_rematch_is_recorded_and_undone(
    draft: Round, arbiter: User, arbiter_client: Client
) -> None:
    round_draft_exchange_opponents(game_a=board(draft, 2), game_b=board(draft, 7), by=arbiter)
    round_publish(rnd=draft, by=arbiter)
    published = pairs(draft)
    rematch = next(g for g in draft.games.all() if g.black.pairing_number == 4)
    other = next(g for g in draft.games.all() if g.white.pairing_number == 3)

    round_draft_exchange_opponents(game_a=rematch, game_b=other, by=arbiter)
    assert last_event().details.endswith("to correct a rematch (C.04.2 D.10)")

    undo(arbiter_client, draft)

    assert pairs(draft) == published


def test_after_a_re_pair_the_mpa_events_stay_and_cannot_be_undone(
    draft: Round, arbiter: User, arbiter_client: Client
) -> None:
    round_draft_swap_colours(game=board(draft, 1), by=arbiter)
    pairing_run_execute(run_id=round_repair(rnd=draft, by=arbiter).pk)
    repaired = pairs(draft)

    page = undo(arbiter_client, draft)

    assert "no longer exists as it left it" in page
    assert pairs(draft) == repaired
    assert events()[-1] == (IntegrityEventKind.MANUAL_PAIRING, False)
    log = html(arbiter_client.get(f"/t/{draft.tournament.slug}/manage/events/"))
    assert "### MPA @ Round 3: board 1: colours swapped, 2-5 -&gt; 5-2" in log


def test_an_mpa_of_a_draft_is_not_undone_once_the_round_is_published(
    draft: Round, arbiter: User, arbiter_client: Client
) -> None:
    round_draft_swap_colours(game=board(draft, 6), by=arbiter)
    round_publish(rnd=draft, by=arbiter)
    published = pairs(draft)

    page = undo(arbiter_client, draft)

    assert "The round this event concerns changed since" in page
    assert pairs(draft) == published
