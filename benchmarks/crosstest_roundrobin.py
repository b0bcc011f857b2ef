"""Round-robin pairing cross-test: our Berger tables against TieBreakServer's (issue 39).

    .venv/bin/python benchmarks/crosstest_roundrobin.py --seeds 1-500 --tbs /work/ext/tbs

bbpPairings pairs no round robin, so the round-robin half of the pairing cross-test (checklist
Q33) uses the other engine with Berger tables at hand: FIDE TEC's TieBreakServer
(OttoMilvang/TieBreakServer), whose `pairingchecker.py -c -m berger` re-pairs every round of a
round robin from C.05 Annex 1's tables and prints `Checker pairing` for each round that
differs. It is fetched and run outside the repository (`--tbs` or `$TBS_DIR`), in its own
process (its module `pairing` would shadow ours).

Each seed is one single or double round robin of our generator (`Format=roundrobin` or
`doubleroundrobin`, 3-24 or 3-14 players, pairing numbers drawn by lot, withdrawals kept as
forfeits, every other setting drawn from the seed; a double round robin whose first cycle ends
with its last two rounds swapped, as C.05 Annex 1 allows, differs from the checker's plain
tables in exactly those two rounds, which are then counted apart). Resumable
(`build/crosstest-roundrobin/progress.tsv`); each batch appends a row to
`benchmarks/crosstest-log.md` (its own table); a file with a differing round is kept in
`tests/pairing/engine/cases/open/`. Exit status 0: no differing round; 1: some.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.crosstest import cpu_seconds, seed_range  # noqa: E402
from pairing.generator import generate_round_robin  # noqa: E402
from pairing.generator.config_reader import read_config  # noqa: E402
from standings.ranks import file_ranks  # noqa: E402
from tournaments.domain.trf import write_trf  # noqa: E402

PROGRESS: Final = ROOT / "build" / "crosstest-roundrobin" / "progress.tsv"
LOG: Final = ROOT / "benchmarks" / "crosstest-log.md"
OPEN_CASES: Final = ROOT / "tests" / "pairing" / "engine" / "cases" / "open"
LOG_HEADER: Final = (
    "| finished (UTC) | commit | round robins (TieBreakServer's Berger checker) | seeds "
    "| tournaments | single / double | rounds | differing rounds | doubles with the last two "
    "rounds of the first cycle swapped (C.05 Annex 1; the checker does not swap) | CPU s |\n"
    "|---|---|---|---|---|---|---|---|---|---|\n"
)
TIMEOUT: Final = 600


def plan(seed: int) -> tuple[str, int]:
    """The seed's format and size."""
    rng = random.Random(f"round robin crosstest {seed}")
    if rng.random() < 0.25:
        return "doubleroundrobin", rng.randint(3, 14)
    return "roundrobin", rng.randint(3, 24)


Pairs = frozenset[tuple[int, int]]


def checker_report(tbs: Path, path: Path) -> tuple[int, dict[int, tuple[Pairs, Pairs]] | None]:
    """The rounds checked, and for each round TieBreakServer's Berger checker pairs otherwise,
    its pairing and the file's (white, black); None when the checker fails (it stops with a
    program error on a 3-player double round robin)."""
    done = subprocess.run(
        [sys.executable, "pairingchecker.py", "-i", str(path), "-c", "-m", "berger", "-dT"],
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
        cwd=tbs,
    )
    if "Check:" not in done.stdout:  # e.g. "### Error 510 Program error" for 3 players
        return 0, None
    rounds = 0
    boards: dict[int, tuple[set[tuple[int, int]], set[tuple[int, int]]]] = {}
    for line in done.stdout.splitlines():
        fields = line.split()
        if "== Round #" in line:
            rounds = int(line.split("#")[1].split()[0])
        elif "Checker pairing" in line:
            boards[rounds] = (set(), set())
        elif rounds in boards and len(fields) == 6 and fields[1] == fields[4] == "-":
            boards[rounds][0].add((int(fields[0]), int(fields[2])))
            boards[rounds][1].add((int(fields[3]), int(fields[5])))
    if ("Check: True" in done.stdout) != (not boards):
        raise RuntimeError(f"pairingchecker {path}: the verdict and the rounds disagree")
    return rounds, {n: (frozenset(a), frozenset(b)) for n, (a, b) in boards.items()}


