"""The arbiter's pages in Chromium in each language (issue 20): the dashboard and the result
entry, on a phone and a desktop, chosen with the switcher at the top of the page; screenshots
`var/screenshots/i18n-<page>-<language>-<width>.png`, to be looked at."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.views.test_pages_in_browser import running_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCROLL_WIDTH = "document.scrollingElement.scrollWidth"

HEADINGS = {
    "en": ("Rounds", "Round 2: results"),
    "it": ("Turni", "Turno 2: risultati"),
    "fr": ("Rondes", "Ronde 2 : résultats"),
    "ru": ("Туры", "Тур 2: результаты"),
}
"""The dashboard's rounds heading and the result entry's title in each language."""

NAMES = {"en": "English", "it": "Italiano", "fr": "Français", "ru": "Русский"}


def test_the_arbiter_pages_in_each_language_on_a_phone_and_a_desktop(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = running_tournament(arbiter)
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    dashboard = f"{live_server.url}/t/{tournament.slug}/manage/"
    results = f"{live_server.url}/t/{tournament.slug}/manage/round/2/results/"
    for width in (390, 1280):
        context = session_context(chromium, live_server.url, session, width)
        page = context.new_page()
        page.goto(dashboard)
        for language, (rounds, results_title) in HEADINGS.items():
            # The switcher posts as soon as a language is chosen (js/language.js).
            with page.expect_navigation():
                page.locator("#language-select").select_option(language)
            expect(page.locator("html")).to_have_attribute("lang", language)
            expect(page.locator("#language-select")).to_have_value(language)
            expect(page.get_by_role("heading", name=rounds, exact=True)).to_be_visible()
            assert page.evaluate(SCROLL_WIDTH) <= width
            screenshot(page, f"i18n-dashboard-{language}-{width}")
            page.goto(results)
            expect(page.get_by_role("heading", level=1)).to_have_text(results_title)
            screenshot(page, f"i18n-results-{language}-{width}")
            page.goto(dashboard)
            expect(page.locator("#language-select option:checked")).to_have_text(NAMES[language])
        context.close()
