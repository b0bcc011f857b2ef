"""Registering three players from the sample list by typing, in a real Chromium; screenshots of
the players page and the officers' rating-list page (var/screenshots/, to be looked at)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.ratinglists.conftest import import_sample
from tournaments.domain.ratinglists import ListKind
from tournaments.services.tournaments import TournamentSettings, tournament_create

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

TYPED = [
    ("41000", "Aalto, Mikko"),  # the start of a FIDE ID
    ("barr", "Barros, Ines"),  # the start of a name
    ("lambert s", "Lambert, Sophie"),  # a name and the start of the first name
]


def test_an_arbiter_registers_three_players_from_the_list_by_typing(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    import_sample("players_list.zip", ListKind.FIDE_COMBINED)
    arbiter = UserFactory.create(username="arbiter", is_staff=True)
    tournament = tournament_create(
        settings=TournamentSettings(name="Autumn Open", city="Turku", federation="FIN"),
        by=arbiter,
    )
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    players_page = f"{live_server.url}/t/{tournament.slug}/manage/players/"
    context = session_context(chromium, live_server.url, session, 1280)
    page = context.new_page()
    page.goto(players_page)
    for typed, name in TYPED:
        search = page.locator("#list-search-input")
        search.fill("")
        search.press_sequentially(typed, delay=40)
        match = page.locator("#list-matches a", has_text=name)
        expect(match).to_have_count(1)
        if name == "Lambert, Sophie":
            screenshot(page, "list-search-1280")
        match.click()
        expect(page.locator("#id_name")).to_have_value(name)
        page.get_by_role("button", name="Register").click()
        expect(page.locator(".message-success")).to_contain_text(f"{name} is registered")
    registered = {
        p.name: (p.fide_id, p.fide_rating, p.title, p.federation, p.sex, p.birth_date)
        for p in tournament.players.all()
    }
    assert registered == {
        "Aalto, Mikko": ("4100011", 2634, "GM", "FIN", "m", "1991"),
        "Barros, Ines": ("5200042", 2422, "IM", "POR", "w", "1996"),
        "Lambert, Sophie": ("1101007", 1688, "", "FRA", "w", "2014"),
    }
    screenshot(page, "players-from-list-1280")

    tournament.players.filter(name="Barros, Ines").update(fide_rating=2400, federation="ESP")
    page.goto(players_page)
    differences = page.locator(".list-differences")
    expect(differences).to_contain_text("Barros, Ines")
    screenshot(page, "list-differences-1280")
    page.get_by_role("button", name="Preview the update").click()
    expect(page.locator("#update-preview")).to_contain_text("2400 → 2422")
    screenshot(page, "update-preview-1280")
    page.get_by_role("button", name="Update 1 player").click()
    expect(page.locator(".message-success")).to_contain_text(
        "1 players updated from the rating list"
    )
    expect(differences).to_have_count(0)
    barros = tournament.players.get(name="Barros, Ines")
    assert (barros.fide_rating, barros.federation) == (2422, "POR")
    context.close()

    context = session_context(chromium, live_server.url, session, 390)
    page = context.new_page()
    page.goto(players_page)
    page.locator("#list-search-input").press_sequentially("la", delay=40)
    expect(page.locator("#list-matches > li")).to_have_count(2)
    screenshot(page, "list-search-390")
    for width in (390, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(f"{live_server.url}/rating-lists/")
        screenshot(page, f"rating-lists-{width}")
    context.close()
