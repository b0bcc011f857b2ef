"""Shared input of the TRF tests: a small hand-written file."""

from __future__ import annotations

from pathlib import Path

import pytest

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "reference"


@pytest.fixture
def small_trf() -> str:
    """Four players, two rounds played, a third announced (data/small.trf).

    Columns as in C.04 Annex 2 (TRF16): the pairing number ends at column 8, the rating starts
    at 49, the points at 81, round 1 at 92. The player lines are lines 5 to 8.
    """
    return (Path(__file__).parent / "data" / "small.trf").read_text(encoding="utf-8")
