"""The 2025 development set (tests/data/reference/dev2025): 60 tournaments paired by the
endorsed engine for the 2025 edition (bbpPairings v6.0.0), every round replayed from the state
before it; the edition comes from each file's `192 FIDE_DUTCH_2025` record.

A few small tournaments run in every test run (among them those with [C5], [C9] and float-rule
differences from 2017); `pytest -m reference` replays all of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.engine.replay import DATA, differing_rounds

DEV2025 = DATA / "dev2025"
FAST = ["dev2025_002", "dev2025_006", "dev2025_012", "dev2025_014", "dev2025_018", "dev2025_026"]


@pytest.mark.parametrize("name", FAST)
def test_it_reproduces_every_round_of_small_2025_reference_tournaments(name: str) -> None:
    assert differing_rounds(DEV2025 / f"{name}.trf") == []


@pytest.mark.reference
@pytest.mark.parametrize("path", sorted(DEV2025.glob("dev2025_*.trf")), ids=lambda path: path.stem)
def test_it_reproduces_every_round_of_the_2025_development_set(path: Path) -> None:
    assert differing_rounds(path) == []
