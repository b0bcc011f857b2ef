"""Issue 31, deliverable 4 in a real Chromium at 390 and 1280 pixels: the dashboard's "Next:"
link and the rating report's reminder, the draft's list of who is not paired, a locked round's
keys, and the settings without the double round robin's option for a Swiss. Screenshots in
var/screenshots/."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import PlayerFactory, UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tournaments.models import Bye, ByeKind, PlayerStatus, RoundState

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_arbiters_pages(
    live_server: LiveServer, chromium: Browser, client: Client, width: int
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)
    play_rounds(tournament, 4, published=False)  # rounds 1-4 completed: round 1 locked
    draft = pair_round(tournament, 5, RoundState.PAIRED)
    late = PlayerFactory.create(tournament=tournament, pairing_number=9, name="Late, Lea")
    Bye.objects.create(round=draft, player=late, kind=ByeKind.HALF_POINT)
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=10,
        name="Gone, Gil",
        status=PlayerStatus.WITHDRAWN,
        withdrawn_from_round=5,
    )
    client.force_login(arbiter)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    page = context.new_page()
    base = f"{live_server.url}/t/{tournament.slug}/manage"

    page.goto(f"{base}/")
    expect(page.locator(".report-reminder")).to_contain_text("The rating report still needs")
    screenshot(page, f"dashboard-next-{width}", full_page=False)
    page.click(".next-step a")
    expect(page.locator("h1")).to_have_text("Round 5 pairing")

    page.goto(f"{base}/round/5/pairing/")
    listed = page.locator(".not-paired")
    expect(listed).to_contain_text("Late, Lea · Half-point bye")
    expect(listed).to_contain_text("Gone, Gil · Withdrawn from round 5")
    listed.scroll_into_view_if_needed()
    screenshot(page, f"draft-not-paired-{width}", full_page=False)

    page.goto(f"{base}/round/1/results/")
    key = page.locator("#board-1 button[data-key='=']")
    assert key.evaluate("b => getComputedStyle(b).cursor") == "not-allowed"
    page.focus("#board-1")
    page.keyboard.press("=")
    expect(page.locator("#board-1")).to_have_attribute("data-entry", "refused")
    screenshot(page, f"results-locked-{width}", full_page=False)

    page.goto(f"{base}/edit/")
    expect(page.locator("#id_swap_last_two_rounds")).to_be_hidden()
    page.select_option("#id_format", "double_round_robin")
    expect(page.locator("#id_swap_last_two_rounds")).to_be_visible()
    context.close()
    connection.close()