def swapped_last_two(differing: dict[int, tuple[Pairs, Pairs]], cycle: int) -> bool:
    """Whether the only differences are the first cycle's last two rounds exchanged (C.05
    Annex 1: a double round robin may swap them, `SwapLastTwoRounds=yes`): the checker's
    round `cycle - 1` is the file's round `cycle` and the other way round."""
    if sorted(differing) != [cycle - 1, cycle]:
        return False
    (first_checker, first_file), (last_checker, last_file) = differing[cycle - 1], differing[cycle]
    return first_checker == last_file and last_checker == first_file


def commit() -> str:
    if os.environ.get("CROSSTEST_COMMIT"):
        return os.environ["CROSSTEST_COMMIT"]
    done = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
    )
    return done.stdout.strip() or "?"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=seed_range, required=True)
    parser.add_argument("--tbs", type=Path, default=os.environ.get("TBS_DIR"))
    parser.add_argument("--until", help="stop starting tournaments at this UTC time, HH:MM")
    args = parser.parse_args(argv)
    if args.tbs is None or not (args.tbs / "pairingchecker.py").exists():
        parser.error("give --tbs or set TBS_DIR: the directory of TieBreakServer")
    done = set()
    if PROGRESS.exists():
        done = {int(line.split("\t")[0]) for line in PROGRESS.read_text().splitlines()}
    PROGRESS.parent.mkdir(parents=True, exist_ok=True)
    start = cpu_seconds()
    counts = {"roundrobin": 0, "doubleroundrobin": 0}
    rounds = differing = swapped = failed = 0
    with tempfile.TemporaryDirectory(prefix="crosstest-rr-") as directory:
        for seed in args.seeds:
            if args.until and datetime.datetime.now(datetime.UTC).strftime("%H:%M") >= args.until:
                break
            if seed in done:
                continue
            form, size = plan(seed)
            config = read_config(f"PlayersNumber={size}\nFormat={form}\n", random.Random(seed))
            text = write_trf(generate_round_robin(config, seed, rank=file_ranks))
            path = Path(directory) / f"rr_{seed}.trf"
            path.write_text(text, encoding="utf-8")
            checked, found = checker_report(args.tbs, path)
            if found is None:
                failed += 1
                with PROGRESS.open("a", encoding="utf-8") as progress:
                    progress.write(f"{seed}\t{form}\t{size}\t0\tchecker failed\n")
                continue
            report = found
            rounds_differing = sorted(report)
            if config.swap_last_two and swapped_last_two(report, checked // 2):
                swapped += 1
                rounds_differing = []
            if rounds_differing:
                OPEN_CASES.mkdir(parents=True, exist_ok=True)
                (OPEN_CASES / f"crosstest_rr_{seed}.trf").write_text(text, encoding="utf-8")
                print(f"seed {seed}: rounds {rounds_differing} differ", flush=True)
            counts[form] += 1
            rounds += checked
            differing += len(rounds_differing)
            status = ",".join(map(str, rounds_differing)) or (
                "swapped" if config.swap_last_two and report else "identical"
            )
            with PROGRESS.open("a", encoding="utf-8") as progress:
                progress.write(f"{seed}\t{form}\t{size}\t{checked}\t{status}\n")
    played = sum(counts.values())
    if played:
        if LOG_HEADER.splitlines()[0] not in LOG.read_text(encoding="utf-8"):
            LOG.open("a", encoding="utf-8").write("\n" + LOG_HEADER)
        finished = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")
        seeds = f"{args.seeds.start}-{args.seeds.stop - 1}"
        with LOG.open("a", encoding="utf-8") as log:
            log.write(
                f"| {finished} | {commit()} | ours, 3-24 players (double: 3-14) | {seeds} "
                f"| {played} | {counts['roundrobin']} / {counts['doubleroundrobin']} | {rounds} "
                f"| {differing} | {swapped} | {cpu_seconds() - start:.0f} |\n"
            )
    print(
        f"{played} round robins, {rounds} rounds, {differing} differing, {swapped} swapped, "
        f"{failed} the checker could not check"
    )
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
