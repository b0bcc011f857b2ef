"""Benchmark: C.07 standings with 8 tie-breaks for a synthetic 4000-player, 11-round Swiss.

    .venv/bin/python benchmarks/bench_standings.py [--players 4000] [--rounds 11] [--repeat 5]

Not a test: it prints the time `compute_standings` takes (target: under 1 second). The
tournament is generated with a fixed seed: each round pairs neighbours in score order, with
draws, forfeits, half-point and zero-point byes, a pairing-allocated bye for an odd field and
players who withdraw.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from standings.tiebreaks import Edition, compute_standings, parse_codes
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

TIEBREAKS = "PTS,DE,BH/C1,BH,SB,ARO,TPR,WIN,PS"
"""Points and eight tie-breaks."""

_RESULTS = (
    (Outcome.WIN, Outcome.LOSS),
    (Outcome.DRAW, Outcome.DRAW),
    (Outcome.LOSS, Outcome.WIN),
)


def synthetic_state(players: int, rounds: int, seed: int = 2026) -> TournamentState:
    """A complete Swiss tournament of `players` players and `rounds` rounds."""
    rng = random.Random(seed)
    ids = [PlayerId(number) for number in range(1, players + 1)]
    ratings = {pid: 2800 - (pid * 1800) // players for pid in ids}
    histories: dict[PlayerId, list[RoundRecord]] = {pid: [] for pid in ids}
    score = dict.fromkeys(ids, 0)
    withdrawn: set[PlayerId] = set()
    for _ in range(rounds):
        absent = {pid for pid in ids if pid in withdrawn or rng.random() < 0.02}
        if rng.random() < 0.5:
            withdrawn.add(rng.choice(ids))
        for pid in absent:
            outcome = (
                Outcome.ABSENT
                if pid in withdrawn
                else rng.choice((Outcome.HALF_BYE, Outcome.ZERO_BYE))
            )
            histories[pid].append(RoundRecord(None, Color.NONE, outcome))
            score[pid] += 1 if outcome is Outcome.HALF_BYE else 0
        present = sorted(
            (pid for pid in ids if pid not in absent), key=lambda pid: (-score[pid], pid)
        )
        if len(present) % 2:
            bye = present.pop()
            histories[bye].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
            score[bye] += 2
        for white, black in zip(present[::2], present[1::2], strict=True):
            if rng.random() < 0.01:
                first, second = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
            else:
                first, second = rng.choice(_RESULTS)
            histories[white].append(RoundRecord(black, Color.WHITE, first))
            histories[black].append(RoundRecord(white, Color.BLACK, second))
            score[white] += {"1": 2, "=": 1, "+": 2}.get(first.value, 0)
            score[black] += {"1": 2, "=": 1, "+": 2}.get(second.value, 0)
    return TournamentState(
        total_rounds=rounds,
        players=tuple(
            PlayerState(id=pid, rating=ratings[pid], history=tuple(histories[pid])) for pid in ids
        ),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=4000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=5)
    arguments = parser.parse_args()
    state = synthetic_state(arguments.players, arguments.rounds)
    codes = parse_codes(TIEBREAKS)
    wall, cpu = [], []
    for _ in range(arguments.repeat):
        start, start_cpu = time.perf_counter(), time.process_time()
        compute_standings(state, codes, edition=Edition.C07_2024)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    print(
        f"{arguments.players} players, {arguments.rounds} rounds, {TIEBREAKS}: "
        f"wall best {min(wall):.3f} s, median {statistics.median(wall):.3f} s; "
        f"CPU best {min(cpu):.3f} s; {arguments.repeat} runs; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
