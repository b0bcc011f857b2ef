"""Issue 15 in a real Chromium: the arbiter enters a round's Chess960 position and a player's
manual tie-break value (two confirmation steps); screenshots at 1280 and 390 pixels
(var/screenshots/)."""

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
from tournaments.models import RoundState

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_arbiter_enters_a_chess960_position_and_a_manual_tie_break(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    tournament.chess960 = True
    tournament.save(update_fields=["chess960"])
    pair_round(tournament, 1, RoundState.PUBLISHED)
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    base = f"{live_server.url}/t/{tournament.slug}"

    context = session_context(chromium, live_server.url, session, 1280)
    page = context.new_page()
    page.goto(f"{base}/manage/round/1/results/")
    page.fill("input[name=position]", "518")
    page.click("text=Enter this position")
    expect(page.locator("#chess960-heading + p")).to_contain_text("RNBQKBNR")
    screenshot(page, "chess960-results-1280")
    page.goto(f"{base}/round/1/")
    expect(page.locator("#chess960")).to_contain_text("518")
    page.set_viewport_size({"width": 390, "height": 900})
    screenshot(page, "chess960-round-390")

    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{base}/manage/player/2/")
    page.fill("input[name=value]", "3.5")
    page.click("text=Save the value")
    expect(page.locator("#confirmation")).to_contain_text("Manual tie-break of")
    page.click("#confirmation button[type=submit]")
    expect(page.locator("#confirmation")).to_be_visible()
    screenshot(page, "manual-tiebreak-step2-1280")
    page.click("#confirmation button[type=submit]")
    expect(page.locator("[role=status], .message-success").first).to_contain_text("saved")
    screenshot(page, "manual-tiebreak-saved-1280")
    context.close()

    value = tournament.players.get(pairing_number=2).manual_tiebreak
    connection.close()  # opened beside Playwright's loop: close it before the database goes
    assert str(value) == "3.5000"
