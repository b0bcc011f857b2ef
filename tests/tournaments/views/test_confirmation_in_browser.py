"""The confirmation dialog in a real Chromium: a Level-4 walk (leaving FIDE mode, changing the
rounds after the start) and a Level-3 correction from the keyboard, with screenshots of the
dialog at 390 and 1280 pixels (confirmation-*.png, to be looked at, tests/screenshots.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tournaments.models import Game, IntegrityEventKind, Result, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WIDTHS = (390, 1280)


def logged_in_page(
    chromium: Browser, live_server: LiveServer, client: Client, user: User, width: int
) -> tuple[BrowserContext, Page]:
    client.force_login(user)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    return context, context.new_page()


def running(arbiter: User, name: str) -> Tournament:
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)
    tournament.name = name
    tournament.save()
    play_rounds(tournament, 1)
    return tournament


@pytest.mark.parametrize("width", WIDTHS)
def test_leaving_fide_mode_walks_both_steps_of_the_dialog(
    live_server: LiveServer, chromium: Browser, client: Client, width: int
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = running(arbiter, "Bologna Rated Open")
    context, page = logged_in_page(chromium, live_server, client, arbiter, width)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/fide-mode/")
    expect(page.locator(".site-header .fide-badge")).to_have_text("FIDE mode")

    page.click("text=Leave FIDE mode…")
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("step 1 of 2")
    assert dialog.evaluate("d => d.matches(':modal')")
    screenshot(page, f"confirmation-level4-step1-{width}", full_page=False)
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_contain_text("step 2 of 2")
    expect(dialog).to_contain_text("this cannot be undone")
    screenshot(page, f"confirmation-level4-step2-{width}", full_page=False)
    dialog.locator("button[type=submit]").click()

    expect(page.locator(".fide-mode-off")).to_be_visible()
    expect(page.locator(".site-header .fide-badge")).to_have_text("Not FIDE mode")
    screenshot(page, f"confirmation-left-{width}")
    context.close()
    tournament.refresh_from_db()
    events = list(tournament.integrity_events.values_list("kind", flat=True))
    connection.close()
    assert not tournament.fide_mode and events == [IntegrityEventKind.FIDE_MODE_EXIT]


def test_cancel_closes_the_dialog_and_changes_nothing(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    tournament = running(arbiter, "Cancelled Open")
    context, page = logged_in_page(chromium, live_server, client, arbiter, 1280)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/edit/")
    page.fill("#id_rounds", "6")
    page.click("text=Save")
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text("Change the number of rounds from 5 to 6?")
    dialog.locator("text=Cancel").click()
    expect(dialog).to_have_count(0)
    expect(page.locator("#id_rounds")).to_have_value("6")  # the form keeps what was typed

    page.click("text=Save")
    dialog.locator("button[type=submit]").click()
    expect(dialog).to_contain_text("step 2 of 2")
    screenshot(page, "confirmation-rounds-step2-1280", full_page=False)
    dialog.locator("button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("Cancelled Open")  # the dashboard
    context.close()
    tournament.refresh_from_db()
    connection.close()
    assert tournament.rounds == 6


def test_a_correction_from_the_keyboard_is_confirmed_in_the_dialog(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    tournament = running(arbiter, "Keyboard Open")
    context, page = logged_in_page(chromium, live_server, client, arbiter, 390)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/results/")
    page.focus("#board-2")
    page.keyboard.press("=")
    dialog = page.locator("dialog#confirmation")
    expect(dialog).to_contain_text("Correct round 1, board 2 (3 - 4): 1-0 → ½-½?")
    screenshot(page, "confirmation-level3-390", full_page=False)
    dialog.locator("button[type=submit]").click()

    expect(dialog).to_have_count(0)
    expect(page.locator("#board-2 td.result strong")).to_have_text("½-½")
    expect(page.locator("#board-2 .entry-status")).to_have_text("Saved")
    expect(page.locator("#board-2")).to_be_focused()
    context.close()
    result = Game.objects.get(round__number=1, board=2).result
    connection.close()
    assert result == Result.DRAW
