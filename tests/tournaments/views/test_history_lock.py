"""History is locked in FIDE mode, through the HTTP layer (VCL4THP Q189-Q192): only the last
published round and the one before it can be corrected, each correction confirmed (Level 3)
and recorded; older rounds get rating-report-only corrections."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import (
    HTMX,
    confirm,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tournaments.models import (
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    RatingCorrection,
    Result,
    Tournament,
)

pytestmark = pytest.mark.django_db


def round_four_on(arbiter: User) -> Tournament:
    """Rounds 1-3 completed (White won every game), round 4 published, no result yet."""
    tournament = tournament_with_players(4, rounds=5, arbiter=arbiter)
    play_rounds(tournament, 3)
    return tournament


def result_url(tournament: Tournament, number: int, board: int = 1) -> str:
    return f"/t/{tournament.slug}/manage/round/{number}/results/{board}/"


def stored(number: int, board: int = 1) -> str:
    return Game.objects.get(round__number=number, board=board).result


DRAW: dict[str, str] = {"result": Result.DRAW, "expected": Result.WHITE_WINS}


@pytest.mark.parametrize("number", [1, 2])
def test_rounds_before_the_last_two_cannot_be_corrected(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot], number: int
) -> None:
    """Q189, Q191: Level 5: refused with a message, even with a confirmation; nothing
    changed."""
    tournament = round_four_on(arbiter)
    before = snapshot()

    response = arbiter_client.post(result_url(tournament, number), DRAW, follow=True)
    row = arbiter_client.post(result_url(tournament, number), DRAW, headers=HTMX)

    assert not is_dialog(response)
    assert f"Round {number} can no longer be corrected" in html(response)
    assert "rating-report-only correction" in html(response)
    assert 'class="field-error"' in html(row) and "can no longer be corrected" in html(row)
    assert snapshot() == before


def test_the_results_page_of_a_locked_round_says_so(arbiter_client: Client, arbiter: User) -> None:
    tournament = round_four_on(arbiter)

    page = html(arbiter_client.get(f"/t/{tournament.slug}/manage/round/2/results/"))

    assert "Round 2 is locked (FIDE mode)" in page
    assert "Rating-report-only correction" in page


@pytest.mark.parametrize("number", [3, 4])
def test_the_last_two_rounds_are_corrected_after_a_level_3_confirmation(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot], number: int
) -> None:
    """Q190: the round before the last one played (3) and the round being played (4)."""
    tournament = round_four_on(arbiter)
    if number == 4:
        Game.objects.filter(round__number=4).update(result=Result.WHITE_WINS)
    before = snapshot()

    dialog = arbiter_client.post(result_url(tournament, number), DRAW)

    assert dialog_level(dialog) == 3
    assert f"### Correction @ Round {number}" in html(dialog)
    assert snapshot() == before
    arbiter_client.post(result_url(tournament, number), {**DRAW, "confirmation": token(dialog)})
    assert stored(number) == Result.DRAW


def test_a_correction_is_recorded_as_a_correction_event(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q190: `### Correction @ Round n: ...`."""
    tournament = round_four_on(arbiter)

    confirm(arbiter_client, result_url(tournament, 3), DRAW)

    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.CORRECTION
    assert str(event) == "### Correction @ Round 3: board 1 (1 - 2): 1-0 changed to 1/2-1/2"
    assert event.snapshot  # the rows as they were, for undo (Q114)


def test_a_first_result_needs_no_confirmation(arbiter_client: Client, arbiter: User) -> None:
    tournament = round_four_on(arbiter)

    response = arbiter_client.post(
        result_url(tournament, 4), {"result": Result.BLACK_WINS, "expected": ""}, headers=HTMX
    )

    assert not is_dialog(response) and html(response).lstrip().startswith('<tr id="board-1"')
    assert stored(4) == Result.BLACK_WINS
    assert not IntegrityEvent.objects.exists()


def test_a_confirmed_correction_keeps_compare_and_set(
    arbiter_client: Client, arbiter: User, client: Client
) -> None:
    """Two arbiters correct the same board: the second confirmation is refused (the tournament
    changed), and the board keeps the first arbiter's result."""
    tournament = round_four_on(arbiter)
    first = arbiter_client.post(result_url(tournament, 3), DRAW, headers=HTMX)
    confirm(arbiter_client, result_url(tournament, 3), {**DRAW, "result": Result.BLACK_WINS})

    response = arbiter_client.post(
        result_url(tournament, 3), {**DRAW, "confirmation": token(first)}, headers=HTMX
    )

    assert "The tournament or the request changed since you confirmed" in html(response)
    assert stored(3) == Result.BLACK_WINS
    fresh = arbiter_client.post(result_url(tournament, 3), DRAW, headers=HTMX)
    assert "was changed meanwhile to 0-1" in html(fresh)


def test_a_rating_report_only_correction_is_stored_apart(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q192: a Level-3 confirmation; the game keeps its result, the rating report's is kept
    apart and recorded."""
    tournament = round_four_on(arbiter)
    url = f"/t/{tournament.slug}/manage/round/1/rating-correction/"
    data = {"board": "1", "result": Result.DRAW, "note": "reported after round 3"}
    before = snapshot()

    dialog = arbiter_client.post(url, data)
    assert dialog_level(dialog) == 3 and snapshot() == before
    arbiter_client.post(url, {**data, "confirmation": token(dialog)})

    correction = RatingCorrection.objects.get()
    assert (correction.game.round.number, correction.result) == (1, Result.DRAW)
    assert correction.note == "reported after round 3" and correction.user == arbiter
    assert stored(1) == Result.WHITE_WINS
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.RATING_CORRECTION
    assert str(event) == (
        "### Rating-only correction @ Round 1: board 1 (1 - 2): recorded 1-0, rated as "
        "1/2-1/2 (reported after round 3)"
    )


def test_a_rating_correction_equal_to_the_recorded_result_is_refused(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = round_four_on(arbiter)
    url = f"/t/{tournament.slug}/manage/round/1/rating-correction/"

    response = arbiter_client.post(url, {"board": "1", "result": "1-0"}, follow=True)

    assert "is the recorded result: there is nothing to correct" in html(response)
    assert not RatingCorrection.objects.exists()


def test_out_of_fide_mode_an_old_round_is_corrected_after_a_level_4_confirmation(
    arbiter_client: Client, arbiter: User
) -> None:
    """Out of FIDE mode the history unlocks, behind Level 4 (the warnings stay, Q220)."""
    tournament = round_four_on(arbiter)
    confirm(arbiter_client, f"/t/{tournament.slug}/manage/fide-mode/leave/", {})

    dialog = arbiter_client.post(result_url(tournament, 1), DRAW)
    confirm(arbiter_client, result_url(tournament, 1), DRAW)

    assert dialog_level(dialog) == 4
    assert stored(1) == Result.DRAW
