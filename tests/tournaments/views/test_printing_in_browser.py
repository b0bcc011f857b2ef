"""The Print (PDF) menu in a real Chromium: the arbiter opens it on a published round's page
and follows a link to a PDF (screenshot var/screenshots/print-menu-1280.png)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import TournamentRoleFactory, UserFactory
from tests.pairing.fixtures import import_round_input
from tests.pdf import pdf_text
from tests.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_arbiter_opens_the_print_menu_and_gets_the_result_slips(
    live_server: LiveServer, chromium: Any, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    tournament = import_round_input(3)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, 1280)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/2/pairing/")

    slips = page.get_by_role("link", name="Round 2 result slips, Letter")
    expect(slips).to_be_hidden()
    page.get_by_text("Print (PDF)").click()
    expect(slips).to_be_visible()
    screenshot(page, "print-menu-1280", full_page=False)
    href = slips.get_attribute("href")
    assert href == f"/t/{tournament.slug}/pdf/round/2/slips.pdf?paper=letter"
    response = context.request.get(f"{live_server.url}{href}")
    assert response.headers["content-type"] == "application/pdf"
    assert "Round 2 · Board 1" in pdf_text(response.body())
    context.close()
