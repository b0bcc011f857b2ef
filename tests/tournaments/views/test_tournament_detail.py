"""The tournament page `/t/<slug>/`: players in initial ranking order, public, read-only."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from pairing.services.trf_import import tournament_import_trf
from tests.factories import PlayerFactory, RoundFactory, TournamentFactory
from tests.tournaments.conftest import WORKED_EXAMPLE
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def names_in_order(html: str) -> list[str]:
    return re.findall(r"<td>([^<]+?)(?: <span|</td>)", html)


def test_it_shows_the_players_in_initial_ranking_order(client: Client) -> None:
    tournament = tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))

    response = client.get(f"/t/{tournament.slug}/")

    assert response.status_code == 200
    html = response.content.decode()
    assert tournament.name in html
    rows = re.findall(r'<td class="num">(\d+)</td>', html)
    assert rows[::2] == [str(number) for number in range(1, 15)]
    assert html.index("Alice") < html.index("Bruno") < html.index("Carla") < html.index("Roberto")
    assert '<abbr class="title" title="Grandmaster">GM</abbr>' in html


def test_it_shows_pairing_number_title_name_federation_and_rating(client: Client) -> None:
    tournament = TournamentFactory.create(slug="spring")
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=1,
        name="Rossi, Mario",
        title="IM",
        federation="ITA",
        fide_rating=2412,
    )

    html = client.get("/t/spring/").content.decode()

    for text in ("Rossi, Mario", ">IM<", ">ITA<", ">2412<", '<td class="num">1</td>'):
        assert text in html


def test_an_unknown_slug_is_a_404_page(client: Client) -> None:
    response = client.get("/t/no-such-tournament/")

    assert response.status_code == 404


def test_the_404_page_is_the_sites(client: Client, settings: object) -> None:
    setattr(settings, "DEBUG", False)  # noqa: B010 - pytest-django's settings fixture

    response = client.get("/t/no-such-tournament/")

    assert response.status_code == 404
    assert "Page not found" in response.content.decode()


def test_it_needs_a_fixed_number_of_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = TournamentFactory.create(slug="spring", rounds=9)
    for number in range(1, 10):
        RoundFactory.create(tournament=tournament, number=number)
    for _ in range(20):
        PlayerFactory.create(tournament=tournament)

    # the version (tournaments.cache), the tournament, its rounds, its players
    with django_assert_num_queries(4):
        client.get("/t/spring/")


def test_an_htmx_request_gets_only_the_players_table(client: Client) -> None:
    tournament = TournamentFactory.create(slug="spring")
    PlayerFactory.create(tournament=tournament, name="Rossi, Mario")

    response = client.get("/t/spring/", headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="players-table"')
    assert "Rossi, Mario" in html and "<h1>" not in html


def test_it_needs_no_login_and_changes_nothing(client: Client) -> None:
    TournamentFactory.create(slug="spring")

    assert client.get("/t/spring/").status_code == 200
    assert client.post("/t/spring/").status_code == 405
    assert Tournament.objects.count() == 1
