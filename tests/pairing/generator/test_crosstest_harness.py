"""The cross-test harness (benchmarks/crosstest.py, issue 18): the seeds' plans, how a recorded
round is compared with a pairing, and how bbpPairings' `-c` report is read (a stand-in script
prints that report, so the test needs no bbpPairings build)."""

from __future__ import annotations

import importlib.util
import stat
import sys
from pathlib import Path
from types import ModuleType

import pytest

from pairing.engine import Board, RoundPairing
from tournaments.domain.state import PlayerId
from tournaments.domain.trf import RecordedGame, RecordedPairing

HARNESS = Path(__file__).resolve().parents[3] / "benchmarks" / "crosstest.py"
REPORT = """t: Round #1
t: Round #2
  Checker pairings        Tournament pairings
      2 -   6                  6 -   2

t: Round #3
No valid pairing exists for round 3.
t: Round #4

"""


@pytest.fixture(scope="module")
def crosstest() -> ModuleType:
    spec = importlib.util.spec_from_file_location("crosstest", HARNESS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def _stand_in(tmp_path: Path, report: str, status: int) -> Path:
    (tmp_path / "report.txt").write_text(report)
    script = tmp_path / "bbp"
    script.write_text(f"#!/bin/sh\ncat {tmp_path / 'report.txt'}\nexit {status}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return script


def test_it_reads_the_rounds_the_checker_reports_as_differing(
    crosstest: ModuleType, tmp_path: Path
) -> None:
    binary = _stand_in(tmp_path, REPORT, 0)

    assert crosstest.bbp_differing_rounds(binary, tmp_path / "t.trf") == [2, 3]


def test_a_checker_that_fails_is_an_error_not_an_agreement(
    crosstest: ModuleType, tmp_path: Path
) -> None:
    binary = _stand_in(tmp_path, "", 3)

    with pytest.raises(RuntimeError, match="exit 3"):
        crosstest.bbp_differing_rounds(binary, tmp_path / "t.trf")


def test_a_pairing_agrees_only_with_the_same_colours_and_bye(crosstest: ModuleType) -> None:
    one, two, three, four, five = (PlayerId(n) for n in range(1, 6))
    recorded = RecordedPairing(
        round_number=3,
        games=(RecordedGame(one, two), RecordedGame(three, four, colors_recorded=False)),
        bye=five,
    )

    def pairing(boards: list[Board], bye: PlayerId | None) -> RoundPairing:
        return RoundPairing(boards=tuple(boards), bye=bye, explanation=())

    assert crosstest.pairing_agrees(recorded, pairing([Board(one, two), Board(four, three)], five))
    assert not crosstest.pairing_agrees(
        recorded, pairing([Board(two, one), Board(three, four)], five)
    )
    assert not crosstest.pairing_agrees(
        recorded, pairing([Board(one, two), Board(three, four)], None)
    )
    assert not crosstest.pairing_agrees(
        recorded, pairing([Board(one, three), Board(two, four)], five)
    )


def test_the_plans_cover_the_size_range_both_parities_and_playable_rounds(
    crosstest: ModuleType,
) -> None:
    plans = [crosstest.plan_of(seed, 7, 40) for seed in range(1, 301)]

    assert all(7 <= plan.players <= 40 for plan in plans)
    assert all(3 <= plan.rounds <= min(11, plan.players - 2) for plan in plans)
    assert {plan.players % 2 for plan in plans} == {0, 1}
    assert plans == [crosstest.plan_of(seed, 7, 40) for seed in range(1, 301)]


def test_the_totals_sum_the_progress_file_by_direction_and_edition(
    crosstest: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    progress = tmp_path / "progress.tsv"
    progress.write_text(
        "bbp\t2025\t1\t12\t5\t5\tidentical\n"
        "bbp\t2025\t2\t300\t9\t9\t4,7\n"
        "bbp\t2025\t3\t9\t5\t0\tnot generated\n"
        "ours\t2017\t1\t41\t6\t6\t2\n"
    )
    monkeypatch.setattr(crosstest, "PROGRESS", progress)

    assert crosstest.totals().splitlines()[1:] == [
        "bbp 2025 2 14 2 1 1 300",
        "ours 2017 1 6 1 1 0 41",
    ]
