"""Benchmark: the Dutch engine on 1000, 2000 and 4000 players, time and peak memory per round.

    .venv/bin/python benchmarks/bench_pairing.py [--only 1000] [--rounds 1-3] [--timeout 600]
                                                 [--profile DIR]
    .venv/bin/python benchmarks/bench_pairing.py --generated 500 [--generated-rounds 9] [--seed 1]

Not a test. Each round of tests/data/reference/perf/perf_dev_{1000,2000}.trf and
benchmarks/data/perf_gen_4000.trf is paired in a
fresh process from the state before the round (`tournament_state_from_trf(doc, r)`, as the replay
harness builds it), so that the peak resident memory of that process belongs to that round;
the pairing is compared with the one the file records (pairs, colours, bye). A round that takes
longer than --timeout seconds is stopped and reported as such. `--generated N` times the engine
on a tournament made by the random tournament generator instead. See benchmarks/README.md.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import math
import pstats
import resource
import signal
import subprocess
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from types import FrameType
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.engine import DutchConfig, Edition, PairingError, RoundPairing, pair  # noqa: E402
from pairing.generator import GeneratorConfig, generate_tournament  # noqa: E402
from tournaments.domain.state import TournamentState  # noqa: E402
from tournaments.domain.trf import (  # noqa: E402
    TrfDocument,
    parse_trf,
    recorded_pairing,
    tournament_state_from_trf,
)

PERF: Final = ROOT / "tests" / "data" / "reference" / "perf"
FILES: Final = {
    1000: PERF / "perf_dev_1000.trf",
    2000: PERF / "perf_dev_2000.trf",
    4000: ROOT / "benchmarks" / "data" / "perf_gen_4000.trf",
}
"""The reference engine paired the 1000- and 2000-player files; the 4000-player one is our
generator's (`-g`, seed 4000, the perf files' settings; see benchmarks/README.md): its rounds
are compared with what this engine paired when it was made, a regression check."""
REFERENCE: Final = {
    1000: "C++ bbpPairings: 41 s in total; round 1 12.7 s, round 2 5.0 s, late rounds about 2 s",
    2000: "C++ bbpPairings: 486 s in total; round 1 170 s, round 2 74 s, late rounds 17-25 s",
    4000: "C++ bbpPairings not run at 4000 players; this engine before issue 21: round 2 202 s, "
    "2.19 GB",
}
"""The reference engine on this 2-core machine class (tests/data/reference/perf/README.md)."""
EDITIONS: Final = {"2017": Edition.DUTCH_2017, "2025": Edition.DUTCH_2025}
EDITIONS_BY_VALUE: Final = {edition: name for name, edition in EDITIONS.items()}
REFERENCE_ROUNDS: Final = {1000: {1: 12.7, 2: 5.0}, 2000: {1: 170.0, 2: 74.0}, 4000: {}}


@dataclass(frozen=True, slots=True)
class RoundRun:
    """One round's measurement; `status` is "ok", "timeout" or the error raised."""

    round_number: int
    status: str
    paired: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    peak_mib: float = 0.0
    identical: bool = False
    differences: int = 0


