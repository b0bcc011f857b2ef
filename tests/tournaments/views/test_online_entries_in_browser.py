"""The public entry form on a phone (issue 32), in a real Chromium 390 pixels wide: a player
found by FIDE ID enters the section the rating allows, a player without FIDE ID enters
unrated, both appear on the public entry list without their e-mail address; the arbiter
approves one from the queue. Screenshots (var/screenshots/ under `make screenshots`) to be
looked at."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from django.utils import timezone
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.screenshots import screenshot
from tests.tournaments.entries import entry_event
from tournaments.models import Player, Tournament
from tournaments.models.entries import Entry, EntryDesk

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390


def _no_sideways_scroll(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE, f"the page is {width} px wide on a {PHONE} px screen"


def test_players_enter_from_a_phone_and_the_arbiter_approves_one(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    world = entry_event()
    now = timezone.now()
    start = (now + datetime.timedelta(days=40)).date()
    Tournament.objects.filter(event=world.event).update(start_date=start)
    EntryDesk.objects.filter(event=world.event).update(
        opens_at=now - datetime.timedelta(days=1), closes_at=now + datetime.timedelta(days=30)
    )
    form_url = f"{live_server.url}/e/{world.event.slug}/enter/"
    context = chromium.new_context(viewport={"width": PHONE, "height": 900})
    page = context.new_page()

    page.goto(form_url)
    page.get_by_role("textbox", name="FIDE ID").fill("100003")
    page.get_by_role("button", name="Find me on the rating list").click()
    expect(page.get_by_role("heading", name="Bianchi, Luca")).to_be_visible()
    sections = page.get_by_label("Section")
    expect(sections.locator("option")).to_have_text(["Open B"])
    page.get_by_label("E-mail").fill("luca@example.org")
    page.get_by_label("Club").fill("Scacchi Bologna")
    _no_sideways_scroll(page)
    screenshot(page, f"entry-form-found-{PHONE}")
    page.get_by_role("button", name="Send my entry").click()
    expect(page.locator(".message-success")).to_contain_text("Entry received: Bianchi, Luca")

    page.goto(form_url)
    page.get_by_label("Name (Lastname, Firstname)").fill("Dupont, Jean")
    page.get_by_label("Year of birth").fill("2012")
    page.get_by_label("Federation (three letters)").fill("FRA")
    expect(page.get_by_label("Section").locator("option")).to_have_text(["Open C"])
    page.get_by_label("E-mail").fill("jean@example.org")
    screenshot(page, f"entry-form-unrated-{PHONE}")
    page.get_by_role("button", name="Send my entry").click()
    expect(page.locator(".message-success")).to_contain_text("Dupont, Jean")
    listed = page.locator("main")
    expect(listed).to_contain_text("Bianchi, Luca")
    expect(listed).not_to_contain_text("@example.org")
    _no_sideways_scroll(page)
    screenshot(page, f"entry-list-{PHONE}")
    assert sorted(Entry.objects.values_list("name", "rating")) == [
        ("Bianchi, Luca", 1850),
        ("Dupont, Jean", 0),
    ]

    client.force_login(world.arbiter)
    arbiter = session_context(chromium, live_server.url, client.cookies["sessionid"].value, PHONE)
    desk = arbiter.new_page()
    desk.goto(f"{live_server.url}/e/{world.event.slug}/manage/entries/")
    row = desk.locator("li.card", has_text="Bianchi, Luca")
    expect(row).to_contain_text("luca@example.org")
    _no_sideways_scroll(desk)
    screenshot(desk, f"entry-queue-{PHONE}")
    row.get_by_role("button", name="Approve").click()
    expect(desk.locator(".message-success")).to_contain_text("Bianchi, Luca is registered")
    assert Player.objects.get(tournament=world.open_b).name == "Bianchi, Luca"
    screenshot(desk, f"entry-queue-approved-{PHONE}")
