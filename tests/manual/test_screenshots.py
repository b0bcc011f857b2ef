"""The user manual's screenshots (docs/manual/screenshots/), made in a real Chromium by walking
the workflows the manual describes, so that the pictures show the application as it is. The suite
walks them and writes the pictures to a temporary folder; `make screenshots` writes them to the
manual (tests/screenshots.py).

`SCREENSHOTS` names every picture these tests write; `test_manual_pages.py` checks that every
picture a manual page shows is one of them. Pages are asked for in English (the manual's
language), 1024 pixels wide for the arbiters' and officers' pages, 390 for the players' phones.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterator

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client, override_settings
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import TournamentRoleFactory, UserFactory
from tests.pairing.fixtures import ROUNDS, import_round_input
from tests.screenshots import screenshot
from tournaments.models import FederationOfficer, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True, reset_sequences=True)]
"""Sequences reset: the standings' drawing of lots is seeded by the tournament's id, which the
pictures show ("seeded “tournament 1”"), whatever tests ran before."""

SCREENSHOTS: tuple[str, ...] = (
    "signup",
    "new-tournament",
    "dashboard",
    "players",
    "late-entry",
    "renumber-dialog",
    "player",
    "bye-requested",
    "full-point-bye-notice",
    "arbiters",
    "fide-mode",
    "leave-fide-mode-dialog",
    "report-details",
    "pairing-draft",
    "pairing-warning",
    "pairing-explanation",
    "pairing-by-hand",
    "pairing-published",
    "results",
    "results-more",
    "correction-dialog",
    "missing-results-notice",
    "adjournment-dialog",
    "results-locked",
    "rating-only-correction",
    "integrity-log",
    "chess960",
    "baku-draft",
    "check-in-desk",
    "check-in-phone",
    "check-in-absentees",
    "round-robin-numbers",
    "round-robin-crosstable",
    "standings",
    "print-menu",
    "print-round",
    "dashboard-exports",
    "import-preview",
    "import-refused",
    "import-warning",
    "rating-lists",
    "rating-report",
    "exports",
    "phone-tournament",
    "phone-round",
    "phone-player",
    "phone-standings",
    "event-page-phone",
)
"""Every picture of docs/manual/screenshots/, each written by one of the tests below."""

WIDE = 1024
PHONE = 390
PUBLIC_HOST = "swissarbiter.example"
"""The address the phone pages are shown at (a name reserved for examples, RFC 2606)."""
SLUG = "manual-open"
CLOCK = datetime.datetime(2026, 10, 4, 9, 30, tzinfo=datetime.UTC)
"""The time the arbiter's walk happens at, so that its pictures show the same times each run."""
RESULTS = (
    ("1", "1-0"),
    ("=", "½-½"),
    ("0", "0-1"),
    ("+", "+/− (forfeit)"),
    ("=", "½-½"),
    ("1", "1-0"),
    ("0", "0-1"),
)
"""Round 3's results, typed board by board: the key and the result the board then shows."""


def shoot(target: Page | Locator, name: str) -> None:
    """The manual's picture `<name>.png`: the whole page, or the part `target` locates (written
    to docs/manual/screenshots/ by `make screenshots` only, tests/screenshots.py)."""
    assert name in SCREENSHOTS, f"add {name!r} to SCREENSHOTS"
    screenshot(target, name, manual=True)


def signed_in(browser: Browser, live_server: LiveServer, client: Client, user: User) -> Page:
    """A page of a browser context signed in as `user`, 1024 pixels wide, asking for English."""
    client.force_login(user)
    context = session_context(browser, live_server.url, client.cookies["sessionid"].value, WIDE)
    context.set_extra_http_headers({"Accept-Language": "en"})
    page = context.new_page()
    page.set_default_navigation_timeout(60_000)
    return page


@pytest.fixture
def arbiter_page(
    chromium: Browser, live_server: LiveServer, client: Client
) -> Iterator[tuple[Page, Tournament]]:
    """The worked example of the FIDE Dutch system with rounds 1-2 played, round 3 to pair, and
    a browser signed in as its chief arbiter."""
    with time_machine.travel(CLOCK, tick=False):
        arbiter = UserFactory.create(username="arbiter")
        tournament = import_round_input(3, slug=SLUG)
        TournamentRoleFactory.create(tournament=tournament, user=arbiter)
        page = signed_in(chromium, live_server, client, arbiter)
        page.goto(live_server.url)
        yield page, tournament
        page.context.close()
    # Playwright's greenlets gave the test's queries their own connection.
    connection.close()


