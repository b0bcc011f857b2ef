"""The rating settings in a real Chromium: the arbiter sets a long event with the rating valid
in each round, sees the advice against rating-based tie-breaks (C.07 10; VCL Q211), records a
rating from a later round on the player's page (Q212-Q213); screenshots in var/screenshots/."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from playwright.sync_api import Browser, expect
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import tournament_with_players
from tournaments.models import Tournament
from tournaments.models.players import PlayerRating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_long_event_is_set_advised_and_given_ratings_per_round(
    live_server: LiveServer, chromium: Browser, client: Client
) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_with_players(8, rounds=7, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["BH/C1", "ARO", "SB"])
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    base = f"{live_server.url}/t/{tournament.slug}/manage"

    context = session_context(chromium, live_server.url, session, 1280)
    page = context.new_page()
    page.goto(f"{base}/edit/")
    page.select_option("#id_rating_method", "FIDON")
    page.select_option("#id_unrated_rule", "minimum")
    page.check("#id_long_event")
    page.select_option("#id_tiebreak_ratings", "round")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("The tournament is saved.")).to_be_visible()
    page.goto(f"{base}/edit/")
    expect(page.get_by_text("advises against rating-based tie-breaks")).to_be_visible()
    page.locator("legend", has_text="Ratings").scroll_into_view_if_needed()
    screenshot(page, "rating-settings-1280")

    page.goto(f"{base}/player/1/")
    page.fill("#id_later_from_round", "4")
    page.fill("#id_later_rating", "2150")
    page.get_by_role("button", name="Record").click()
    expect(page.locator("#ratings-heading + p + table")).to_contain_text("2150")
    page.set_viewport_size({"width": 390, "height": 900})
    screenshot(page, "player-ratings-390")
    context.close()

    saved = Tournament.objects.get(pk=tournament.pk)
    later = list(PlayerRating.objects.values_list("from_round", "rating"))
    connection.close()  # opened beside Playwright's loop: close it before the database goes
    assert (saved.rating_method, saved.unrated_rule, saved.tiebreak_ratings) == (
        "FIDON",
        "minimum",
        "round",
    )
    assert saved.long_event and later == [(4, 2150)]
