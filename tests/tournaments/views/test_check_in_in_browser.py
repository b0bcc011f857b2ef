"""Issue 32, the check-in in a real Chromium at 1280 and 390 pixels: 30 players marked at the
desk with keys typed 30 ms apart (all saved, once each, the focus never lost), a player's own
check-in from a phone through the badge's QR address and a second phone refused, then the
absentees marked from the pairing page in one action. Screenshots in var/screenshots/."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tournaments.domain.check_in import shown_code
from tournaments.models import Bye, ByeKind, CheckIn, CheckInSource, CheckInStatus, PlayerStatus
from tournaments.selectors.check_in import player_code
from tournaments.services.check_in import check_in_settings_update

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = 30


def key_of(index: int) -> str:
    """The key typed for the `index`-th player of the list (by name): the 5th is absent, the
    9th withdraws, the 27th to 30th are not checked in, the others are present."""
    return {4: "a", 8: "w"}.get(index, "p")


@pytest.mark.parametrize("width", [1280, 390])
def test_the_desk_the_phone_and_the_absentees(
    live_server: LiveServer, chromium: Browser, client: Client, width: int
) -> None:
    from playwright.sync_api import expect

    cache.clear()
    arbiter = UserFactory.create(username=f"arbiter{width}")
    tournament = tournament_with_players(PLAYERS, rounds=5, arbiter=arbiter)
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=2, by=arbiter
    )
    client.force_login(arbiter)
    desk = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    page = desk.new_page()
    base = f"{live_server.url}/t/{tournament.slug}"
    page.goto(f"{base}/manage/round/1/check-in/")
    rows = page.locator("tr.check-in-row")
    expect(rows).to_have_count(PLAYERS)
    ids = rows.evaluate_all("rows => rows.map(row => row.id)")

    typed = PLAYERS - 4
    page.focus(f"#{ids[0]}")
    for index in range(typed):
        page.keyboard.press(key_of(index))
        page.wait_for_timeout(30)
        focused = page.evaluate("() => document.activeElement.id")
        assert focused == ids[index + 1]
    expect(page.locator("tr.check-in-row[data-entry=saved]")).to_have_count(typed)
    expect(page.locator("#entry-pending")).to_be_hidden()
    screenshot(page, f"check-in-desk-{width}", full_page=False)

    # A player among the last four checks in from a phone with the badge's QR address.
    number = int(ids[PLAYERS - 1].removeprefix("player-"))
    phone_player = tournament.players.get(pairing_number=number)
    code = shown_code(player_code(phone_player))
    phone = chromium.new_context(viewport={"width": 390, "height": 800})
    mobile = phone.new_page()
    mobile.goto(f"{base}/check-in/?code={code}")
    expect(mobile.locator("input[name=code]")).to_have_value(code)
    mobile.click(".check-in-form button[type=submit]")
    expect(mobile.locator(".check-in-done")).to_contain_text("you are checked in for round 1")
    screenshot(mobile, f"check-in-phone-{width}", full_page=False)
    other = chromium.new_context(viewport={"width": 390, "height": 800}).new_page()
    other.goto(f"{base}/check-in/")
    other.fill("input[name=code]", code.lower().replace("-", " "))
    other.click(".check-in-form button[type=submit]")
    expect(other.locator(".message-error")).to_contain_text("from another phone")
    screenshot(other, f"check-in-second-phone-{width}", full_page=False)

    page.goto(f"{base}/manage/round/1/pairing/")
    panel = page.locator("#check-in-panel")
    expect(panel).to_contain_text(f"{typed - 2 + 1} of {PLAYERS} players checked in.")
    expect(panel.locator("tbody tr")).to_have_count(2 + 3)
    screenshot(page, f"check-in-pairing-{width}")
    panel.locator("button[type=submit]").click()
    expect(page.locator(".message-success")).to_contain_text("5 players are left out of round 1.")
    expect(page.locator("#check-in-panel")).to_contain_text("Every player of the round")
    screenshot(page, f"check-in-absentees-marked-{width}", full_page=False)
    for context in (desk, phone, other.context):
        context.close()

    marks = dict(
        CheckIn.objects.filter(round__tournament=tournament).values_list(
            "player__pairing_number", "status"
        )
    )
    byes = Bye.objects.filter(round__tournament=tournament, kind=ByeKind.ZERO_POINT).count()
    withdrawn = tournament.players.filter(status=PlayerStatus.WITHDRAWN).count()
    phone_row = CheckIn.objects.get(player=phone_player)
    connection.close()
    cache.clear()
    assert list(marks.values()).count(CheckInStatus.PRESENT) == typed - 2 + 1
    assert list(marks.values()).count(CheckInStatus.NO_SHOW) == 3
    assert (byes, withdrawn) == (1 + 3, 1)
    assert phone_row.source == CheckInSource.PHONE
