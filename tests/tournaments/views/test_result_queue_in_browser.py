"""Issue 31: no result key is ever lost. In a real Chromium against a live server that answers
each result POST 400 ms late, 50 boards get their results typed 50 ms apart and all at once,
from the keyboard (1280 px) and with the phone's buttons (390 px): 50 of 50 saved, each on its
board, once, and the focus never leaves the results table. Screenshots in var/screenshots/."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.slow_server import SlowServer
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import AuditEntry, Game, Result, RoundState, Tournament

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BOARDS = 50
KEYS = {"1": Result.WHITE_WINS, "=": Result.DRAW, "0": Result.BLACK_WINS}
BUTTONS = {"1": "1-0", "=": "½", "0": "0-1"}
INTERVAL_MS = 50


def key_of(board: int) -> str:
    """Board 1 gets 1-0, board 2 a draw, board 3 0-1, and so on."""
    return "1=0"[(board - 1) % 3]


def results_page(
    chromium: Browser, server: SlowServer, client: Client, width: int
) -> tuple[Page, Tournament]:
    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = tournament_with_players(2 * BOARDS, rounds=5, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    client.force_login(arbiter)
    context = session_context(chromium, server.url, client.cookies["sessionid"].value, width)
    page = context.new_page()
    page.goto(f"{server.url}/t/{tournament.slug}/manage/round/1/results/")
    return page, tournament


def focused_row(page: Page) -> str:
    """The id of the focused element, if it is a board's row of the results table."""
    return str(
        page.evaluate(
            "() => { const e = document.activeElement;"
            " return e && e.matches('table.results tr.result-row')"
            " ? e.id : 'outside: ' + (e && e.tagName); }"
        )
    )


