"""The public standings page `/t/<slug>/standings/`: ranks, values, sorting, HTMX, queries."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from standings.selectors import standings_edition, standings_lots_seed
from tests.standings.selectors.builders import TIEBREAKS, WORKED_EXAMPLE, round_in_play
from tests.standings.views.helpers import standings_rows
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


def command_line(tournament: Tournament, *extra: str) -> list[dict[str, object]]:
    """`python -m standings` on the same TRF file, with the tournament's list, edition and seed."""
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "standings",
            str(WORKED_EXAMPLE),
            "--tiebreaks",
            ",".join(["PTS", *TIEBREAKS]),
            "--edition",
            standings_edition(tournament).value,
            "--lots-seed",
            standings_lots_seed(tournament),
            "--json",
            *extra,
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    players: list[dict[str, object]] = json.loads(completed.stdout)["players"]
    return players


def as_fraction(value: object) -> Fraction | None:
    return None if value is None else Fraction(str(value))


@pytest.mark.parametrize("after_round", [None, 3])
def test_it_agrees_with_the_command_line(
    client: Client, worked_example: Tournament, after_round: int | None
) -> None:
    query = "" if after_round is None else f"?round={after_round}"
    extra = () if after_round is None else ("--round", str(after_round))

    html = client.get(f"/t/worked-example/standings/{query}").content.decode()

    rows = standings_rows(html)
    expected = command_line(worked_example, *extra)
    assert [(row.rank, row.number) for row in rows] == [
        (player["rank"], player["startno"]) for player in expected
    ]
    for row, player in zip(rows, expected, strict=True):
        values = player["values"]
        assert isinstance(values, dict)
        assert row.values == [as_fraction(values[code]) for code in ["PTS", *TIEBREAKS]]


def test_it_shows_the_worked_example_after_the_last_round(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/standings/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "After round 6 of 6." in html
    rows = standings_rows(html)
    assert [row.number for row in rows[:3]] == [2, 1, 5]
    assert rows[0].values[:4] == [Fraction(9, 2), Fraction(19), Fraction(21), Fraction(59, 4)]


def test_it_names_the_tie_breaks_publicly(client: Client, worked_example: Tournament) -> None:
    html = client.get("/t/worked-example/standings/").content.decode()

    assert "<strong>BH/C1</strong> — Buchholz cut 1" in html
    assert "<strong>SB</strong> — Sonneborn-Berger" in html
    # no player is separated by lot: no drawing-of-lots line, never the internal id (issue 31)
    assert "Drawing of lots" not in html and "seeded" not in html
    assert "2026 edition" in html
    assert "from the 2026 edition capped" in html  # the BH legend (issue 31)


def test_it_sorts_by_a_tie_break_highest_first_then_reversed(
    client: Client, worked_example: Tournament
) -> None:
    html = client.get("/t/worked-example/standings/?sort=BH").content.decode()
    reversed_html = client.get("/t/worked-example/standings/?sort=-BH").content.decode()

    by_buchholz = [row.values[2] or 0 for row in standings_rows(html)]
    assert by_buchholz == sorted(by_buchholz, reverse=True)
    assert [row.values[2] or 0 for row in standings_rows(reversed_html)] == sorted(by_buchholz)
    assert 'aria-sort="descending"' in html
    assert 'href="/t/worked-example/standings/?sort=-BH"' in html


def test_it_sorts_by_name_and_ignores_an_unknown_sort(
    client: Client, worked_example: Tournament
) -> None:
    by_name = standings_rows(client.get("/t/worked-example/standings/?sort=name").content.decode())
    unknown = standings_rows(client.get("/t/worked-example/standings/?sort=xyz").content.decode())

    assert [row.name for row in by_name] == sorted(row.name for row in by_name)
    assert [row.rank for row in unknown] == list(range(1, 15))


def test_an_htmx_request_gets_only_the_standings_table(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/standings/?sort=SB", headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="standings-table"')
    assert "<h1>" not in html
    assert len(standings_rows(html)) == 14
    assert "HX-Request" in response["Vary"]


def test_the_sort_links_keep_their_href_for_htmx(
    client: Client, worked_example: Tournament
) -> None:
    html = client.get("/t/worked-example/standings/?round=2").content.decode()

    links = re.findall(r'<a href="([^"]+)" hx-get="([^"]+)" hx-target="#standings-table"', html)
    assert len(links) == 5 + len(TIEBREAKS)
    assert all(href == hx_get and "round=2" in href for href, hx_get in links)


def test_it_needs_a_fixed_number_of_queries(
    client: Client, worked_example: Tournament, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(7):  # the version (tournaments.cache) first; the open games
        response = client.get("/t/worked-example/standings/")

    assert response.status_code == 200


def test_an_unknown_slug_is_a_404(client: Client) -> None:
    assert client.get("/t/no-such-tournament/standings/").status_code == 404


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?round=9", "There are no standings after round 9: the completed rounds are 1 to 6."),
        ("?round=abc", "The round must be a number, not &#x27;abc&#x27;."),
        ("?round=0", "There are no standings after round 0"),
    ],
)
def test_a_round_without_standings_gets_a_message(
    client: Client, worked_example: Tournament, query: str, message: str
) -> None:
    response = client.get(f"/t/worked-example/standings/{query}")

    assert response.status_code == 404
    assert message in response.content.decode()


def test_it_needs_no_login_and_changes_nothing(client: Client, worked_example: Tournament) -> None:
    assert client.get("/t/worked-example/standings/").status_code == 200
    assert client.post("/t/worked-example/standings/").status_code == 405


def test_it_refreshes_itself_while_a_round_is_in_play(client: Client) -> None:
    round_in_play()

    html = client.get("/t/small/standings/").content.decode()
    chosen = client.get("/t/small/standings/?round=1").content.decode()

    assert 'hx-get="/t/small/standings/" hx-trigger="every 60s"' in html
    assert "hx-trigger" not in chosen


def test_it_does_not_refresh_itself_once_the_tournament_is_over(
    client: Client, worked_example: Tournament
) -> None:
    html = client.get("/t/worked-example/standings/").content.decode()

    assert "hx-trigger" not in html
