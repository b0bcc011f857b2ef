"""`/t/<slug>/standings.csv`: the standings as CSV, equal to the command line's."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.standings.selectors.builders import TIEBREAKS, round_in_play
from tests.standings.views.test_standings_page import as_fraction, command_line
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def read_csv(content: bytes) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(content.decode("utf-8"))))


def test_it_has_a_line_per_player_with_every_column(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/standings.csv")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="worked-example-standings-round-6.csv"' in response["Content-Disposition"]
    rows = read_csv(response.content)
    assert list(rows[0]) == ["Rank", "No", "Name", "Title", "Fed", "Rating", "Points", *TIEBREAKS]
    assert rows[0] | {} == {
        "Rank": "1",
        "No": "2",
        "Name": "Bruno",
        "Title": "IM",
        "Fed": "",
        "Rating": "2500",
        "Points": "4.5",
        "BH/C1": "19",
        "BH": "21",
        "SB": "14.75",
        "DE": "0",
        "WIN": "3",
        "ARO": "2325",
    }
    assert len(rows) == 14


@pytest.mark.parametrize("after_round", [None, 4])
def test_it_agrees_with_the_command_line(
    client: Client, worked_example: Tournament, after_round: int | None
) -> None:
    query = "" if after_round is None else f"?round={after_round}"
    extra = () if after_round is None else ("--round", str(after_round))

    rows = read_csv(client.get(f"/t/worked-example/standings.csv{query}").content)

    expected = command_line(worked_example, *extra)
    assert [(int(row["Rank"]), int(row["No"])) for row in rows] == [
        (player["rank"], player["startno"]) for player in expected
    ]
    for row, player in zip(rows, expected, strict=True):
        values = player["values"]
        assert isinstance(values, dict)
        assert Fraction(row["Points"]) == as_fraction(values["PTS"])
        assert [Fraction(row[code]) for code in TIEBREAKS] == [
            as_fraction(values[code]) for code in TIEBREAKS
        ]


def test_it_counts_no_round_in_play() -> None:
    round_in_play()

    rows = read_csv(Client().get("/t/small/standings.csv").content)

    assert {row["Name"]: row["Points"] for row in rows} == {
        "Anna": "1",
        "Boris": "0.5",
        "Chiara": "0.5",
        "Dario": "0",
    }


def test_it_needs_a_fixed_number_of_queries(
    client: Client, worked_example: Tournament, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    with django_assert_num_queries(6):  # with the open games of the last round (Q161)
        client.get("/t/worked-example/standings.csv")


def test_an_unknown_slug_or_round_is_a_404(client: Client, worked_example: Tournament) -> None:
    assert client.get("/t/nothing/standings.csv").status_code == 404
    assert client.get("/t/worked-example/standings.csv?round=7").status_code == 404


def test_a_name_a_spreadsheet_would_run_is_written_as_text(
    client: Client, worked_example: Tournament
) -> None:
    """Issue 30 (OWASP CSV injection): a name stored before names were checked, starting with
    `=`, is exported with a leading apostrophe; the numbers stay numbers."""
    payload = '=HYPERLINK("http://evil.example","Bruno")'
    worked_example.players.filter(name="Bruno").update(name=payload)

    rows = read_csv(client.get("/t/worked-example/standings.csv").content)

    assert rows[0]["Name"] == "'" + payload
    assert rows[0]["Rank"] == "1" and rows[0]["Rating"] == "2500"
