"""Baku acceleration in a real Chromium (issue 19, C.04.7): the arbiter creates an accelerated
tournament, pairs round 1 (group A, the first 6 of 10, is paired within itself), sees the
pairing scores with the virtual points, and cannot remove the acceleration once round 1 is
paired (checklist Q109); screenshots in var/screenshots/baku-*."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import expect
from pytest_django.live_server_helper import LiveServer

from pairing import tasks
from tests.browser import session_context
from tests.factories import PlayerFactory, UserFactory
from tests.screenshots import screenshot
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_arbiter_creates_an_accelerated_tournament_and_pairs_round_1(
    live_server: LiveServer, chromium: Any, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    context = session_context(chromium, live_server.url, session, 1280)
    page = context.new_page()

    page.goto(f"{live_server.url}/manage/new/")
    page.fill("#id_name", "Baku Open")
    page.fill("#id_rounds", "7")
    page.check("#id_baku_acceleration")
    page.select_option("#id_initial_color", "W")  # entered, not drawn: the colours below
    page.locator("legend", has_text="Pairing rules").scroll_into_view_if_needed()
    screenshot(page, "baku-new-tournament-1280", full_page=False)
    page.get_by_role("button", name="Create the tournament").click()
    page.wait_for_url(re.compile(r"/t/[^/]+/manage/"))  # the new tournament's dashboard
    tournament = Tournament.objects.get(name="Baku Open")
    for number in range(1, 11):
        PlayerFactory.create(
            tournament=tournament, pairing_number=number, fide_rating=2500 - 10 * number
        )

    sent: list[int] = []
    monkeypatch.setattr(tasks.pair_round_task, "delay", sent.append)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/pairing/")
    page.get_by_role("button", name="Pair round 1").click()
    page.wait_for_selector("text=Waiting for a worker")
    monkeypatch.undo()
    tasks.pair_round_task.delay(sent[0])
    page.wait_for_selector("text=Publish round 1", timeout=30000)
    expect(page.locator("table.draft caption")).to_contain_text("virtual points")
    screenshot(page, "baku-round-1-draft-1280")

    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/edit/")
    page.uncheck("#id_baku_acceleration")
    page.get_by_role("button", name="Save", exact=True).click()
    locked = page.get_by_text("Baku acceleration can no longer be switched on or off")
    expect(locked).to_be_visible()
    screenshot(page, "baku-locked-1280")
    context.close()

    pairs = set(
        tournament.round_set.get(number=1).games.values_list(
            "white__pairing_number", "black__pairing_number"
        )
    )
    accelerated = Tournament.objects.get(pk=tournament.pk).baku_acceleration
    connection.close()  # opened beside Playwright's loop: close it before the database goes
    assert pairs == {(1, 4), (5, 2), (3, 6), (7, 9), (10, 8)}
    assert accelerated
