"""The standings pages in a real Chromium: they fit a phone, sort without a reload, and leave
screenshots at 390 and 1280 pixels in var/screenshots/ (to be looked at)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import TournamentRoleFactory, UserFactory
from tests.screenshots import screenshot
from tests.standings.selectors.builders import import_worked_example, round_in_play

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = {
    "standings": "/t/worked-example/standings/",
    "standings-sorted": "/t/worked-example/standings/?round=4&sort=BH/C1",
    "crosstable": "/t/worked-example/crosstable/",
    "standings-player": "/t/worked-example/standings/12/",
    "standings-unavailable": "/t/worked-example/standings/?round=9",
    "standings-live": "/t/small/manage/standings/",
}


@pytest.mark.parametrize("width", [390, 1280])
def test_the_pages_fit_the_screen_and_are_saved_as_screenshots(
    live_server: LiveServer, chromium: Any, client: Client, width: int
) -> None:
    import_worked_example()
    tournament, _ = round_in_play()
    arbiter = UserFactory.create()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, width)
    page = context.new_page()
    for name, path in PAGES.items():
        response = page.goto(live_server.url + path)
        assert response is not None, name
        assert response.status == (404 if name == "standings-unavailable" else 200), name
        screenshot(page, f"{name}-{width}")
        # Wide tables scroll inside their frame; the page itself never scrolls sideways.
        assert page.evaluate("document.documentElement.scrollWidth") <= width, name
        if name == "standings":
            assert_points_and_first_tiebreak_in_view(page, width)
    context.close()


def assert_points_and_first_tiebreak_in_view(page: Any, width: int) -> None:
    """PTS and the first tie-break show without scrolling; a phone is told the table scrolls."""
    headings = page.locator("#standings-table thead th")
    names = [text.strip().upper() for text in headings.all_inner_texts()]
    for label in ("PTS", "BH/C1"):
        box = headings.nth(names.index(label)).bounding_box()
        assert box is not None and box["x"] + box["width"] <= width, label
    assert page.locator("#standings-table .scroll-hint").is_visible() == (width < 640)


def test_a_column_heading_sorts_the_table_without_reloading_the_page(
    live_server: LiveServer, chromium: Any
) -> None:
    import_worked_example()
    page = chromium.new_page(viewport={"width": 390, "height": 900})
    page.goto(live_server.url + "/t/worked-example/standings/")
    page.evaluate("window.notReloaded = true")

    page.get_by_role("link", name="SB", exact=True).click()
    page.wait_for_url("**/standings/?sort=SB")
    page.wait_for_selector('th[aria-sort="descending"] >> text=SB')

    assert page.evaluate("window.notReloaded") is True
    first = page.locator("#standings-table tbody tr").first.locator(".col-name a")
    assert first.inner_text() in {"Alice", "Bruno"}  # both have SB 14.75, the highest
    page.locator("#standings-table .table-wrap").evaluate("frame => frame.scrollLeft = 400")
    screenshot(page, "standings-scrolled-390", full_page=False)
