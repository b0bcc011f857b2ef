"""The tournament pages in a real Chromium: keyboard result entry, and screenshots of every
page at 390 and 1280 pixels (var/screenshots/, to be looked at)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from pairing.services.trf_import import tournament_import_trf
from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import WORKED_EXAMPLE, pair_round
from tournaments.models import ByeKind, Game, Result, RoundState, Tournament
from tournaments.services.availability import bye_request
from tournaments.services.pairing_numbers import tournament_assign_pairing_numbers
from tournaments.services.players import PlayerData, player_register
from tournaments.services.results import game_enter_result
from tournaments.services.tournaments import TournamentSettings, tournament_create

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    ("Carlsen, Magnus", 2830, "GM"),
    ("Rossi, Mario", 2412, "IM"),
    ("Bianchi, Anna", 2301, "WGM"),
    ("Verdi, Luca", 2250, "FM"),
    ("Neri, Giulia", 2104, ""),
    ("Esposito, Francesco Maria", 1987, ""),
    ("Romano, Chiara", 1876, ""),
    ("Colombo, Pietro", 0, ""),
]


PUBLIC_PAGES = {"tournament", "round", "player"}
SCROLL_WIDTH = "document.scrollingElement.scrollWidth"


def running_tournament(arbiter: User) -> Tournament:
    """Round 1 completed, round 2 published with one result in, a half-point bye in round 3."""
    tournament = tournament_create(
        settings=TournamentSettings(name="Bologna Spring Open", city="Bologna", federation="ITA"),
        by=arbiter,
    )
    for name, rating, title in NAMES:
        player_register(
            tournament=tournament,
            data=PlayerData(name=name, rating=rating, title=title),
            by=arbiter,
        )
    tournament_assign_pairing_numbers(tournament=tournament, by=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    for game, result in zip(
        Game.objects.filter(round__number=1).order_by("board"),
        [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_WINS_FORFEIT],
        strict=True,
    ):
        game_enter_result(game=game, result=result, by=arbiter, expected_previous="")
    second = tournament.round_set.get(number=2)
    players = {player.pairing_number: player for player in tournament.players.all()}
    for board, (white, black) in enumerate([(3, 1), (2, 5), (6, 4), (8, 7)], start=1):
        Game.objects.create(round=second, board=board, white=players[white], black=players[black])
    second.state = RoundState.PUBLISHED
    second.save()
    first = Game.objects.get(round__number=2, board=1)
    game_enter_result(game=first, result=Result.DRAW, by=arbiter, expected_previous="")
    bye_request(
        player=tournament.players.get(pairing_number=5),
        round_number=3,
        kind=ByeKind.HALF_POINT,
        by=arbiter,
    )
    return tournament


def test_every_page_renders_and_results_are_entered_from_the_keyboard(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter", is_staff=True)  # also sees the exports
    tournament = running_tournament(arbiter)
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    slug = tournament.slug
    pages = {
        "tournament": f"/t/{slug}/",
        "round": f"/t/{slug}/round/2/",
        "player": f"/t/{slug}/player/1/",
        "manage-new": "/manage/new/",
        "manage-dashboard": f"/t/{slug}/manage/",
        "manage-edit": f"/t/{slug}/manage/edit/",
        "manage-players": f"/t/{slug}/manage/players/",
        "manage-player": f"/t/{slug}/manage/player/5/",
        "manage-results": f"/t/{slug}/manage/round/2/results/",
        "exports": "/exports/",
    }
    browser = chromium
    for width in (390, 1280):
        context = session_context(browser, live_server.url, session, width)
        page = context.new_page()
        for name, path in pages.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, path
            screenshot(page, f"{name}-{width}")
            if name in PUBLIC_PAGES:
                assert page.evaluate(SCROLL_WIDTH) <= width, path
        context.close()

    context = session_context(browser, live_server.url, session, 1280)
    page = context.new_page()
    page.goto(live_server.url + pages["manage-results"])
    page.focus("#board-2")
    page.keyboard.press("1")
    expect(page.locator("#board-3")).to_be_focused()
    page.keyboard.press("*")
    expect(page.locator("#board-4")).to_be_focused()
    page.keyboard.press("ArrowUp")
    page.keyboard.press("=")  # a correction on a row the server has answered: confirmed first
    page.click("dialog#confirmation button[type=submit]")
    expect(page.locator("#board-3")).to_be_focused()
    expect(page.locator("#board-3 .key-on")).to_have_attribute("data-key", "=")
    progress = page.text_content("#results-progress") or ""
    assert " ".join(progress.split()) == "3 of 4 results in"
    context.close()

    results = dict(Game.objects.filter(round__number=2).values_list("board", "result"))
    # Playwright's greenlets gave this query its own connection: close it, or the test
    # database could not be dropped at the end of the run.
    connection.close()
    assert (results[2], results[3]) == (Result.WHITE_WINS, Result.DRAW)


def test_the_player_card_and_round_page_fit_a_phone_without_sideways_scrolling(
    live_server: LiveServer, chromium: Browser
) -> None:
    tournament = tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))
    slug = tournament.slug
    page = chromium.new_page(viewport={"width": 390, "height": 900})
    # 12 was absent in round 2 (the longest result); 11 lost round 3 by forfeit.
    for name, path in [
        ("player-absent", f"/t/{slug}/player/12/"),
        ("player-forfeit", f"/t/{slug}/player/11/"),
        ("round-forfeit", f"/t/{slug}/round/3/"),
    ]:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        screenshot(page, f"{name}-390")
        assert page.evaluate(SCROLL_WIDTH) <= 390, path
        if name == "player-absent":
            absence = page.locator(".card-table .card-result-inline").nth(1)
            assert absence.is_visible() and absence.inner_text() == "Zero-point bye (absence)"
            total = page.locator(".card-table tbody tr").nth(1).locator("td.num").last
            box = total.bounding_box()
            assert box is not None and box["x"] + box["width"] <= 390
            assert page.locator('.card-table [title="down-float"]').count() == 2
    page.close()
    connection.close()


def test_pairings_and_standings_print_without_the_site_around_them(
    live_server: LiveServer, chromium: Browser
) -> None:
    tournament = tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    for name, path in [
        ("print-round", f"/t/{tournament.slug}/round/3/"),
        ("print-standings", f"/t/{tournament.slug}/standings/"),
    ]:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        page.evaluate("window.print = () => { window.printed = true; }")
        page.click("[data-print]")
        assert page.evaluate("window.printed === true"), path
        page.emulate_media(media="print")
        for hidden in (".site-header", ".site-footer", ".tabs", ".round-nav"):
            if page.locator(hidden).count():
                assert not page.locator(hidden).first.is_visible(), (path, hidden)
        assert page.locator("table").first.is_visible()
        assert tournament.name in page.locator(".breadcrumb").first.inner_text()
        screenshot(page, f"{name}-1280")
        pdf = page.pdf(format="A4")
        assert pdf.startswith(b"%PDF")
        page.emulate_media(media="screen")
    page.close()
    connection.close()