def test_an_arbiter_pairs_publishes_and_enters_the_results_of_a_round(
    arbiter_page: tuple[Page, Tournament], live_server: LiveServer, chromium: Browser
) -> None:
    page, tournament = arbiter_page
    base = f"{live_server.url}/t/{tournament.slug}"

    page.goto(f"{base}/manage/")
    shoot(page.locator("main"), "dashboard")
    page.goto(f"{base}/manage/players/")
    shoot(page.locator("main"), "players")
    page.goto(f"{base}/manage/player/5/")
    shoot(page.locator("main"), "player")
    page.goto(f"{base}/manage/arbiters/")
    shoot(page.locator("main"), "arbiters")
    page.goto(f"{base}/manage/fide-mode/")
    shoot(page.locator("main"), "fide-mode")
    page.get_by_role("button", name="Leave FIDE mode…").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("step 1 of 2")
    shoot(dialog, "leave-fide-mode-dialog")
    dialog.get_by_role("link", name="Cancel").click()
    expect(dialog).to_have_count(0)
    page.goto(f"{base}/manage/rating-report/")
    expect(page.get_by_role("button", name="Save")).to_have_class("button")
    shoot(page.locator("main"), "report-details")

    page.goto(f"{base}/manage/round/3/pairing/")
    page.get_by_role("button", name="Pair round 3", exact=True).click()
    expect(page.get_by_role("button", name="Publish round 3")).to_be_visible()
    shoot(page.locator("main"), "pairing-draft")
    page.locator(".engine-details summary").click()
    expect(page.locator(".engine-details pre").first).to_contain_text("Bracket 1")
    shoot(page.locator(".engine-details"), "pairing-explanation")
    page.locator(".engine-details summary").click()

    page.get_by_role("button", name="Swap colours on board 1").click()
    warning = page.locator("#pairing-status .message-warning")
    expect(warning).to_be_visible()
    shoot(page.locator("#pairing-status"), "pairing-warning")
    page.get_by_role("button", name="Swap colours on board 1").click()
    expect(warning).to_have_count(0)

    page.get_by_role("link", name="Edit pairings", exact=True).click()
    page.get_by_role("button", name="Unpair board 7").click()
    expect(page.locator(".manual-pairing")).to_contain_text("2 players to pair")
    shoot(page.locator("#pairing-status"), "pairing-by-hand")
    manual = page.locator(".manual-pairing")
    white, black = manual.locator("select").nth(0), manual.locator("select").nth(1)
    first, second = white.evaluate(
        "select => [...select.options].map(o => o.value).filter(Boolean)"
    )
    white.select_option(first)
    black.select_option(second)
    manual.get_by_role("button", name="Pair", exact=True).click()
    expect(page.locator(".manual-pairing")).to_contain_text("Every player to pair")
    page.get_by_role("button", name="Validate pairings").click()
    confirm_all_steps(page)
    expect(page.locator(".message-success")).to_contain_text("Round 3 is published.")
    shoot(page.locator("main"), "pairing-published")

    page.goto(f"{base}/manage/round/3/results/")
    rows = page.locator("tr.result-row")
    page.locator("#board-1").focus()
    for board, (key, shown) in enumerate(RESULTS, start=1):
        expect(page.locator(f"#board-{board}")).to_be_focused()
        page.keyboard.type(key)
        expect(page.locator(f"#board-{board} td.result strong")).to_have_text(shown)
    expect(page.locator("#round-status")).to_contain_text("Completed")
    shoot(page.locator("main"), "results")
    more = rows.nth(0).locator("details")
    more.locator("summary").click()
    shoot(rows.nth(0), "results-more")
    more.locator("summary").click()

    page.locator("#board-2").focus()
    page.keyboard.type("1")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_be_visible()
    shoot(dialog, "correction-dialog")
    dialog.get_by_role("button", name="Confirm").click()
    expect(rows.nth(1).locator("td.result strong")).to_have_text("1-0")

    page.goto(f"{base}/manage/events/")
    shoot(page.locator("main"), "integrity-log")

    Tournament.objects.filter(pk=tournament.pk).update(chess960=True)
    page.goto(f"{base}/manage/round/3/results/")
    section = page.locator("section.chess960")
    section.get_by_label("Chess960 starting position").fill("518")
    section.get_by_role("button", name="Enter this position").click()
    expect(page.locator("section.chess960")).to_contain_text("RNBQKBNR")
    shoot(page.locator("section.chess960"), "chess960")

    page.goto(f"{base}/manage/standings/")
    shoot(page.locator("main"), "standings")
    page.locator(".print-menu summary").click()
    shoot(page.locator(".print-menu"), "print-menu")

    phone = chromium.new_context(viewport={"width": PHONE, "height": 800})
    phone.set_extra_http_headers({"Accept-Language": "en"})
    served_as(phone, PUBLIC_HOST, live_server.url)
    with override_settings(ALLOWED_HOSTS=[*settings.ALLOWED_HOSTS, PUBLIC_HOST]):
        player_pages(phone, f"http://{PUBLIC_HOST}/t/{tournament.slug}")


