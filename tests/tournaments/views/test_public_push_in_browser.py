"""The public pages in a real Chromium (issue 22): a phone on the round page sees a result the
moment it is entered (push), and a 1000-player round opens on its first boards with a search
(screenshots at 390 and 1280 px in var/screenshots/, to be looked at)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import override_settings
from pytest_django.live_server_helper import LiveServer

from tests.factories import RoundFactory, TournamentFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Game, Player, Result, RoundState
from tournaments.services.results import game_enter_result

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@override_settings(PUBLIC_PUSH_SECONDS=3)
def test_a_result_entered_appears_on_the_round_page_without_a_reload(
    live_server: LiveServer, chromium: object, arbiter: User
) -> None:
    from playwright.sync_api import expect

    tournament = tournament_with_players(4, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    page = chromium.new_page(viewport={"width": 390, "height": 800})  # type: ignore[attr-defined]
    with page.expect_response(lambda response: response.url.endswith("/events/")):
        page.goto(f"{live_server.url}/t/{tournament.slug}/round/1/")
    page.wait_for_timeout(500)  # the stream's first event (the version shown) is read
    boards = page.locator("#round-boards")
    expect(boards).not_to_contain_text("1-0")

    game = Game.objects.get(round__tournament=tournament, board=1)
    game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="")

    expect(boards).to_contain_text("1-0", timeout=15_000)  # long before the 30 s poll
    page.close()


def test_a_1000_player_round_opens_on_its_first_boards_and_finds_a_player(
    live_server: LiveServer, chromium: object
) -> None:
    from playwright.sync_api import expect

    tournament = TournamentFactory.create(name="Big Open", rounds=2)
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            pairing_number=number,
            name=f"Player{number:04d}, Firstname",
            fide_rating=2700 - number,
            federation="ITA",
        )
        for number in range(1, 1001)
    )
    rnd = RoundFactory.create(tournament=tournament, number=1, state=RoundState.PUBLISHED)
    RoundFactory.create(tournament=tournament, number=2)
    Game.objects.bulk_create(
        Game(round=rnd, board=board, white=players[2 * board - 2], black=players[2 * board - 1])
        for board in range(1, 501)
    )
    for width in (390, 1280):
        page = chromium.new_page(viewport={"width": width, "height": 900})  # type: ignore[attr-defined]
        page.goto(f"{live_server.url}/t/{tournament.slug}/round/1/")
        expect(page.locator("table.pairings tbody tr")).to_have_count(50)
        screenshot(page, f"round-1000-{width}", full_page=False)
        page.get_by_label("Find a player").fill("0777")
        page.get_by_role("button", name="Find").click()
        expect(page.locator("table.pairings tbody tr")).to_have_count(1)
        expect(page.locator("table.pairings")).to_contain_text("Player0778, Firstname")
        screenshot(page, f"round-1000-search-{width}", full_page=False)
        page.close()
