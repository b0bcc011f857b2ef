"""`/t/<slug>/standings/<pairing-number>/`: how each of a player's values was made."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.standings.selectors.builders import round_in_play
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def working(html: str, code: str) -> str:
    """The section that shows the working of `code`."""
    match = re.search(rf'<span class="code">{re.escape(code)}</span>.*?</section>', html, re.DOTALL)
    assert match is not None, code
    return match.group(0)


def contributions(section: str) -> list[tuple[str, str]]:
    """(round, value) of each row; a cut value is written `(value)`."""
    rows = re.findall(
        r'<td class="num">(\d+)</td>.*?<td class="num">\s*(<del>)?([^<\s]+)', section, re.DOTALL
    )
    return [(number, f"({value})" if cut else value) for number, cut, value in rows]


def test_it_shows_each_opponents_contribution_and_the_cut(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/standings/12/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Oscar" in html
    section = working(html, "BH/C1")
    assert 'Buchholz cut 1: <span class="value">14</span>' in section
    assert contributions(section) == [
        ("1", "4.5"),
        ("2", "(1)"),
        ("3", "3"),
        ("4", "1"),
        ("5", "3.5"),
        ("6", "2"),
    ]
    assert "<strong>Cut:</strong> voluntary unplayed round" in section


def test_an_unplayed_round_counts_a_virtual_opponent(
    client: Client, worked_example: Tournament
) -> None:
    html = client.get("/t/worked-example/standings/12/").content.decode()

    section = working(html, "BH")
    assert "<em>Virtual opponent</em>" in section
    assert "Zero-point bye: own unplayed round: a dummy opponent" in section


def test_every_value_of_the_list_is_explained(client: Client, worked_example: Tournament) -> None:
    html = client.get("/t/worked-example/standings/1/").content.decode()

    for code in ("PTS", "BH/C1", "BH", "SB", "DE", "WIN", "ARO"):
        working(html, code)
    assert "2300 = 2300.00 rounded half up" in working(html, "ARO")
    assert 'href="/t/worked-example/standings/8/"' in working(html, "BH")


def test_the_direct_encounter_shows_the_tied_group(
    client: Client, worked_example: Tournament
) -> None:
    worked_example.tiebreaks = ["DE", "BH"]
    worked_example.save()

    html = client.get("/t/worked-example/standings/2/").content.decode()

    # Alice, Bruno and Elisa (4.5 each) all met: Elisa 1.5, Bruno 1, Alice 0.5 between them.
    section = working(html, "DE")
    assert 'Direct encounter: <span class="value">2</span>' in section
    assert "Tied group:" in section
    for name in ("Alice", "Bruno", "Elisa"):
        assert f">{name}</a>" in section


def test_it_works_after_an_earlier_round(client: Client, worked_example: Tournament) -> None:
    html = client.get("/t/worked-example/standings/12/?round=2").content.decode()

    assert [number for number, _ in contributions(working(html, "BH"))] == ["1", "2"]
    assert "after round 2" in html


def test_a_round_in_play_is_not_counted() -> None:
    round_in_play()

    html = Client().get("/t/small/standings/1/").content.decode()

    assert '<span class="value">1</span>' in working(html, "PTS")
    assert [number for number, _ in contributions(working(html, "PTS"))] == ["1"]


def test_it_needs_a_fixed_number_of_queries(
    client: Client, worked_example: Tournament, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(7):  # the version (tournaments.cache) first; the open games
        client.get("/t/worked-example/standings/12/")


@pytest.mark.parametrize(
    "url",
    [
        "/t/worked-example/standings/15/",
        "/t/worked-example/standings/12/?round=8",
        "/t/nothing/standings/1/",
    ],
)
def test_an_unknown_player_round_or_slug_is_a_404(
    client: Client, worked_example: Tournament, url: str
) -> None:
    assert client.get(url).status_code == 404


def test_an_unknown_player_gets_a_message(client: Client, worked_example: Tournament) -> None:
    html = client.get("/t/worked-example/standings/15/").content.decode()

    assert "There is no player number 15." in html