def peak_mib() -> float:
    """The peak resident memory of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def board_set(pairing: RoundPairing) -> set[tuple[int, int]]:
    return {(board.white, board.black) for board in pairing.boards}


def compare(doc: TrfDocument, round_number: int, pairing: RoundPairing) -> int:
    """How many boards (and the bye) differ from the pairing the file records: 0 if identical.

    A recorded game without colours (a forfeit written `-`) matches either colour order.
    """
    recorded = recorded_pairing(doc, round_number)
    ours = board_set(pairing)
    theirs: set[tuple[int, int]] = set()
    for game in recorded.games:
        reversed_pair = (game.black, game.white)
        if not game.colors_recorded and reversed_pair in ours:
            theirs.add(reversed_pair)
        else:
            theirs.add((game.white, game.black))
    return len(ours ^ theirs) // 2 + (recorded.bye != pairing.bye)


class RoundTimeout(Exception):
    """A round took longer than --timeout."""


def _raise_timeout(signum: int, frame: FrameType | None) -> None:
    raise RoundTimeout


def timed_pair(
    state: TournamentState,
    timeout: float,
    profile: Path | None,
    edition: Edition = Edition.DUTCH_2017,
) -> RoundPairing:
    """`pair()` interrupted after `timeout` seconds (RoundTimeout); with `profile`, under
    cProfile, the statistics written to `profile` (.prof) and its top functions to .txt."""
    signal.signal(signal.SIGALRM, _raise_timeout)
    signal.setitimer(signal.ITIMER_REAL, timeout)
    profiler = cProfile.Profile() if profile else None
    config = DutchConfig(edition=edition)
    try:
        if profiler is None:
            return pair(state, config)
        return profiler.runcall(pair, state, config)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        if profiler is not None and profile is not None:
            profiler.dump_stats(profile)
            with profile.with_suffix(".txt").open("w", encoding="utf-8") as text:
                stats = pstats.Stats(profiler, stream=text)
                stats.sort_stats("cumulative").print_stats(40)
                stats.sort_stats("tottime").print_stats(25)


def run_one_round(
    path: Path,
    round_number: int,
    timeout: float,
    profile: Path | None = None,
    edition: Edition = Edition.DUTCH_2017,
) -> RoundRun:
    """Worker: pair one round of `path` in this process and measure it."""
    doc = parse_trf(path.read_text(encoding="utf-8"))
    state = tournament_state_from_trf(doc, round_number)
    start, start_cpu = time.perf_counter(), time.process_time()
    try:
        pairing = timed_pair(state, timeout, profile, edition)
    except RoundTimeout:
        cpu = time.process_time() - start_cpu
        status = f"timeout after {timeout:g} s (cpu {cpu:.0f} s, peak {peak_mib():.0f} MiB)"
        return RoundRun(round_number, status)
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    differences = compare(doc, round_number, pairing)
    return RoundRun(
        round_number=round_number,
        status="ok",
        paired=2 * len(pairing.boards) + (pairing.bye is not None),
        wall=wall,
        cpu=cpu,
        peak_mib=peak_mib(),
        identical=differences == 0,
        differences=differences,
    )


def measure_round(
    path: Path, round_number: int, timeout: float, profile: Path | None, edition: Edition
) -> RoundRun:
    """Pair one round in a fresh process; it stops itself after `timeout` seconds, and is
    killed if it does not."""
    command = [sys.executable, __file__, "--worker", str(path), str(round_number), str(timeout)]
    command += ["--edition", EDITIONS_BY_VALUE[edition]]
    if profile is not None:
        command += ["--profile", str(profile / f"{path.stem}_r{round_number:02d}.prof")]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=timeout + 60)
    except subprocess.TimeoutExpired:
        return RoundRun(round_number=round_number, status=f"killed after {timeout + 60:g} s")
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        return RoundRun(round_number=round_number, status=f"error: {last}")
    return RoundRun(**json.loads(done.stdout))


def parse_rounds(text: str | None, last: int) -> list[int]:
    """`--rounds 3` or `--rounds 1-3`; every round of the file by default."""
    if text is None:
        return list(range(1, last + 1))
    first, _, final = text.partition("-")
    rounds = list(range(int(first), int(final or first) + 1))
    if not rounds or rounds[0] < 1 or rounds[-1] > last:
        raise SystemExit(f"--rounds {text}: the file has rounds 1-{last}")
    return rounds


HEADER: Final = (
    f"{'round':>5} {'paired':>6} {'wall s':>8} {'cpu s':>8} {'peak MiB':>8} {'identical':>9} "
    f"{'C++ s':>6}"
)


def row(run: RoundRun, reference: float | None, *, compared: bool = True) -> str:
    """One line of the table; `reference` is the C++ engine's time for the round, if known."""
    if run.status != "ok":
        return f"{run.round_number:>5} {run.status}"
    same = "-" if not compared else "yes" if run.identical else f"no ({run.differences})"
    cpp = "" if reference is None else f"{reference:.1f}"
    return (
        f"{run.round_number:>5} {run.paired:>6} {run.wall:>8.2f} {run.cpu:>8.2f} "
        f"{run.peak_mib:>8.1f} {same:>9} {cpp:>6}"
    )


def summary(runs: list[RoundRun]) -> str:
    measured = [run for run in runs if run.status == "ok"]
    total = sum(run.wall for run in measured)
    cpu = sum(run.cpu for run in measured)
    slowest = max((run.wall for run in measured), default=0.0)
    peak = max((run.peak_mib for run in measured), default=0.0)
    identical = sum(run.identical for run in measured)
    return (
        f"total {total:.1f} s (cpu {cpu:.1f} s) over {len(measured)}/{len(runs)} rounds, "
        f"slowest round {slowest:.1f} s, peak {peak:.0f} MiB, identical {identical}/{len(runs)}"
    )


