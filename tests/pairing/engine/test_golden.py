"""Golden files: the worked example of the seeds and every disagreement with the reference
engine that was found and fixed (tests/pairing/engine/cases)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pairing.engine.replay import CASES, DATA, pair_file

WORKED = DATA / "worked-example" / "rounds"


@pytest.mark.parametrize("round_number", range(1, 7))
def test_it_reproduces_every_round_of_the_worked_example(round_number: int) -> None:
    expected = (WORKED / f"round-{round_number}-expected.txt").read_text(encoding="utf-8")
    assert pair_file(WORKED / f"round-{round_number}-input.trf") == expected


@pytest.mark.parametrize("case", sorted(CASES.glob("*.trf")), ids=lambda path: path.stem)
def test_it_reproduces_the_reference_pairing_of_each_golden_case(case: Path) -> None:
    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    assert pair_file(case) == expected


def test_it_leaves_the_xxz_players_out_of_the_round_it_pairs() -> None:
    # Issue 13: issue13_xxz.trf is dev_004_r06.trf with `XXZ 1`; player 1 gets no board.
    case = CASES / "issue13_xxz.trf"
    lines = pair_file(case).splitlines()[1:]

    assert "XXZ 1" in case.read_text(encoding="utf-8").splitlines()
    assert all("1" not in line.split() for line in lines)
    assert len(lines) == 8


def test_it_pairs_round_5_of_the_javafo_manual_sample_as_the_manual_prints_it() -> None:
    # Issue 13: the TRF(x) sample of the JaVaFo Advanced User Manual (XX Open Internacional de
    # Gros 2010) and the pairing of round 5 the manual prints. Players 22, 28 and 43 miss the
    # round: in the manual's file by their round-5 `Z`/`H` entries, in the `_xxz` variant by
    # `XXZ 22 28 43` (their round-5 entries removed).
    expected = (CASES / "javafo_gros2010_r05.expected").read_text(encoding="utf-8")
    variant = CASES / "javafo_gros2010_r05_xxz.trf"

    assert "XXZ 22 28 43" in variant.read_text(encoding="utf-8").splitlines()
    for case in (CASES / "javafo_gros2010_r05.trf", variant):
        pairing = pair_file(case)
        assert pairing == expected
        assert not {"22", "28", "43"} & set(pairing.split())
