"""The home page: every tournament, public, read-only."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import TournamentStatus

pytestmark = pytest.mark.django_db


def test_it_lists_tournaments_with_city_dates_rounds_and_status(client: Client) -> None:
    TournamentFactory.create(
        name="Spring Open",
        city="Bologna",
        rounds=9,
        start_date=datetime.date(2026, 3, 1),
        end_date=datetime.date(2026, 3, 5),
        status=TournamentStatus.IN_PROGRESS,
    )

    response = client.get("/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Spring Open" in html and "Bologna" in html
    assert "1 Mar 2026" in html and "5 Mar 2026" in html
    assert "9 rounds" in html and "In progress" in html
    assert 'href="/t/open-' in html or "/t/" in html


def test_it_says_so_when_there_is_no_tournament(client: Client) -> None:
    response = client.get("/")

    assert "No tournaments yet." in response.content.decode()


def test_it_needs_a_fixed_number_of_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    for _ in range(5):
        PlayerFactory.create()

    # the version of the list (tournaments.cache), then the list
    with django_assert_num_queries(2):
        response = client.get("/")

    assert response.content.decode().count('class="card"') == 5


def test_an_htmx_request_gets_only_the_list(client: Client) -> None:
    TournamentFactory.create(name="Spring Open")

    response = client.get("/", headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="tournament-list">')
    assert "Spring Open" in html and "<html" not in html
    assert response["Vary"] and "HX-Request" in response["Vary"]


def test_it_changes_nothing_and_refuses_a_post(client: Client) -> None:
    assert client.post("/").status_code == 405


def test_a_logged_in_user_is_offered_to_create_a_tournament(client: Client) -> None:
    assert "/manage/new/" not in client.get("/").content.decode()
    client.force_login(UserFactory.create(username="someone"))

    assert 'href="/manage/new/"' in client.get("/").content.decode()
