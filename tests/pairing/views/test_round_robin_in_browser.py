"""A 6-player round robin played end to end in a real Chromium (issue 19, C.05 Annex 1): the
arbiter creates it, registers the players, draws the numbers by lot, pairs, publishes and enters
the results of each round from the Berger tables, then reads the standings and the cross table;
screenshots at 1280 and 390 pixels (var/screenshots/round-robin-*)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from pairing.roundrobin.berger import schedule_round
from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tournaments.models import Tournament, TournamentStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = (
    "Aronian, Levon",
    "Caruana, Fabiano",
    "Ding, Liren",
    "Giri, Anish",
    "So, Wesley",
    "Vachier-Lagrave, Maxime",
)
KEYS = ("1", "=", "0")
"""The result keys of the boards, in turn: White wins, draw, Black wins."""


def shot(page: Page, name: str) -> None:
    screenshot(page, f"round-robin-{name}")


def test_a_six_player_round_robin_is_played_from_the_browser(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    page = session_context(chromium, live_server.url, session, 1280).new_page()

    page.goto(f"{live_server.url}/manage/new/")
    page.fill("input[name=name]", "Club championship")
    page.select_option("select[name=format]", "round_robin")
    shot(page, "create-1280")
    page.get_by_role("button", name="Create the tournament").click()
    expect(page.locator("#register-heading")).to_be_visible()
    for index, name in enumerate(PLAYERS):
        page.fill("#register-form input[name=name]", name)
        page.fill("#register-form input[name=rating]", str(2700 + 10 * index))
        page.click("#register-form button[type=submit]")
        expect(page.locator("body")).to_contain_text(name)
    slug = Tournament.objects.get().slug
    base = f"{live_server.url}/t/{slug}"

    page.goto(f"{base}/manage/")
    expect(page.locator("body")).to_contain_text("draw the pairing numbers")
    page.get_by_role("link", name="Pairing numbers").first.click()
    page.get_by_role("button", name="Draw the numbers by lot").click()
    expect(page.locator("body")).to_contain_text("5 rounds")
    shot(page, "numbers-1280")

    for number in range(1, 6):
        page.goto(f"{base}/manage/round/{number}/pairing/")
        page.get_by_role("button", name=f"Pair round {number}").click()
        publish = page.get_by_role("button", name=f"Publish round {number}")
        expect(publish).to_be_visible()
        if number == 1:
            shot(page, "draft-1280")
        publish.click()
        expect(page.locator("body")).to_contain_text(f"Round {number} is published.")
        page.goto(f"{base}/manage/round/{number}/results/")
        page.focus("#board-1")
        for board in range(1, 4):
            key = KEYS[(number + board) % 3]
            page.keyboard.press(key)
            expect(page.locator(f"#board-{board} .key-on")).to_have_attribute("data-key", key)
            expect(page.locator(f"#board-{min(board + 1, 3)}")).to_be_focused()
        if number == 5:
            shot(page, "results-1280")

    page.goto(f"{base}/standings/")
    expect(page.locator("table.standings")).to_be_visible()
    shot(page, "standings-1280")
    page.goto(f"{base}/crosstable/")
    expect(page.locator("table.round-robin")).to_be_visible()
    shot(page, "crosstable-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    shot(page, "crosstable-390")
    page.context.close()

    tournament = Tournament.objects.get()
    boards = _boards(tournament)
    connection.close()  # opened beside Playwright's loop: close it before the database goes
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.rounds == 5
    for number in range(1, 6):
        scheduled = schedule_round(6, number, cycles=1, swap_last_two=True)
        assert boards[number] == [(b.white, b.black) for b in scheduled.boards]


def _boards(tournament: Tournament) -> dict[int, Any]:
    return {
        rnd.number: list(
            rnd.games.order_by("board").values_list(
                "white__pairing_number", "black__pairing_number"
            )
        )
        for rnd in tournament.round_set.all()
    }