def bench_files(
    players: list[int],
    rounds: str | None,
    timeout: float,
    profile: Path | None,
    edition: Edition = Edition.DUTCH_2017,
) -> bool:
    """Pair the selected rounds of each reference file; True when all were identical (by
    the 2025 edition, which the files were not paired with, only timed: True when all ran)."""
    compared = edition is Edition.DUTCH_2017
    all_good = True
    for size in players:
        path = FILES[size]
        doc = parse_trf(path.read_text(encoding="utf-8"))
        name = EDITIONS_BY_VALUE[edition]
        print(f"\n{path.name}: {size} players, {name} rules, each round in a fresh process")
        print(HEADER)
        runs = []
        for round_number in parse_rounds(rounds, doc.rounds_in_file):
            runs.append(measure_round(path, round_number, timeout, profile, edition))
            reference = REFERENCE_ROUNDS[size].get(round_number)
            print(row(runs[-1], reference, compared=compared), flush=True)
        text = summary(runs)
        print(text if compared else text.rsplit(", identical", 1)[0])
        print(REFERENCE[size])
        if compared:
            all_good &= all(run.identical for run in runs)
        else:
            all_good &= all(run.status == "ok" for run in runs)
    return all_good


def bench_generated(players: int, rounds: int | None, seed: int, timeout: float) -> None:
    """Time the engine round by round on a generated tournament (in this process)."""
    config = GeneratorConfig(
        players=players,
        rounds=rounds or min(11, math.ceil(math.log2(players)) + 3, players - 2),
        draw_percentage=30,
        forfeit_rate=50,
        zero_bye_rate=40,
        half_bye_rate=30,
        highest_rating=2750,
        lowest_rating=1100,
        withdrawal_rate=60,
        late_entry_rate=80,
    )
    runs: list[RoundRun] = []

    def measured_pair(state: TournamentState) -> RoundPairing:
        start, start_cpu = time.perf_counter(), time.process_time()
        pairing = timed_pair(state, timeout, None)
        runs.append(
            RoundRun(
                round_number=state.next_round,
                status="ok",
                paired=2 * len(pairing.boards) + (pairing.bye is not None),
                wall=time.perf_counter() - start,
                cpu=time.process_time() - start_cpu,
                peak_mib=peak_mib(),
            )
        )
        print(row(runs[-1], None, compared=False), flush=True)
        return pairing

    print(f"generated: {players} players, {config.rounds} rounds, seed {seed}, one process")
    print(HEADER)
    try:
        generate_tournament(config, seed, pair=measured_pair)
    except RoundTimeout:
        runs.append(RoundRun(round_number=len(runs) + 1, status=f"timeout after {timeout:g} s"))
        print(row(runs[-1], None))
    except PairingError as error:
        runs.append(RoundRun(round_number=len(runs) + 1, status=f"error: {error!r}"))
        print(row(runs[-1], None))
    print(summary(runs).rsplit(", identical", 1)[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", type=int, choices=sorted(FILES), help="one file only")
    parser.add_argument("--rounds", help="rounds to pair: 3 or 1-3 (default: all)")
    parser.add_argument("--timeout", type=float, default=600.0, help="seconds per round")
    parser.add_argument("--generated", type=int, metavar="N", help="a generated tournament")
    parser.add_argument("--generated-rounds", type=int, metavar="R")
    parser.add_argument("--seed", type=int, default=1, help="generator seed (default 1)")
    parser.add_argument("--profile", type=Path, metavar="DIR", help="cProfile each round into DIR")
    parser.add_argument(
        "--edition",
        choices=sorted(EDITIONS),
        default="2017",
        help="rules edition (default 2017, the files' own; 2025 is timed, not compared)",
    )
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        path, round_number, timeout = args.worker
        run = run_one_round(
            Path(path), int(round_number), float(timeout), args.profile, EDITIONS[args.edition]
        )
        print(json.dumps(asdict(run)))
        return 0
    if args.generated:
        bench_generated(args.generated, args.generated_rounds, args.seed, args.timeout)
        return 0
    sizes = [args.only] if args.only else sorted(FILES)
    if args.profile is not None:
        args.profile.mkdir(parents=True, exist_ok=True)
    edition = EDITIONS[args.edition]
    return 0 if bench_files(sizes, args.rounds, args.timeout, args.profile, edition) else 1


if __name__ == "__main__":
    sys.exit(main())
