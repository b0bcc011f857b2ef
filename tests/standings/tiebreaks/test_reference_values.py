"""The oracle's values (TieBreakServer, 2024 rule set) for the seed example, the FIDE TEC
exercises, the worked example and every development tournament (tests/data/reference).

The fast run checks the small files; `pytest -m reference` sweeps all 80 dev tournaments.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from standings.tiebreaks import Edition, compute_standings, parse_code, parse_codes
from tests.standings.tiebreaks.reference import (
    TIEBREAKS,
    Mismatch,
    as_printed,
    compare,
    load_expected,
    load_state,
    source_trf,
)
from tournaments.domain.state import PlayerId

SMALL_FILES = [
    "c07-seed-example.expected.json",
    "tec-exercise-swiss.expected.json",
    "tec-exercise-swiss-de.expected.json",
    "worked-example.expected.json",
]
DEV_FILES = sorted((TIEBREAKS / "dev").glob("dev_*.json"))
DEV_VALUES = 208_960
"""Values in the 80 dev files (players x codes); the sweep must compare every one."""


@pytest.mark.parametrize("name", SMALL_FILES)
def test_it_reproduces_every_oracle_value_of_the_small_reference_files(name: str) -> None:
    compared, mismatches = compare(load_expected(TIEBREAKS / name))
    assert compared > 0
    assert mismatches == []


@pytest.mark.parametrize("path", DEV_FILES[:6], ids=lambda path: path.stem)
def test_it_reproduces_every_oracle_value_of_the_first_dev_tournaments(path: Path) -> None:
    compared, mismatches = compare(load_expected(path))
    assert compared > 0
    assert mismatches == []


@pytest.mark.reference
def test_it_reproduces_every_oracle_value_of_every_dev_tournament() -> None:
    total = 0
    mismatches: list[tuple[str, Mismatch]] = []
    for path in DEV_FILES:
        compared, found = compare(load_expected(path))
        total += compared
        mismatches.extend((path.stem, mismatch) for mismatch in found)
    assert len(DEV_FILES) == 80
    assert total == DEV_VALUES
    assert mismatches == []


def test_it_agrees_with_the_values_sharly_chess_takes_from_the_tec_exercise() -> None:
    """An independent check: the values Sharly-Chess's tests expect for the TEC exercise (all
    but ARO/C1 of #12, one game played: Sharly expects 0, C.07 leaves it undefined)."""
    expected = load_expected(TIEBREAKS / "tec-exercise-swiss.expected.json")
    wanted = expected["expected_in_sharly_tests"]
    codes = [parse_code(code) for code in wanted]
    standings = compute_standings(load_state(source_trf(expected)), codes, edition=Edition.C07_2024)
    computed = {row.player_id: row.values for row in standings.rows}
    compared = 0
    for code, by_player in wanted.items():
        for startno, value in by_player.items():
            if (code, startno) == ("ARO/C1", "12"):
                assert computed[PlayerId(12)][code] is None
                continue
            ours = as_printed(code, computed[PlayerId(int(startno))][code])
            assert ours == Fraction(str(value)), (code, startno)
            compared += 1
    assert compared == 360


def test_it_orders_the_tec_direct_encounter_exercise_as_published() -> None:
    """Among the players on 6.0: #6 first, #1 and #4 equal, then #2 (TEC exercise, p. 43)."""
    state = load_state(TIEBREAKS / "tec-exercise-swiss-de.trf")
    standings = compute_standings(state, parse_codes("PTS,DE"), edition=Edition.C07_2024)
    tied = {row.player_id: row.values["DE"] for row in standings.rows if row.values["PTS"] == 6}
    assert tied == {6: 1, 1: 2, 4: 2, 2: 4}
