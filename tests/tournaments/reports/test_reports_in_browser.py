"""The officers' page, the rating report's validation page and the arbiters' details form in a
real Chromium: an arbiter fills in the details by typing and the report becomes complete; an
officer of the federation finds the tournament on the officers' page. Screenshots in
var/screenshots/ (to be looked at)."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import FederationOfficer, Result, RoundState, Tournament

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _session(client: Client, user: object) -> str:
    client.force_login(user)  # type: ignore[arg-type]
    return client.cookies["sessionid"].value


def test_an_arbiter_completes_the_report_and_an_officer_finds_it(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(4, rounds=2, arbiter=arbiter)
    for number in (1, 2):
        pair_round(tournament, number, RoundState.COMPLETED).games.update(result=Result.DRAW)
    Tournament.objects.filter(pk=tournament.pk).update(
        federation="ITA",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 2),
        chief_arbiter="Anna Rossi",
        tiebreaks=["BH", "SB"],
    )
    for player in tournament.players.all():
        player.fide_id = str(1000 + player.pairing_number)
        player.save(update_fields=["fide_id"])
    context = session_context(chromium, live_server.url, _session(client, arbiter), 1280)
    page = context.new_page()

    page.goto(f"{live_server.url}/t/{tournament.slug}/rating-report/")
    expect(page.locator(".report-problems")).to_contain_text("the time control (122, 222)")
    screenshot(page, "rating-report-missing-1280")
    page.get_by_role("link", name="Change the report's details").click()
    page.locator("#id_time_control").fill("90 minutes")
    page.get_by_role("button", name="Save").click()
    expect(page.locator(".field-error")).to_contain_text("The time control does not read")
    page.locator("#id_time_control").fill("5400+30")
    page.locator("#id_round_dates").fill("2026-05-01\n2026-05-02")
    page.locator("#id_chief_arbiter_fide_id").fill("1234567")
    screenshot(page, "rating-report-details-1280")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("The report is complete.")).to_be_visible()
    expect(page.get_by_role("link", name="TRF-2026")).to_be_visible()
    screenshot(page, "rating-report-complete-1280")

    officer = UserFactory.create(username="ita-officer")
    FederationOfficer.objects.create(user=officer, federation="ITA")
    context.clear_cookies()
    context.add_cookies(
        [{"name": "sessionid", "value": _session(Client(), officer), "url": live_server.url}]
    )
    page.goto(f"{live_server.url}/exports/")
    row = page.locator("table.exports tbody tr", has_text=tournament.name)
    expect(row).to_contain_text("2/2")
    screenshot(page, "officers-page-1280")
    context.close()
