"""Issue 32: no check-in key is lost. In Chromium against a live server that answers each
check-in post 300 ms late (a loaded server, a venue's Wi-Fi), 40 keys dispatched at once on 40
players, then two keys on one player, are all saved in order: each player's last key is the
mark stored, and each key went to the server once."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.db import connection
from django.test import Client
from django.test.testcases import LiveServerThread
from django.test.utils import modify_settings

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tournaments.models import CheckIn, CheckInStatus

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment
    from django.http.response import HttpResponseBase
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CHECK_IN_POST = re.compile(r"/manage/round/\d+/check-in/\d+/$")
PLAYERS = 40
POSTS: list[str] = []


class SlowCheckInPosts(StaticFilesHandler):
    """The live server's handler, counting each check-in post and answering it 300 ms late."""

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> HttpResponseBase:
        if environ["REQUEST_METHOD"] == "POST" and CHECK_IN_POST.search(environ["PATH_INFO"]):
            POSTS.append(environ["PATH_INFO"])
            time.sleep(0.3)
        return super().__call__(environ, start_response)


@pytest.fixture
def slow_url() -> Iterator[str]:
    thread: Any = LiveServerThread("127.0.0.1", SlowCheckInPosts)
    thread.daemon = True
    POSTS.clear()
    with modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"}):
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
        try:
            yield f"http://{thread.host}:{thread.port}"
        finally:
            thread.terminate()


def test_keys_dispatched_at_once_are_all_saved_in_order(
    slow_url: str, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="desk")
    tournament = tournament_with_players(PLAYERS, rounds=5, arbiter=arbiter)
    client.force_login(arbiter)
    context = session_context(chromium, slow_url, client.cookies["sessionid"].value, 1280)
    page = context.new_page()
    page.goto(f"{slow_url}/t/{tournament.slug}/manage/round/1/check-in/")
    rows = page.locator("tr.check-in-row")
    expect(rows).to_have_count(PLAYERS)
    first = rows.first.get_attribute("id")
    page.focus(f"#{first}")
    keys = "".join("ap"[index % 2] for index in range(PLAYERS))
    # All 40 keydowns in one task of the page: none can have been answered before the last.
    page.evaluate(
        """keys => { for (const key of keys) {
             const event = new KeyboardEvent('keydown', {key, bubbles: true});
             document.activeElement.dispatchEvent(event);
           } }""",
        keys,
    )
    # Then two keys on the first player at once: absent, then withdraws, then present.
    page.evaluate(
        """id => { const row = document.getElementById(id);
             for (const key of ['w', 'p']) {
               row.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
           } }""",
        first,
    )
    expect(page.locator("tr.check-in-row[data-entry=saved]")).to_have_count(PLAYERS)
    expect(page.locator("#entry-pending")).to_be_hidden()
    expect(page.locator(f"#{first}")).to_have_attribute("data-status", "present")
    expect(page.locator("#check-in-count")).to_contain_text(f"{PLAYERS // 2 + 1} of {PLAYERS}")
    screenshot(page, "check-in-queue-1280", full_page=False)
    context.close()
    marks = dict(
        CheckIn.objects.filter(round__tournament=tournament).values_list(
            "player__pairing_number", "status"
        )
    )
    first_number = int(str(first).removeprefix("player-"))
    connection.close()
    assert len(POSTS) == PLAYERS + 2  # each key sent once
    assert marks[first_number] == CheckInStatus.PRESENT
    assert sorted(marks.values()).count(CheckInStatus.ABSENT) == PLAYERS // 2 - 1
    assert sorted(marks.values()).count(CheckInStatus.PRESENT) == PLAYERS // 2 + 1