def confirm_all_steps(page: Page) -> None:
    """Go through the confirmation the page shows, if any (one step, or the two of Level 4)."""
    page.wait_for_load_state()
    for _ in range(2):
        dialog = page.locator("dialog[open]")
        if not dialog.count():
            return
        dialog.get_by_role("button", name=re.compile("^(Continue|Yes, confirm|Confirm)")).click()
        page.wait_for_load_state()


def served_as(context: BrowserContext, host: str, server_url: str) -> None:
    """The browser asks for `http://<host>/...` and the live server at `server_url` answers,
    told it is `host`: the pages then show the same addresses (the QR code's) on every run,
    whatever port the test server has. Server-sent events are not relayed (a relayed stream
    would never end): the pages still poll."""

    def relay(route: Route) -> None:
        if route.request.resource_type == "eventsource":
            route.abort()
            return
        address = route.request.url.replace(f"http://{host}", server_url, 1)
        headers = {**route.request.headers, "host": host}
        route.fulfill(response=route.fetch(url=address, headers=headers))

    context.route(f"http://{host}/**", relay)


def player_pages(phone: BrowserContext, base: str) -> None:
    """The public pages of the tournament on a phone, as players see them."""
    page = phone.new_page()
    page.goto(f"{base}/")
    shoot(page.locator("main"), "phone-tournament")
    page.goto(f"{base}/round/3/")
    shoot(page, "phone-round")
    page.goto(f"{base}/player/5/")
    shoot(page, "phone-player")
    page.goto(f"{base}/standings/")
    shoot(page, "phone-standings")
    phone.close()


def test_an_arbiter_creates_a_tournament_and_previews_an_import(
    chromium: Browser, live_server: LiveServer, client: Client
) -> None:
    visitor = chromium.new_context(viewport={"width": WIDE, "height": 800})
    visitor.set_extra_http_headers({"Accept-Language": "en"})
    signup = visitor.new_page()
    signup.goto(f"{live_server.url}/accounts/signup/")
    shoot(signup.locator("main"), "signup")
    visitor.close()

    page = signed_in(chromium, live_server, client, UserFactory.create(username="arbiter"))
    page.goto(f"{live_server.url}/manage/new/")
    shoot(page.locator("main"), "new-tournament")

    page.goto(f"{live_server.url}/manage/import/")
    text = (ROUNDS / "round-3-input.trf").read_text(encoding="utf-8")
    page.locator("textarea").fill(text)
    page.get_by_role("button", name="Preview the import").click()
    expect(page.get_by_role("button", name=re.compile("^Import"))).to_be_visible()
    shoot(page.locator("main"), "import-preview")
    page.context.close()
    connection.close()


def test_a_federation_officer_checks_the_reports(
    chromium: Browser, live_server: LiveServer, client: Client
) -> None:
    officer = UserFactory.create(username="officer", is_staff=True)
    tournament = import_round_input(3, slug=SLUG)
    Tournament.objects.filter(pk=tournament.pk).update(federation="ITA", city="Milano")
    FederationOfficer.objects.create(user=officer, federation="ITA")
    page = signed_in(chromium, live_server, client, officer)

    page.goto(f"{live_server.url}/exports/")
    shoot(page.locator("main"), "exports")
    page.goto(f"{live_server.url}/t/{tournament.slug}/rating-report/")
    shoot(page.locator("main"), "rating-report")
    # the page as a site has it out of the box: FIDE's list checked by itself (the tests turn
    # the download off; nothing is fetched by showing the page)
    with override_settings(
        RATING_LISTS_FETCH_URL="https://ratings.fide.com/download/players_list.zip",
        RATING_LISTS_FETCH_AUTOMATIC=True,
    ):
        page.goto(f"{live_server.url}/rating-lists/")
        expect(page.get_by_role("button", name="Update FIDE's lists now")).to_be_visible()
    shoot(page.locator("main"), "rating-lists")
    page.context.close()
    connection.close()
