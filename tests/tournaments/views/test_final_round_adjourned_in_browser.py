"""The last round's adjourned game in a real Chromium (issue 29; checklist Q161, Q169): the
arbiter presses `a` on a board of the last round, the Level-2 notice says the standings will be
provisional, and after "Go on" the public standings say so and name the game (screenshots
final-round-adjourned-*.png, to be looked at: tests/screenshots.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tests.tournaments.views.test_confirmation_in_browser import logged_in_page
from tournaments.models import Game, Result

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_adjourning_the_last_rounds_game_warns_and_the_standings_say_provisional(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(6, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 2).games.exclude(board=1).update(result=Result.WHITE_WINS)
    context, page = logged_in_page(chromium, live_server, client, arbiter, 1280)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/3/results/")
    page.focus("#board-1")
    page.keyboard.press("a")

    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text("Adjourn board 1 of round 3, the last round?")
    expect(dialog).to_contain_text("Level 2")
    expect(dialog).to_contain_text("provisional, not final")
    screenshot(page, "final-round-adjourned-notice", full_page=False)
    dialog.locator("input[type=checkbox]").check()  # "I have read this"
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#board-1 td.result")).to_contain_text("Adj")

    page.goto(f"{live_server.url}/t/{tournament.slug}/standings/")
    notice = page.locator("#provisional-standings")
    expect(notice).to_contain_text("Provisional standings after round 3 of 3")
    expect(notice).to_contain_text("round 3, board 1")
    expect(notice).to_contain_text("adjourned")
    screenshot(page, "final-round-adjourned-standings")
    context.close()
    result = Game.objects.get(round__number=3, board=1).result
    connection.close()
    assert result == Result.ADJOURNED