def assert_focus_on(page: Page, row_id: str) -> None:
    """The board row `row_id` has the focus, or gets it within a second (a tap's focus is moved
    by the page's click handler; on a loaded machine the check may come before it has run)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

    try:
        page.wait_for_function(
            "id => document.activeElement && document.activeElement.id === id",
            arg=row_id,
            timeout=1000,
        )
    except PlaywrightTimeoutError:
        assert focused_row(page) == row_id


def assert_all_saved(page: Page, tournament: Tournament, shot: str) -> None:
    from playwright.sync_api import expect

    expect(page.locator("tr.result-row[data-entry=saved]")).to_have_count(BOARDS)
    expect(page.locator("#results-progress")).to_contain_text(f"{BOARDS} of {BOARDS} results in")
    expect(page.locator("#entry-pending")).to_be_hidden()
    screenshot(page, shot.removesuffix(".png"), full_page=False)
    stored = dict(Game.objects.filter(round__tournament=tournament).values_list("board", "result"))
    entries = AuditEntry.objects.filter(tournament=tournament, entity="game").count()
    page.context.close()
    connection.close()
    assert stored == {board: KEYS[key_of(board)] for board in range(1, BOARDS + 1)}
    assert entries == BOARDS  # each key entered once: no double submission


@pytest.mark.parametrize("width", [1280, 390])
def test_fifty_keys_typed_50_ms_apart_are_all_saved(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
    width: int,
) -> None:
    page, tournament = results_page(chromium, slow_server, client, width)
    page.focus("#board-1")
    for board in range(1, BOARDS + 1):
        page.keyboard.press(key_of(board))
        page.wait_for_timeout(INTERVAL_MS)
        assert focused_row(page) == f"board-{min(board + 1, BOARDS)}"
    assert page.locator("tr.result-row[data-entry=saved]").count() < BOARDS  # still arriving
    screenshot(page, f"results-queue-typing-{width}", full_page=False)
    assert_all_saved(page, tournament, f"results-queue-typed-{width}.png")


def test_fifty_keys_at_once_are_all_saved(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    page, tournament = results_page(chromium, slow_server, client, 1280)
    page.focus("#board-1")
    keys = "".join(key_of(board) for board in range(1, BOARDS + 1))
    # All 50 keydowns in one task of the page: none can have been answered before the last.
    page.evaluate(
        """keys => { for (const key of keys) {
             const event = new KeyboardEvent('keydown', {key, bubbles: true});
             document.activeElement.dispatchEvent(event);
           } }""",
        keys,
    )
    assert focused_row(page) == f"board-{BOARDS}"
    assert page.locator("tr.result-row[data-entry=saved]").count() == 0
    assert_all_saved(page, tournament, "results-queue-at-once-1280.png")


def test_fifty_taps_on_the_phone_50_ms_apart_are_all_saved(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    page, tournament = results_page(chromium, slow_server, client, 390)
    for board in range(1, BOARDS + 1):
        page.locator(f"#board-{board} button[data-key='{key_of(board)}']").click()
        page.wait_for_timeout(INTERVAL_MS)
        assert_focus_on(page, f"board-{board}")
    assert_all_saved(page, tournament, "results-queue-tapped-390.png")


def test_fifty_taps_at_once_on_the_phone_are_all_saved(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    page, tournament = results_page(chromium, slow_server, client, 390)
    page.evaluate(
        """boards => { for (const [board, key] of boards) {
             document.querySelector(`#board-${board} button[data-key="${key}"]`).click();
           } }""",
        [[board, key_of(board)] for board in range(1, BOARDS + 1)],
    )
    assert focused_row(page) == f"board-{BOARDS}"
    assert_all_saved(page, tournament, "results-queue-tapped-at-once-390.png")


def test_a_refused_key_says_why_on_its_board_and_the_focus_stays_in_the_table(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    from playwright.sync_api import expect

    page, tournament = results_page(chromium, slow_server, client, 1280)
    Game.objects.filter(round__tournament=tournament, board=2).update(result=Result.DRAW)
    Game.objects.filter(round__tournament=tournament, board=5).update(result=Result.BLACK_WINS)
    page.reload()  # board 5 shows 0-1; board 2 still shows no result
    Game.objects.filter(round__tournament=tournament, board=2).update(result=Result.DRAW)
    page.evaluate("document.getElementById('board-2').setAttribute('data-result', '')")
    page.focus("#board-1")
    page.keyboard.press("1")
    page.keyboard.press("0")  # board 2: another arbiter entered a draw meanwhile
    page.keyboard.press("1")  # board 3: saved all the same
    page.focus("#board-5")
    page.keyboard.press("=")  # board 5: a correction, confirmed in the dialog... or cancelled
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text("Correct round 1, board 5")
    dialog.locator("text=Cancel").click()

    board2 = page.locator("#board-2")
    expect(board2).to_have_attribute("data-entry", "refused")
    expect(board2.locator(".entry-status")).to_contain_text("was changed meanwhile to ½-½")
    expect(page.locator("#board-5 .entry-status")).to_have_text(
        "Correction cancelled: the result is unchanged."
    )
    expect(page.locator("#board-3")).to_have_attribute("data-entry", "saved")
    assert focused_row(page).startswith("board-")
    screenshot(page, "results-queue-refused-1280", full_page=False)
    page.context.close()
    stored = dict(Game.objects.filter(round__tournament=tournament).values_list("board", "result"))
    connection.close()
    assert (stored[1], stored[2], stored[3], stored[5]) == (
        Result.WHITE_WINS,
        Result.DRAW,
        Result.WHITE_WINS,
        Result.BLACK_WINS,
    )


def test_a_key_lost_on_the_network_is_sent_again_and_entered_once(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    from playwright.sync_api import Route, expect

    page, tournament = results_page(chromium, slow_server, client, 1280)
    failures = {"4": "answer lost", "5": "never arrived"}

    def flaky_network(route: Route) -> None:
        board = route.request.url.rstrip("/").rsplit("/", 1)[1]
        failure = failures.pop(board, "")
        if failure == "answer lost":
            route.fetch()  # the server saves the result, its answer never comes back
            route.abort()
        elif failure == "never arrived":
            route.abort()
        else:
            route.continue_()

    page.route("**/manage/round/1/results/*/", flaky_network)
    page.focus("#board-4")
    page.keyboard.press("=")
    page.keyboard.press("0")
    expect(page.locator("#board-4")).to_have_attribute("data-entry", "saved")
    expect(page.locator("#board-5")).to_have_attribute("data-entry", "saved")
    assert not failures  # both failures happened
    page.context.close()
    stored = dict(Game.objects.filter(round__tournament=tournament).values_list("board", "result"))
    entries = AuditEntry.objects.filter(tournament=tournament, entity="game").count()
    connection.close()
    assert (stored[4], stored[5], entries) == (Result.DRAW, Result.BLACK_WINS, 2)


def test_an_older_answer_arriving_last_leaves_the_newer_count(
    slow_server: SlowServer,
    chromium: Browser,
    client: Client,
) -> None:
    """Board 1's answer (read when 1 result was in) is held back until board 2's (2 in) has
    been shown: the page keeps "2 of 50" and the round's state of the later reading."""
    from playwright.sync_api import Route, expect

    page, tournament = results_page(chromium, slow_server, client, 1280)
    held: list[tuple[Route, object]] = []

    def hold_board_1(route: Route) -> None:
        held.append((route, route.fetch()))  # the server saves board 1 and answers now

    page.route("**/round/1/results/1/", hold_board_1)
    page.focus("#board-1")
    page.keyboard.press("1")
    expect(page.locator("#board-1")).to_have_attribute("data-entry", "pending")
    while not held:
        page.wait_for_timeout(50)
    page.keyboard.press("=")  # board 2
    expect(page.locator("#board-2")).to_have_attribute("data-entry", "saved")
    expect(page.locator("#results-progress")).to_contain_text(f"2 of {BOARDS} results in")
    route, answer = held[0]
    route.fulfill(response=answer)  # type: ignore[arg-type]
    expect(page.locator("#board-1")).to_have_attribute("data-entry", "saved")
    expect(page.locator("#results-progress")).to_contain_text(f"2 of {BOARDS} results in")
    page.context.close()
    stored = Game.objects.filter(round__tournament=tournament).exclude(result="").count()
    connection.close()
    assert stored == 2
