"""The public event page in Chromium (issue 32), on a phone (390 px) and a wide screen
(1280 px): three sections, one of them with round 1 in play, sortable entry lists. Its
pictures: the manual's `event-page-phone`, and `event-page-1280` to look at."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import (
    EventFactory,
    EventRoleFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.manual.test_screenshots import PHONE, shoot, signed_in
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round
from tournaments.models import Event, EventRoleKind, Player, RoundState, Title

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SECTIONS = (
    ("Open A", {"lowest_rating": 2000}, 2450),
    ("Open B", {"lowest_rating": 1600, "highest_rating": 1999, "first_board": 101}, 1990),
    ("Open C", {"highest_rating": 1599, "first_board": 201}, 1590),
)
FEDERATIONS = ("ITA", "FRA", "GER", "SUI", "AUT", "ESP")
NAMES = ("Rossi", "Bianchi", "Moreau", "Keller", "Huber", "García", "Ferrari", "Dubois")


def _event() -> Event:
    event = EventFactory.create(
        name="Bologna Open 2026",
        slug="bologna-open-2026",
        place="Bologna",
        organiser="Circolo Scacchistico Bolognese",
    )
    for index, (name, setup, top) in enumerate(SECTIONS):
        section = TournamentFactory.create(
            event=event, name=name, slug=name.lower().replace(" ", "-"), rounds=7, **setup
        )
        for number in range(1, 8):
            RoundFactory.create(tournament=section, number=number)
        for number in range(1, 9):
            PlayerFactory.create(
                tournament=section,
                pairing_number=number,
                name=f"{NAMES[(number + index) % len(NAMES)]}, Player {index}{number}",
                fide_rating=0 if (index, number) == (2, 8) else top - 37 * number,
                federation=FEDERATIONS[(number * 5 + index) % len(FEDERATIONS)],
                title=Title.IM if (index, number) == (0, 1) else "",
            )
        if index == 0:
            pair_round(section, 1, RoundState.PUBLISHED)
    return event


def _ratings(page: Page, section: str) -> list[str]:
    rows = page.locator(f"section.event-section:has(h3:has-text('{section}')) tbody tr")
    return [cell.strip() for cell in rows.locator("td:nth-child(4)").all_inner_texts()]


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None and width <= viewport["width"], width


def test_the_event_page_on_a_phone_and_a_wide_screen(
    chromium: Browser, live_server: LiveServer
) -> None:
    event = _event()
    for width in (PHONE, 1280):
        context = chromium.new_context(viewport={"width": width, "height": 900})
        context.set_extra_http_headers({"Accept-Language": "en"})
        page = context.new_page()
        page.goto(f"{live_server.url}/e/{event.slug}/")
        expect(page.locator("h1")).to_have_text("Bologna Open 2026")
        sections = page.locator("table.event-sections tbody tr")
        expect(sections).to_have_count(3)
        expect(sections.nth(0)).to_contain_text("Round 1 of 7 in play")
        expect(sections.nth(1)).to_contain_text("rated 1600 to 1999")
        expect(sections.nth(2)).to_contain_text("Not started")
        assert _ratings(page, "Open A")[:2] == ["2413", "2376"]  # highest first
        _no_sideways_scroll(page)
        if width == PHONE:
            shoot(page, "event-page-phone")
        else:
            screenshot(page, "event-page-1280")
        page.get_by_role("link", name="name", exact=True).click()
        expect(page.locator("strong[aria-current]")).to_have_text("name")
        names = page.locator(
            "section.event-section:has(h3:has-text('Open C')) tbody td.name a"
        ).all_inner_texts()
        assert names == sorted(names, key=str.casefold)
        page.get_by_role("link", name="federation", exact=True).click()
        expect(page.locator("strong[aria-current]")).to_have_text("federation")
        feds = page.locator(
            "section.event-section:has(h3:has-text('Open B')) tbody td:nth-child(3)"
        ).all_inner_texts()
        assert feds == sorted(feds)
        assert _ratings(page, "Open C")[-1] in {"–", "-"} or "–" in _ratings(page, "Open C")
        screenshot(page, f"event-page-{width}-by-federation")
        page.get_by_role("link", name="Open A").first.click()
        expect(page.locator("p.breadcrumb")).to_contain_text("Bologna Open 2026")
        context.close()
    connection.close()


def test_an_arbiter_moves_a_player_outside_the_limits_after_confirming(
    chromium: Browser, live_server: LiveServer, client: Client
) -> None:
    event = _event()
    arbiter = UserFactory.create(username="arbiter")
    for role in (EventRoleKind.ORGANISER, EventRoleKind.CHIEF):
        EventRoleFactory.create(event=event, user=arbiter, role=role)
    page = signed_in(chromium, live_server, client, arbiter)
    page.goto(f"{live_server.url}/e/{event.slug}/manage/")
    expect(page.locator("h1")).to_contain_text("organisers and arbiters")
    screenshot(page, "event-manage")
    page.locator("#id_move_player").select_option(label="Rossi, Player 17 (1731)")
    page.locator("#id_move_section").select_option(label="Open C (rated 1599 and under)")
    page.get_by_role("button", name="Move", exact=True).click()
    dialog = page.locator("#confirmation")
    expect(dialog).to_contain_text("is outside the limits of Open C (rated 1599 and under)")
    screenshot(page, "event-move-dialog")
    dialog.get_by_role("button", name="Confirm").click()
    expect(page.locator(".message")).to_contain_text("Rossi, Player 17 is moved to Open C")
    moved = Player.objects.get(name="Rossi, Player 17")
    assert moved.tournament.name == "Open C"
    # Open A's round 1 is paired: its players stay
    page.locator("#id_move_player").select_option(label="Rossi, Player 08 (2154)")
    page.locator("#id_move_section").select_option(label="Open B (rated 1600 to 1999)")
    page.get_by_role("button", name="Move", exact=True).click()
    expect(page.locator(".message-error")).to_contain_text("Round 1 of Open A is paired")
    screenshot(page, "event-move-refused")
    assert Player.objects.get(name="Rossi, Player 08").tournament.name == "Open A"
    page.context.close()
    connection.close()


def test_the_result_finder_takes_the_hall_s_board_numbers(
    chromium: Browser, live_server: LiveServer, client: Client
) -> None:
    event = _event()
    open_b = event.sections.get(name="Open B")
    pair_round(open_b, 1, RoundState.PUBLISHED)  # boards 1-4, in the hall 101-104
    arbiter = UserFactory.create(username="arbiter")
    EventRoleFactory.create(event=event, user=arbiter, role=EventRoleKind.CHIEF)
    page = signed_in(chromium, live_server, client, arbiter)
    page.goto(f"{live_server.url}/t/{open_b.slug}/manage/round/1/results/")
    rows = page.locator("tr.result-row:visible")
    expect(rows).to_have_count(4)
    expect(rows.first.locator("td").first).to_have_text("101")
    page.fill("#results-find", "103")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_id("board-3")
    page.locator("#results-find").press("Enter")
    expect(page.locator("#board-3")).to_be_focused()
    page.fill("#results-find", "3")  # a section's own number is not the hall's
    expect(rows).to_have_count(0)
    screenshot(page, "event-results-hall-boards")
    page.context.close()
    connection.close()
