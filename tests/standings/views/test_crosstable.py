"""`/t/<slug>/crosstable/`: every player's rounds in ranking order."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.standings.selectors.builders import round_in_play
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def cells(html: str, name: str) -> list[str]:
    """The round cells of `name`'s row, as text without tags and spaces."""
    row = re.search(rf">{name}</a>.*?</tr>", html, re.DOTALL)
    assert row is not None
    found = re.findall(r'<td class="num cell">(.*?)</td>', row.group(0), re.DOTALL)
    return [re.sub(r"<[^>]+>|\s|&nbsp;", "", cell) for cell in found]


def test_it_shows_opponent_rank_colour_and_result(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/crosstable/")

    assert response.status_code == 200
    html = response.content.decode()
    # Oscar (12): lost to Elisa (rank 3) with Black, absent in round 2, drew Kevin (9) ...
    assert cells(html, "Oscar") == ["3b0", "Z", "9w½", "14b0", "6b0", "12w½"]
    assert cells(html, "Roberto")[1] == "PAB"
    assert cells(html, "Francesco")[2] == "10b+"
    assert cells(html, "Nancy")[2] == "7w−"
    assert html.index(">Bruno</a>") < html.index(">Alice</a>") < html.index(">Patrizia</a>")


def test_it_shows_the_rounds_up_to_the_one_asked(
    client: Client, worked_example: Tournament
) -> None:
    html = client.get("/t/worked-example/crosstable/?round=2").content.decode()

    assert len(cells(html, "Oscar")) == 2
    assert "After round 2 of 6." in html


def test_it_shows_no_round_in_play() -> None:
    round_in_play()

    html = Client().get("/t/small/crosstable/").content.decode()

    assert len(cells(html, "Anna")) == 1


def test_an_htmx_request_gets_only_the_table(client: Client, worked_example: Tournament) -> None:
    html = client.get("/t/worked-example/crosstable/", headers={"HX-Request": "true"}).content
    text = html.decode()

    assert text.lstrip().startswith('<div id="crosstable-table"')
    assert "<h1>" not in text


def test_it_needs_a_fixed_number_of_queries(
    client: Client, worked_example: Tournament, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(7):  # the version (tournaments.cache) first; the open games
        client.get("/t/worked-example/crosstable/")


def test_an_unknown_slug_or_round_is_a_404(client: Client, worked_example: Tournament) -> None:
    assert client.get("/t/nothing/crosstable/").status_code == 404
    assert client.get("/t/worked-example/crosstable/?round=x").status_code == 404
