"""The development set (tests/data/reference/dev): 80 tournaments paired by the endorsed
reference engine, every round replayed from the state before it.

Ten small tournaments run in every test run; `make test-reference` replays all of them.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.engine.replay import DATA, differing_rounds

DEV = DATA / "dev"
FAST = ["dev_005", "dev_008", "dev_012", "dev_016", "dev_022", "dev_023", "dev_025", "dev_031"]
FAST += ["dev_036", "dev_039"]


@pytest.mark.parametrize("name", FAST)
def test_it_reproduces_every_round_of_small_reference_tournaments(name: str) -> None:
    assert differing_rounds(DEV / f"{name}.trf") == []


@pytest.mark.reference
@pytest.mark.parametrize("path", sorted(DEV.glob("dev_*.trf")), ids=lambda path: path.stem)
def test_it_reproduces_every_round_of_the_development_set(path: Path) -> None:
    assert differing_rounds(path) == []
