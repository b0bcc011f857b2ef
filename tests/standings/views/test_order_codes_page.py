"""The TRF-2026 codes STD, TPN and RTNG on the standings page (issue 15): ranked as
`python -m standings` ranks them."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from django.test import Client

from standings.selectors import standings_edition, standings_lots_seed
from tests.standings.selectors.builders import WORKED_EXAMPLE
from tests.standings.views.helpers import standings_rows
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
CODES = ["STD", "RTNG/R", "TPN/R"]


def test_the_standings_page_ranks_by_std_rtng_and_tpn_as_the_command_line(
    client: Client, worked_example: Tournament
) -> None:
    worked_example.tiebreaks = CODES
    worked_example.save(update_fields=["tiebreaks"])
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "standings",
            str(WORKED_EXAMPLE),
            "--tiebreaks",
            ",".join(["PTS", *CODES]),
            "--edition",
            standings_edition(worked_example).value,
            "--lots-seed",
            standings_lots_seed(worked_example),
            "--json",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    expected = json.loads(completed.stdout)["players"]

    html = client.get("/t/worked-example/standings/").content.decode()

    rows = standings_rows(html)
    assert [(row.rank, row.number) for row in rows] == [
        (player["rank"], player["startno"]) for player in expected
    ]
    for row, player in zip(rows, expected, strict=True):
        assert row.values == [Fraction(str(player["values"][code])) for code in ["PTS", *CODES]]
    assert "<strong>RTNG/R</strong> — Rating reversed" in html
    assert "<strong>STD</strong> — Standard points" in html
