"""The manual's pictures of the check-in (docs/manual/check-in.md): the desk's list with a few
players marked, a player's own check-in on a phone, and the absentees on the pairing page."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.core.cache import cache
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import UserFactory
from tests.manual.test_screenshots import PHONE, shoot, signed_in
from tests.tournaments.conftest import tournament_with_players
from tournaments.domain.check_in import shown_code
from tournaments.models import Player, Tournament
from tournaments.selectors.check_in import player_code
from tournaments.services.check_in import check_in_mark, check_in_settings_update

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = (
    "Adams, Zoë",
    "Berger, Karl",
    "Costa, Inês",
    "Dvořák, Jan",
    "Eriksen, Sigrid",
    "Ferrari, Luca",
    "García, Ana",
    "Horváth, Péter",
)
CLOCK = datetime.datetime(2026, 10, 4, 13, 40, tzinfo=datetime.UTC)


def _tournament() -> tuple[Tournament, list[Player]]:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(len(NAMES), rounds=7, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(name="Autumn Open")
    players = list(tournament.players.order_by("pairing_number"))
    for player, name in zip(players, NAMES, strict=True):
        player.name = name
        player.save(update_fields=["name"])
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=1, by=arbiter
    )
    rnd = tournament.round_set.get(number=1)
    with time_machine.travel(CLOCK, tick=False):
        marks = ("present", "present", "absent", "present", "present")
        for player, status in zip(players[: len(marks)], marks, strict=True):
            check_in_mark(rnd=rnd, player=player, status=status, expected="", by=arbiter)
    tournament.refresh_from_db()
    return tournament, players


def test_the_check_in_pictures(chromium: Browser, live_server: LiveServer, client: Client) -> None:
    cache.clear()
    tournament, players = _tournament()
    arbiter = tournament.roles.get().user
    page = signed_in(chromium, live_server, client, arbiter)
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/check-in/")
    expect(page.locator("tr.check-in-row")).to_have_count(len(NAMES))
    shoot(page.locator(".table-wrap"), "check-in-desk")

    phone = chromium.new_context(viewport={"width": PHONE, "height": 700}).new_page()
    phone.goto(f"{live_server.url}/t/{tournament.slug}/check-in/?code=")
    phone.fill("input[name=code]", shown_code(player_code(players[5])))
    phone.click(".check-in-form button[type=submit]")
    expect(phone.locator(".check-in-done")).to_contain_text("you are checked in for round 1")
    shoot(phone, "check-in-phone")

    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/round/1/pairing/")
    panel = page.locator("#check-in-panel")
    expect(panel).to_contain_text("3 players would not be paired")
    shoot(panel, "check-in-absentees")
    phone.context.close()
    page.context.close()
    connection.close()
    cache.clear()
