"""Issue 31, deliverable 3 in a real Chromium at 390 and 1280 pixels: a player's card shows the
board of the round in play and the current rank; "This is me" (kept in the browser, no login)
puts that player's board first on the tournament page, which opens on the round in play.
Screenshots in var/screenshots/."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.db import connection
from pytest_django.live_server_helper import LiveServer

from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import play_rounds

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_player_finds_their_board_and_rank(
    live_server: LiveServer, chromium: Browser, width: int
) -> None:
    from playwright.sync_api import expect

    tournament = tournament_with_players(8, rounds=5)
    play_rounds(tournament, 1)  # round 1 completed, round 2 in play: 3 (White) - 4 on board 2
    opponent = tournament.players.get(pairing_number=4).name
    name = tournament.players.get(pairing_number=3).name
    connection.close()
    base = f"{live_server.url}/t/{tournament.slug}"
    context = chromium.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()

    page.goto(f"{base}/")
    in_play = page.locator(".in-play")
    expect(in_play).to_contain_text("Round 2 is in play")
    first, qr = in_play.bounding_box(), page.locator(".qr").bounding_box()
    assert first is not None and qr is not None and first["y"] < qr["y"]  # the round first
    expect(page.locator("#player-now")).to_be_hidden()  # nobody chose "this is me" yet

    page.goto(f"{base}/player/3/")
    now = page.locator("#player-now")
    expect(now.locator(".player-now-round")).to_contain_text(
        f"Round 2: board 2, White against {opponent}"
    )
    expect(page.locator("#player-rank")).to_contain_text("of 8 after round 1")
    page.click("text=This is me")
    expect(now).to_contain_text("This is you on this device")
    screenshot(page, f"venue-card-{width}", full_page=False)

    page.goto(f"{base}/")
    mine = page.locator(".in-play #player-now")
    expect(mine).to_contain_text(name)
    expect(mine).to_contain_text(f"board 2, White against {opponent}")
    expect(mine.locator("#player-rank")).to_contain_text("after round 1")
    screenshot(page, f"venue-tournament-{width}", full_page=False)

    page.goto(f"{base}/player/3/")
    page.click("text=Forget")
    page.goto(f"{base}/")
    expect(page.locator("#player-now")).to_be_hidden()
    context.close()
