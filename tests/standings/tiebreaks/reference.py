"""The oracle's tie-break values in tests/data/reference/tiebreaks, and how to compare them.

Point-based values must be equal exactly; the oracle prints AOB rounded half up to two
decimals, and the rating-based values as the integers C.07 10 prescribes.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from standings.tiebreaks import Edition, compute_standings, parse_code
from tournaments.domain.state import TournamentState
from tournaments.domain.trf import parse_trf, tournament_state_from_trf

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "reference"
TIEBREAKS = REFERENCE / "tiebreaks"


def load_state(trf: Path) -> TournamentState:
    """The state after the last round of a TRF file."""
    return tournament_state_from_trf(parse_trf(trf.read_text(encoding="utf-8")))


def load_expected(path: Path) -> dict[str, Any]:
    expected: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return expected


def source_trf(expected: dict[str, Any]) -> Path:
    """The TRF a reference file was made from (its `source_trf` names the shared copy)."""
    return REFERENCE / str(expected["source_trf"]).removeprefix("shared/reference/")


def as_printed(code: str, value: Fraction | None) -> Fraction | None:
    """Our value as the oracle prints it: AOB rounded half up to two decimals."""
    if value is None or not code.startswith("AOB"):
        return value
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    return Fraction(exact.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Mismatch:
    startno: int
    code: str
    expected: object
    computed: Fraction | None


def compare(
    expected: dict[str, Any], edition: Edition = Edition.C07_2024
) -> tuple[int, list[Mismatch]]:
    """Compute every code of a reference file and compare: (values compared, mismatches)."""
    codes = [parse_code(code) for code in expected["tiebreaks"]]
    standings = compute_standings(load_state(source_trf(expected)), codes, edition=edition)
    computed = {row.player_id: row.values for row in standings.rows}
    compared, mismatches = 0, []
    for player in expected["players"]:
        for code, value in player["values"].items():
            ours = as_printed(code, computed[player["startno"]][code])
            wanted = None if value is None else Fraction(str(value))
            compared += 1
            if ours != wanted:
                mismatches.append(Mismatch(player["startno"], code, value, ours))
    return compared, mismatches
