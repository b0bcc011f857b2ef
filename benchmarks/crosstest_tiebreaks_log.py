"""The bookkeeping of `crosstest_tiebreaks.py`: the resumable progress file (one row per
tournament), its totals, and the batches' log (`benchmarks/crosstest-tiebreaks-log.md`)."""

from __future__ import annotations

import argparse
import datetime
import os
import subprocess
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent

PROGRESS: Final = ROOT / "build" / "crosstest-tiebreaks" / "progress.tsv"


LOG: Final = ROOT / "benchmarks" / "crosstest-tiebreaks-log.md"


LOG_HEADER: Final = (
    "| finished (UTC) | commit | source | seeds | players | tournaments | values 2023 / 2024 / "
    "2026 | differing 2023 / 2024 / 2026 | unexplained | files with an unexplained difference "
    "| ranks checked / contradicted | open | CPU s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
)


def done_seeds(source: str) -> set[int]:
    if not PROGRESS.exists():
        return set()
    rows = (line.split("\t") for line in PROGRESS.read_text(encoding="utf-8").splitlines())
    return {int(fields[1]) for fields in rows if fields[0] == source}


def record(fields: list[object]) -> None:
    PROGRESS.parent.mkdir(parents=True, exist_ok=True)
    with PROGRESS.open("a", encoding="utf-8") as progress:
        progress.write("\t".join(map(str, fields)) + "\n")


def commit() -> str:
    """The commit the batch runs on: `$CROSSTEST_COMMIT` (a run from an exported snapshot),
    else the checkout's HEAD."""
    if os.environ.get("CROSSTEST_COMMIT"):
        return os.environ["CROSSTEST_COMMIT"]
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    return done.stdout.strip() or "?"


def summed(rows: list[list[str]]) -> list[int]:
    """tournaments, values and differing per edition (6), unexplained, files, ranks checked,
    ranks contradicted, open."""
    total = [0] * 12
    for row in rows:
        if row[6] == "not generated":
            continue
        numbers = [int(field) for field in row[6:]]
        total[0] += 1
        for index in range(6):
            total[1 + index] += numbers[index]
        total[7] += numbers[6]
        total[8] += numbers[6] > 0
        total[9] += numbers[7]
        total[10] += numbers[8]
        total[11] += numbers[9] if len(numbers) > 9 else 0
    return total


def totals() -> str:
    rows = [line.split("\t") for line in PROGRESS.read_text(encoding="utf-8").splitlines()]
    lines = [
        "source variant tournaments values(2023,2024,2026) differing(2023,2024,2026) "
        "unexplained files ranks-checked ranks-contradicted open"
    ]
    groups = sorted({(row[0], row[3]) for row in rows} | {(row[0], "all") for row in rows})
    for source, variant in groups:
        chosen = [row for row in rows if row[0] == source and variant in ("all", row[3])]
        t = summed(chosen)
        lines.append(
            f"{source} {variant} {t[0]} {t[1]},{t[3]},{t[5]} {t[2]},{t[4]},{t[6]} "
            f"{t[7]} {t[8]} {t[9]} {t[10]} {t[11]}"
        )
    return "\n".join(lines)


def append_log(args: argparse.Namespace, rows: list[list[object]], cpu: float) -> None:
    if not LOG.exists():
        LOG.write_text(
            "# Tie-break cross-test batches (benchmarks/crosstest_tiebreaks.py)\n\n" + LOG_HEADER
        )
    t = summed([[str(field) for field in row] for row in rows])
    finished = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")
    seeds = f"{args.seeds.start}-{args.seeds.stop - 1}"
    sizes = f"{args.players.start}-{args.players.stop - 1}"
    with LOG.open("a", encoding="utf-8") as log:
        log.write(
            f"| {finished} | {commit()} | {args.source} | {seeds} | {sizes} | {t[0]} "
            f"| {t[1]} / {t[3]} / {t[5]} | {t[2]} / {t[4]} / {t[6]} | {t[7]} | {t[8]} "
            f"| {t[9]} / {t[10]} | {t[11]} | {cpu:.0f} |\n"
        )
