"""Benchmark: the printed standings and pairing list (PDF) of a 1000-player, 11-round Swiss.

    PYTHONPATH=. .venv/bin/python benchmarks/bench_pdf.py [--players 1000] [--repeat 3]

Not a test: it prints how long the standings PDF takes, tie-breaks computed and drawn
(`compute_standings`, then `tournaments.documents.layout.document_pdf` with the columns of
the standings PDF: target under 5 seconds), and the pairing list by board of the last round.
Names mix Latin-extended and Cyrillic letters, so the font's subsetting is measured too.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

from benchmarks.bench_standings import TIEBREAKS, synthetic_state
from standings.tiebreaks import Edition, compute_standings, parse_codes
from standings.tiebreaks.display import format_value
from tournaments.documents.layout import Grid, Heading, Paper, Section, document_pdf
from tournaments.domain.state import Color, TournamentState

NAMES = ("Þórsson, Ægir", "Иванов, Пётр", "Nguyễn, Thị Đào", "Müller, Jürgen", "Kowalski, Łukasz")


def _name(number: int) -> str:
    return f"{NAMES[number % len(NAMES)]} {number}"


def standings_pdf(state: TournamentState) -> bytes:
    """The standings as the standings PDF draws them: rank, number, name, title, federation,
    rating, points and each tie-break."""
    codes = parse_codes(TIEBREAKS)
    standings = compute_standings(state, codes, edition=Edition.C07_2024)
    rating = {player.id: player.rating for player in state.players}
    texts = [code.text for code in codes[1:]]
    rows = [
        [
            str(row.rank),
            str(row.player_id),
            _name(row.player_id),
            "",
            "ISL",
            str(rating[row.player_id]),
            *(format_value(row.values[text]) for text in (codes[0].text, *texts)),
        ]
        for row in standings.rows
    ]
    fixed = (4, 4, 30, 5.5, 5, 5, 5)
    grid = Grid(
        ("Rk", "No", "Name", "Title", "Fed", "Rtg", "Pts", *texts),
        rows,
        (*fixed, *(6 for _ in texts)),
        numeric=frozenset(range(len(fixed) + len(texts))) - {2, 3, 4},
    )
    heading = Heading("Benchmark Open", "Standings after round 11")
    return document_pdf(heading, [Section("", grids=[grid])], Paper.A4)


def pairing_list_pdf(state: TournamentState) -> bytes:
    """The last round's pairing list by board, as the wall list draws it."""
    rows: list[list[str]] = []
    for player in state.players:
        last = player.history[-1]
        if last.color is Color.WHITE and last.opponent is not None:
            rows.append(
                [
                    str(len(rows) + 1),
                    str(player.id),
                    _name(player.id),
                    str(player.rating),
                    "5½",
                    last.outcome.value,
                    "5½",
                    str(last.opponent),
                    _name(last.opponent),
                    "2000",
                ]
            )
    grid = Grid(
        ("Bd", "No", "White", "Rtg", "Pts", "Result", "Pts", "No", "Black", "Rtg"),
        rows,
        (4, 4, 25, 6, 4, 9, 4, 4, 25, 6),
        numeric=frozenset({0, 1, 3, 4, 6, 7, 9}),
        size=10,
    )
    heading = Heading("Benchmark Open", "Round 11 pairings (by board)")
    return document_pdf(heading, [Section("", grids=[grid])], Paper.A4)


def _timed(make: Callable[[], bytes], repeat: int) -> tuple[list[float], list[float], int]:
    """Wall and CPU seconds of each run, and the PDF's size."""
    wall, cpu, size = [], [], 0
    for _ in range(repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        size = len(make())
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return wall, cpu, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    arguments = parser.parse_args()
    state = synthetic_state(arguments.players, arguments.rounds)
    for what, make in (
        ("standings PDF (tie-breaks computed and drawn)", lambda: standings_pdf(state)),
        ("pairing list PDF (last round, by board)", lambda: pairing_list_pdf(state)),
    ):
        wall, cpu, size = _timed(make, arguments.repeat)
        print(
            f"{arguments.players} players, {what}: wall best {min(wall):.2f} s, median "
            f"{statistics.median(wall):.2f} s; CPU best {min(cpu):.2f} s; {size // 1024} KiB; "
            f"{arguments.repeat} runs; load average {os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
