"""Pairing a round entirely by hand in a real Chromium (VCL4THP Q63-Q69): Edit pairings, two
boards and the bye from the page, then Validate pairings through the Level-4 comparison with the
engine. Screenshots at 390 and 1280 pixels: manual-pairing-*.png (to be looked at,
tests/screenshots.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tournaments.models import ByeKind, IntegrityEventKind, RoundState

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_an_arbiter_pairs_a_round_by_hand_and_validates_it(
    live_server: LiveServer, chromium: Browser, client: Client, width: int
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = tournament_with_players(5, rounds=3, arbiter=arbiter)
    client.force_login(arbiter)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/pairing/")

    page.click("text=Edit pairings (pair by hand)")
    expect(page.locator(".manual-pairing")).to_contain_text("5 players to pair")
    page.click("button:text-is('Pair')")  # 1 (White) – 2, the first two unpaired
    expect(page.locator(".manual-pairing")).to_contain_text("3 players to pair")
    screenshot(page, f"manual-pairing-session-{width}")
    page.click("button:text-is('Pair')")  # 3 – 4
    expect(page.locator(".manual-pairing")).to_contain_text("1 player to pair")
    page.click("text=Give the bye")  # 5
    expect(page.locator(".manual-pairing")).to_contain_text("Every player to pair")
    screenshot(page, f"manual-pairing-edit-{width}")

    page.click("text=Validate pairings")
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text("step 1 of 2")
    expect(dialog).to_contain_text("differs from the engine")
    screenshot(page, f"manual-pairing-validate-{width}")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_contain_text("step 2 of 2")
    dialog.locator("button[type=submit]").click()

    expect(page.locator(".round-state-published")).to_be_visible()
    screenshot(page, f"manual-pairing-published-{width}")
    context.close()
    rnd = tournament.round_set.get(number=1)
    boards = list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )
    bye = rnd.byes.get(kind=ByeKind.PAIRING_ALLOCATED).player.pairing_number
    validated = tournament.integrity_events.filter(
        kind=IntegrityEventKind.MANUAL_PAIRING, details__startswith="validated by hand"
    ).exists()
    connection.close()
    assert rnd.state == RoundState.PUBLISHED
    assert sorted(boards) == [(1, 2), (3, 4)] and bye == 5
    assert validated
