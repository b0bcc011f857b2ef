"""The cross-test harness (benchmarks/crosstest.py, issue 18): the seeds' plans, how a recorded
round is compared with a pairing, and how bbpPairings' `-c` report is read (a stand-in script
prints that report, so the test needs no bbpPairings build)."""

from __future__ import annotations

import importlib.util
import stat
import sys
from dataclasses import replace
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
        "ours\t2017\t2\t20\t5\t5\tidentical\tbaku\t0\n"
        "ours\t2017\t3\t21\t5\t5\tidentical\tbaku\t2\n"
        "bbp\t2025\t4\t20\t5\t5\tidentical\tbaku\t-\n"
    )
    monkeypatch.setattr(crosstest, "PROGRESS", progress)

    assert crosstest.totals().splitlines()[1:] == [
        "bbp 2025 baku 1 5 0 0 0 20 0 0",
        "bbp 2025 none 2 14 2 1 1 300 0 0",
        "ours 2017 baku 2 10 0 0 0 21 2 1",
        "ours 2017 none 1 6 1 1 0 41 0 0",
    ]
    assert crosstest.done_seeds("ours", "2017") == {1}
    assert crosstest.done_seeds("ours", "2017", "baku") == {2, 3}


def test_a_batch_row_keeps_the_first_ten_columns_and_adds_its_own_at_the_end(
    crosstest: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "log.md"
    old_header = "| finished (UTC) | direction | edition | seeds | CPU s |\n|---|---|\n"
    log.write_text("# Cross-test batches\n\n" + old_header + "| 2026-11-23 21:15 | bbp |\n")
    monkeypatch.setattr(crosstest, "LOG", log)

    crosstest.append_log("| row 1 |\n")
    crosstest.append_log("| row 2 |\n")

    tables = log.read_text().split("\n\n")
    assert tables[-1] == crosstest.LOG_HEADER + "| row 1 |\n| row 2 |\n"
    columns = crosstest.LOG_HEADER.splitlines()[0].split(" | ")
    assert columns[:10] == [
        "| finished (UTC)",
        "direction",
        "edition",
        "seeds",
        "players",
        "tournaments",
        "rounds",
        "differing rounds",
        "not generated",
        "CPU s",
    ]
    assert columns[10:] == ["acceleration", "ranks checked", "ranks contradicted |"]


def test_our_accelerated_tournament_has_its_ranks_checked_by_the_standings(
    crosstest: ModuleType, tmp_path: Path
) -> None:
    plan = crosstest.Plan(seed=4, players=14, rounds=5)
    doc = crosstest.our_tournament(plan, "PlayersNumber=14\nRoundsNumber=5\nAcceleration=baku\n")
    path = tmp_path / "t.trf"
    path.write_text(crosstest.write_trf(doc))

    assert doc.accelerations
    assert crosstest.contradicted_ranks(path) == 0
    first, second = doc.players[:2]
    swapped = (replace(first, rank=second.rank), replace(second, rank=first.rank))
    path.write_text(crosstest.write_trf(replace(doc, players=swapped + doc.players[2:])))
    assert crosstest.contradicted_ranks(path) == 2


def test_the_model_of_an_accelerated_bbp_tournament_carries_baku_and_full_ratings(
    crosstest: ModuleType, tmp_path: Path
) -> None:
    plan = crosstest.Plan(seed=11, players=20, rounds=5)

    model = crosstest.bbp_model(plan, "2025", tmp_path)

    doc = crosstest.parse_trf(model.read_text())
    assert doc.pairing_system == "FIDE_DUTCH_2025_BAKU"
    assert doc.accelerations
    assert all(player.rating for player in doc.players)  # bbpPairings refuses a zero rating
