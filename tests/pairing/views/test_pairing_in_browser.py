"""The pairing page in a real Chromium: pair from the keyboard, then screenshots of the waiting
run, the draft and the published round at 390 and 1280 pixels (var/screenshots/pairing-*)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from pairing import tasks
from tests.browser import session_context
from tests.factories import TournamentRoleFactory, UserFactory
from tests.pairing.fixtures import import_round_input
from tests.screenshots import screenshot
from tournaments.models import RoundState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_arbiter_pairs_reviews_and_publishes_a_round_from_the_keyboard(
    live_server: LiveServer, chromium: Any, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = import_round_input(3)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    url = f"{live_server.url}/t/{tournament.slug}/manage/round/3/pairing/"

    def page_at(width: int) -> Any:
        context = session_context(chromium, live_server.url, session, width)
        return context.new_page()

    # No worker: the run waits, and the page polls.
    sent: list[int] = []
    monkeypatch.setattr(tasks.pair_round_task, "delay", sent.append)
    page = page_at(390)
    page.goto(url)
    page.get_by_role("button", name="Pair round 3").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("text=Waiting for a worker")
    screenshot(page, "pairing-waiting-390")
    assert len(sent) == 1

    # The worker pairs the run; the polling fragment brings the draft in and stops.
    monkeypatch.undo()
    tasks.pair_round_task.delay(sent[0])
    page.wait_for_selector("text=Publish round 3", timeout=30000)
    screenshot(page, "pairing-draft-390")
    page.context.close()

    wide = page_at(1280)
    wide.goto(url)
    wide.locator(".engine-details summary").click()
    screenshot(wide, "pairing-draft-1280")
    wide.get_by_role("button", name="Swap colours on board 1").click()
    wide.wait_for_selector("text=The edit breaks 2 rules")
    screenshot(wide, "pairing-warning-1280")
    wide.get_by_role("button", name="Swap colours on board 1").click()
    wide.get_by_role("button", name="Publish round 3").click()
    wide.wait_for_selector("text=Round 3 is published.")
    screenshot(wide, "pairing-published-1280")
    wide.context.close()

    state = tournament.round_set.get(number=3).state
    # Playwright's greenlets gave these queries their own connection: close it, or the test
    # database could not be dropped at the end of the run.
    connection.close()
    assert state == RoundState.PUBLISHED
