"""Issue 15: each new result (½-0, 0-½, 0-0, and the not-rated W/D/L) entered from the keyboard in
a real Chromium; screenshots of the "More" keys at 1280 and 390 pixels (var/screenshots/)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tests.tournaments.views.test_unusual_results import NEW_RESULTS
from tournaments.models import Game, RoundState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_each_new_result_is_entered_from_the_keyboard(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(2 * len(NEW_RESULTS), arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    url = f"{live_server.url}/t/{tournament.slug}/manage/round/1/results/"

    context = session_context(chromium, live_server.url, session, 1280)
    page = context.new_page()
    page.goto(url)
    page.focus("#board-1")
    for board, (_, key, _) in enumerate(NEW_RESULTS, start=1):
        page.keyboard.press(key)
        expect(page.locator(f"#board-{board} .key-on")).to_have_attribute("data-key", key)
        # The focus moves on once the answered row has settled: the next key goes there.
        following = min(board + 1, len(NEW_RESULTS))
        expect(page.locator(f"#board-{following}")).to_be_focused()
    page.click("#board-1 .more-results summary")
    screenshot(page, "results-more-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    screenshot(page, "results-more-390")
    context.close()

    entered = dict(Game.objects.values_list("board", "result"))
    connection.close()  # opened beside Playwright's loop: close it before the database goes
    assert entered == {board: result for board, (result, _, _) in enumerate(NEW_RESULTS, 1)}
