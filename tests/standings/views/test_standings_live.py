"""`/t/<slug>/manage/standings/`: the arbiter's live standings."""

from __future__ import annotations

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.factories import TournamentRoleFactory, UserFactory
from tests.standings.selectors.builders import round_in_play
from tests.standings.views.helpers import standings_rows
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter_client(client: Client) -> tuple[Client, Tournament]:
    tournament, _ = round_in_play()
    arbiter = UserFactory.create()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    return client, tournament


def test_it_counts_the_results_entered_so_far(arbiter_client: tuple[Client, Tournament]) -> None:
    client, _ = arbiter_client

    response = client.get("/t/small/manage/standings/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "After round 2 of 4" in html
    assert "1 game without a result" in html
    points = {row.name: row.values[0] for row in standings_rows(html)}
    assert points == {"Anna": 2, "Boris": 0.5, "Chiara": 0.5, "Dario": 0}


def test_it_refreshes_itself_by_polling_the_table(
    arbiter_client: tuple[Client, Tournament],
) -> None:
    client, _ = arbiter_client

    page = client.get("/t/small/manage/standings/?sort=name").content.decode()
    table = client.get("/t/small/manage/standings/", headers={"HX-Request": "true"})

    assert 'hx-get="/t/small/manage/standings/?sort=name" hx-trigger="every 15s"' in page
    assert table.content.decode().lstrip().startswith('<div id="standings-table"')


def test_anonymous_users_are_sent_to_the_login_page(client: Client) -> None:
    round_in_play()

    response = client.get("/t/small/manage/standings/")

    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_other_users_are_refused(client: Client) -> None:
    round_in_play()
    client.force_login(UserFactory.create())

    assert client.get("/t/small/manage/standings/").status_code == 403


def test_it_needs_a_fixed_number_of_queries(
    arbiter_client: tuple[Client, Tournament], django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    client, _ = arbiter_client

    with django_assert_num_queries(8):
        client.get("/t/small/manage/standings/")


def test_an_unknown_slug_is_a_404(arbiter_client: tuple[Client, Tournament]) -> None:
    client, _ = arbiter_client

    assert client.get("/t/nothing/manage/standings/").status_code == 404
