"""The manual's picture of an accelerated round (docs/manual/baku-acceleration.md): round 1 of
a 10-player tournament with Baku acceleration, paired by the services, on the arbiter's page."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from pairing import tasks
from pairing.services.rounds import round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.factories import UserFactory
from tests.manual.test_screenshots import shoot, signed_in
from tests.tournaments.conftest import tournament_with_players

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_accelerated_round_shows_the_pairing_scores(
    chromium: Browser, live_server: LiveServer, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(10, rounds=7, arbiter=arbiter)
    tournament.baku_acceleration = True
    tournament.save()
    for player in tournament.players.all():  # names fixed, whatever the factory's sequence
        player.name = f"Player {player.pairing_number:02d}"
        player.save(update_fields=["name"])
    monkeypatch.setattr(tasks.pair_round_task, "delay", lambda run_id: None)
    run = round_request_pairing(rnd=tournament.round_set.get(number=1), by=arbiter)
    pairing_run_execute(run_id=run.pk)

    page = signed_in(chromium, live_server, client, arbiter)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/pairing/")
    table = page.locator("table.draft")
    expect(table).to_contain_text("virtual points")
    shoot(table, "baku-draft")
    page.context.close()
    connection.close()
