"""Issue 31, deliverable 2 in a real Chromium at 1280 and 390 pixels: the "missing results"
filter, a jump to a board by its number, the boards of a player found by name, and a game
played with the colours reversed recorded from the board's "More" (the dialog, then the board
with the colours as played and the result standing). Screenshots in var/screenshots/."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Game, Player, Result, RoundState

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [1280, 390])
def test_the_fast_paths_of_the_result_entry(
    live_server: LiveServer, chromium: Browser, client: Client, width: int
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = tournament_with_players(24, rounds=5, arbiter=arbiter)
    Player.objects.filter(tournament=tournament, pairing_number=15).update(name="Žukova, Ana")
    pair_round(tournament, 1, RoundState.PUBLISHED)
    Game.objects.filter(round__tournament=tournament, board__lte=9).update(result=Result.WHITE_WINS)
    sixth = Player.objects.get(tournament=tournament, pairing_number=6).name
    client.force_login(arbiter)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/results/")
    rows = page.locator("tr.result-row:visible")
    expect(rows).to_have_count(12)
    help_open = page.locator("details.help").evaluate("d => d.open")
    assert help_open is (width > 400)  # the keyboard help is closed on a phone

    page.check("#results-missing")
    expect(rows).to_have_count(3)  # boards 10-12
    expect(rows.first).to_have_id("board-10")
    screenshot(page, f"results-missing-{width}")
    page.uncheck("#results-missing")

    page.focus("#board-1")
    page.keyboard.press("/")
    expect(page.locator("#results-find")).to_be_focused()
    page.keyboard.type("11")
    expect(rows).to_have_count(1)
    page.keyboard.press("Enter")
    expect(page.locator("#board-11")).to_be_focused()
    expect(rows).to_have_count(12)  # the jump shows every board again
    page.keyboard.press("=")
    expect(page.locator("#board-11")).to_have_attribute("data-entry", "saved")

    page.fill("#results-find", "zukova")  # accents and case ignored
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_id("board-8")
    screenshot(page, f"results-find-{width}")
    page.locator("#results-find").press("Escape")
    expect(rows).to_have_count(12)

    board = page.locator("#board-3")
    board.locator("summary").click()
    board.locator("button.key-colours").click()
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text(f"Round 1, board 3: did {sixth} play White?")
    expect(dialog).not_to_contain_text("VCL4THP")
    screenshot(page, f"results-colours-dialog-{width}", full_page=False)
    dialog.locator("button[type=submit]").click()
    expect(page.locator(".message-success, [role=status]").first).to_contain_text(
        "Board 3 is recorded as played"
    )
    expect(page.locator("#board-3 td.name").first).to_contain_text(sixth)
    expect(page.locator("#board-3 td.result strong")).to_have_text("0-1")
    screenshot(page, f"results-colours-done-{width}", full_page=False)
    context.close()
    stored = dict(Game.objects.filter(round__tournament=tournament).values_list("board", "result"))
    game = Game.objects.select_related("white").get(round__tournament=tournament, board=3)
    connection.close()
    assert stored[11] == Result.DRAW
    assert (game.white.pairing_number, game.result) == (6, Result.BLACK_WINS)
