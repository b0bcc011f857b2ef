"""The manual's pictures of a round robin (docs/manual/round-robin.md): the pairing-numbers page
after the drawing, and the cross table of a 6-player round robin played by the services."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from pairing import tasks
from tests.factories import UserFactory
from tests.manual.test_screenshots import shoot, signed_in
from tests.roundrobin import pair_and_publish, play, round_robin

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_numbers_and_the_cross_table_of_a_round_robin(
    chromium: Browser, live_server: LiveServer, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    monkeypatch.setattr(tasks.pair_round_task, "delay", lambda run_id: None)
    # A fixed seed, so that the pictures do not change from run to run.
    monkeypatch.setattr("pairing.services.roundrobin.secrets.randbits", lambda bits: 2026)
    tournament = round_robin(arbiter, 6, drawn=True)
    for number in range(1, tournament.rounds + 1):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter)

    page = signed_in(chromium, live_server, client, arbiter)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/numbers/")
    expect(page.locator("main")).to_contain_text("the numbers are locked")
    shoot(page.locator("main"), "round-robin-numbers")
    page.goto(f"{live_server.url}/t/{tournament.slug}/crosstable/")
    table = page.locator("table.round-robin")
    expect(table).to_contain_text("×")
    shoot(table, "round-robin-crosstable")
    page.context.close()
    connection.close()
