"""Cross-test: random tournaments of one engine, every round re-paired by the other (issue 18).

    .venv/bin/python benchmarks/crosstest.py --edition 2025 --direction ours --seeds 1-500
    .venv/bin/python benchmarks/crosstest.py --edition 2017 --direction bbp --seeds 1-500 \
        --players 7-40 --bbp /work/bbp/v5.0.1/bbpPairings.exe
    .venv/bin/python benchmarks/crosstest.py --edition 2025 --direction ours --seeds 1-1000 \
        --players 7-40 --acceleration baku

FIDE's checklist for pairing programs (C.04.A, VCL Q33-Q35) asks that the random tournament
generators of two endorsed engines cross-check each other. The other engine is bbpPairings
(v5.0.1: the 2017 rules, v6.0.0: the 2025 rules), built outside the repository; its binary comes
from `--bbp` or the environment (`BBP_2017`, `BBP_2025`).

- `--direction ours`: our generator (`pairing.generator`) plays the tournament, with every
  optional setting drawn from the seed (byes of every kind, forfeits, withdrawals, late
  entries); `bbpPairings --dutch FILE -c` re-pairs every round and lists those that differ.
  The file's ranks, written by our standings under its tie-break list, are then checked by
  `python -m standings FILE --check` (the same function, in this process): bbpPairings has no
  tie-breaks, so this checks our generator against our own standings only.
- `--direction bbp`: `bbpPairings --dutch -g CONFIG -o FILE -s SEED` plays it (draws, forfeits,
  zero- and half-point byes, ratings drawn from the seed); our engine re-pairs every round.
- `--acceleration baku` (C.04.7 1): in direction `ours` our generator's `Acceleration=baku`
  (group A's virtual points as `XXA` records, which both bbpPairings versions read). bbpPairings'
  configuration file has no acceleration key, so in direction `bbp` its generator is given a
  model file instead (`bbpPairings --dutch MODEL -g -o FILE -s SEED`): an accelerated tournament
  of our generator with the same settings, whose players, ratings, rates, `192` code and `XXA`
  records bbpPairings keeps while it plays a new tournament; our engine re-pairs every round
  with the file's virtual points.

Sizes are drawn from `--players` (default 7-400, both parities), the rounds from 3 to 11 (fewer
for small events). Each tournament's outcome is appended to the progress file
(`build/crosstest/progress.tsv`), so a batch that is stopped resumes where it stopped when run
again: seeds already there are skipped (`--totals` sums that file). At the end of a batch one
row of counts is appended to `benchmarks/crosstest-log.md`. Each differing round is saved as a
golden case in `tests/pairing/engine/cases/open/`: the file as it stands before that round
(later rounds left out) and, as `.expected`, bbpPairings' pairing of it; once the engine
agrees, the pair moves to `tests/pairing/engine/cases/`. Exit status: 0 no difference in this
batch, 1 some difference, 2 bad arguments. See docs/engine.md (Cross-testing).
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import os
import random
import resource
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pairing.cli import pairing_agrees  # noqa: E402
from pairing.engine import DutchConfig, Edition, NoValidPairing, pair  # noqa: E402
from pairing.generator import generate_tournament  # noqa: E402
from pairing.generator.config_reader import read_config  # noqa: E402
from standings.cli import main as standings_main  # noqa: E402
from standings.ranks import file_ranks  # noqa: E402
from tournaments.domain.acceleration import system_code  # noqa: E402
from tournaments.domain.trf import (  # noqa: E402
    TrfDocument,
    parse_trf,
    recorded_pairing,
    state_document,
    tournament_state_from_trf,
    write_trf,
)

PROGRESS: Final = ROOT / "build" / "crosstest" / "progress.tsv"
LOG: Final = ROOT / "benchmarks" / "crosstest-log.md"
OPEN_CASES: Final = ROOT / "tests" / "pairing" / "engine" / "cases" / "open"
EDITIONS: Final = {"2017": Edition.DUTCH_2017, "2025": Edition.DUTCH_2025}
BBP_TIMEOUT: Final = 600
ACCELERATIONS: Final = ("none", "baku")
LOG_HEADER: Final = (
    "| finished (UTC) | direction | edition | seeds | players | tournaments | rounds "
    "| differing rounds | not generated | CPU s | acceleration | ranks checked "
    "| ranks contradicted |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
)
"""The columns of a batch row: the first ten as the first batches wrote them, then the
acceleration and the tournaments whose ranks `python -m standings --check` checked and
contradicted."""


@dataclass(frozen=True, slots=True)
class Plan:
    """What one seed plays: its size and number of rounds."""

    seed: int
    players: int
    rounds: int


@dataclass(frozen=True, slots=True)
class Outcome:
    """One tournament's cross-test: rounds compared and the rounds that differ (None: neither
    engine could generate it, e.g. a round without a valid pairing); the ranks that
    `python -m standings --check` contradicts (None: not checked)."""

    plan: Plan
    compared: int
    differing: tuple[int, ...] | None
    ranks_contradicted: int | None = None


def plan_of(seed: int, low: int, high: int) -> Plan:
    """The size and rounds of the tournament of `seed`, drawn from the seed alone."""
    rng = random.Random(f"crosstest {seed}")
    players = rng.randint(low, high)
    most = min(11, players - 2)
    return Plan(seed, players, rng.randint(min(3, most), most))


def run_bbp(binary: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """bbpPairings with `args`, niced (the machine is shared)."""
    return subprocess.run(
        ["nice", "-n", "19", str(binary), *args],
        capture_output=True,
        text=True,
        timeout=BBP_TIMEOUT,
        check=False,
    )


def bbp_differing_rounds(binary: Path, path: Path) -> list[int]:
    """The rounds of the file that `bbpPairings --dutch FILE -c` pairs differently.

    Its report prints `<name>: Round #r` for every round, followed by `Checker pairings` (the
    two pairings side by side) or `No valid pairing exists` when it disagrees.
    """
    done = run_bbp(binary, "--dutch", str(path), "-c")
    if done.returncode != 0:
        raise RuntimeError(f"bbpPairings -c {path}: exit {done.returncode}: {done.stderr.strip()}")
    differing: list[int] = []
    current = 0
    for line in done.stdout.splitlines():
        if ": Round #" in line:
            current = int(line.rsplit("#", 1)[1])
        elif ("Checker pairings" in line or "No valid pairing" in line) and current not in (
            differing[-1:] or [0]
        ):
            differing.append(current)
    return differing


def save_case(binary: Path, doc: TrfDocument, round_number: int, edition: str, name: str) -> Path:
    """The file before `round_number` (later rounds and comments left out; `192
    FIDE_DUTCH_2025` for the 2025 edition, with `_BAKU` and the `XXA` records when
    accelerated) and bbpPairings' pairing of it, as a golden case in OPEN_CASES."""
    OPEN_CASES.mkdir(parents=True, exist_ok=True)
    system = Edition.DUTCH_2025.value if edition == "2025" else None
    if doc.accelerations:
        system = system_code(system or Edition.DUTCH_2017.value, baku=True)
    header = TrfDocument(
        players=doc.players,
        name=doc.name,
        total_rounds=doc.total_rounds,
        initial_color=doc.initial_color,
        pairing_system=system,
    )
    case = OPEN_CASES / f"{name}_r{round_number:02d}.trf"
    case.write_text(write_trf(state_document(tournament_state_from_trf(doc, round_number), header)))
    expected = case.with_suffix(".expected")
    done = run_bbp(binary, "--dutch", str(case), "-p", str(expected))
    if done.returncode not in (0, 1):
        expected.write_text(f"bbpPairings exit {done.returncode}: {done.stderr.strip()}\n")
    return case


def contradicted_ranks(path: Path) -> int:
    """How many ranks of the file `python -m standings FILE --check` finds not following the
    file's tie-break list (its `main`, in this process; it prints one line per such rank)."""
    report = io.StringIO()
    with contextlib.redirect_stdout(report), contextlib.redirect_stderr(report):
        status = standings_main([str(path), "--check"])
    if status not in (0, 1):
        raise RuntimeError(f"standings --check {path}: exit {status}: {report.getvalue()}")
    return 0 if status == 0 else len(report.getvalue().splitlines())


def our_tournament(plan: Plan, text: str) -> TrfDocument:
    """Our generator's tournament of the configuration `text`, the optional keys it leaves out
    drawn from the seed, ranked by our standings under its tie-break list."""
    config = read_config(text, random.Random(f"configuration {plan.seed}"))
    return generate_tournament(config, plan.seed, rank=file_ranks)


def cross_ours(
    plan: Plan, edition: str, binary: Path, work: Path, acceleration: str = "none"
) -> Outcome:
    """Our generator plays the tournament; bbpPairings checks every round, our standings the
    ranks."""
    text = f"PlayersNumber={plan.players}\nRoundsNumber={plan.rounds}\nEdition={edition}\n"
    try:
        doc = our_tournament(plan, text + f"Acceleration={acceleration}\n")
    except NoValidPairing:
        return Outcome(plan, 0, None)
    path = work / f"ours_{edition}_{plan.seed}.trf"
    path.write_text(write_trf(doc))
    differing = bbp_differing_rounds(binary, path)
    for round_number in differing:
        save_case(binary, doc, round_number, edition, f"crosstest_ours{edition}_{plan.seed}")
    return Outcome(plan, plan.rounds, tuple(differing), contradicted_ranks(path))


def bbp_configuration(plan: Plan) -> str:
    """The RTG settings bbpPairings' generator reads, the optional ones drawn from the seed."""
    rng = random.Random(f"bbp configuration {plan.seed}")
    highest = rng.randint(2000, 2800)
    lines = [
        f"PlayersNumber={plan.players}",
        f"RoundsNumber={plan.rounds}",
        f"DrawPercentage={rng.randint(10, 50)}",
        f"ForfeitRate={rng.randint(20, 100)}",
        f"RetiredRate={rng.randint(10, 60)}",
        f"HalfPointByeRate={rng.randint(10, 60)}",
        f"HighestRating={highest}",
        f"LowestRating={rng.randint(1000, highest - 400)}",
    ]
    return "\n".join(lines) + "\n"


def bbp_model(plan: Plan, edition: str, work: Path) -> Path | None:
    """The model file of an accelerated tournament for bbpPairings' generator: our generator's
    tournament with the seed's bbpPairings settings, Baku acceleration and no unrated player
    (bbpPairings refuses a model with a zero rating); None if ours cannot generate it."""
    text = bbp_configuration(plan) + f"Edition={edition}\nAcceleration=baku\nUnratedPercentage=0\n"
    try:
        doc = our_tournament(plan, text)
    except NoValidPairing:
        return None
    model = work / f"model_{edition}_{plan.seed}.trf"
    model.write_text(write_trf(doc))
    return model


def cross_bbp(
    plan: Plan, edition: str, binary: Path, work: Path, acceleration: str = "none"
) -> Outcome:
    """bbpPairings' generator plays the tournament; our engine re-pairs every round."""
    path = work / f"bbp_{edition}_{plan.seed}.trf"
    if acceleration == "baku":
        model = bbp_model(plan, edition, work)
        if model is None:
            return Outcome(plan, 0, None)
        args: tuple[str, ...] = ("--dutch", str(model), "-g", "-o", str(path))
    else:
        configuration = work / f"bbp_{edition}_{plan.seed}.rtg"
        configuration.write_text(bbp_configuration(plan))
        args = ("--dutch", "-g", str(configuration), "-o", str(path))
    if run_bbp(binary, *args, "-s", str(plan.seed)).returncode != 0:
        return Outcome(plan, 0, None)
    doc = parse_trf(path.read_text(encoding="utf-8"))
    if acceleration == "baku" and not doc.accelerations:
        raise RuntimeError(f"bbpPairings -g {path}: the model's XXA records were not kept")
    config = DutchConfig(edition=EDITIONS[edition])
    differing: list[int] = []
    for round_number in range(1, doc.rounds_in_file + 1):
        try:
            ours = pair(tournament_state_from_trf(doc, round_number), config)
        except NoValidPairing:
            ours = None
        if ours is None or not pairing_agrees(recorded_pairing(doc, round_number), ours):
            differing.append(round_number)
            save_case(binary, doc, round_number, edition, f"crosstest_bbp{edition}_{plan.seed}")
    return Outcome(plan, doc.rounds_in_file, tuple(differing))


def progress_rows() -> Iterator[list[str]]:
    """The progress file's rows: direction, edition, seed, players, rounds, rounds compared,
    status, acceleration, ranks contradicted (`-`: not checked); the rows of the first batches
    end after the status (no acceleration, ranks not checked)."""
    if not PROGRESS.exists():
        return
    for line in PROGRESS.read_text(encoding="utf-8").splitlines():
        fields = line.split("\t")
        yield fields + ["none", "-"][len(fields) - 7 :]


def done_seeds(direction: str, edition: str, acceleration: str = "none") -> set[int]:
    """The seeds of this direction, edition and acceleration already in the progress file."""
    return {
        int(fields[2])
        for fields in progress_rows()
        if (fields[0], fields[1], fields[7]) == (direction, edition, acceleration)
    }


def record(direction: str, edition: str, outcome: Outcome, acceleration: str = "none") -> None:
    """Append one tournament to the progress file."""
    PROGRESS.parent.mkdir(parents=True, exist_ok=True)
    plan = outcome.plan
    status = (
        "not generated"
        if outcome.differing is None
        else ",".join(map(str, outcome.differing)) or "identical"
    )
    ranks = "-" if outcome.ranks_contradicted is None else outcome.ranks_contradicted
    fields = (
        direction,
        edition,
        plan.seed,
        plan.players,
        plan.rounds,
        outcome.compared,
        status,
        acceleration,
        ranks,
    )
    with PROGRESS.open("a", encoding="utf-8") as progress:
        progress.write("\t".join(map(str, fields)) + "\n")


def append_log(row: str) -> None:
    """Append a batch row; a log whose last table has the first batches' ten columns gets the
    current header first (a new table)."""
    if not LOG.exists():
        LOG.write_text("# Cross-test batches (benchmarks/crosstest.py)\n\n" + LOG_HEADER)
    lines = LOG.read_text(encoding="utf-8").splitlines()
    headers = [line for line in lines if line.startswith("| finished")]
    with LOG.open("a", encoding="utf-8") as log:
        if headers and headers[-1] != LOG_HEADER.splitlines()[0]:
            log.write("\n" + LOG_HEADER)
        log.write(row)


def seed_range(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--edition", choices=sorted(EDITIONS), required=True)
    parser.add_argument("--direction", choices=("ours", "bbp"), required=True)
    parser.add_argument("--seeds", type=seed_range, required=True, help="e.g. 1-500")
    parser.add_argument("--players", type=seed_range, default=range(7, 401), help="7-400")
    parser.add_argument("--bbp", type=Path, help="bbpPairings binary (else $BBP_2017/$BBP_2025)")
    parser.add_argument("--until", help="stop starting tournaments at this UTC time, HH:MM")
    parser.add_argument(
        "--acceleration", choices=ACCELERATIONS, default="none", help="baku: C.04.7 1"
    )
    args = parser.parse_args(argv)
    if args.bbp is None:
        variable = f"BBP_{args.edition}"
        if not os.environ.get(variable):
            parser.error(f"give --bbp or set {variable}")
        args.bbp = Path(os.environ[variable])
    if args.players.start < 4:
        parser.error("--players: at least 4")
    return args


def batch(args: argparse.Namespace) -> Iterator[Outcome]:
    """The outcomes of the seeds not done yet, recorded as they come."""
    done = done_seeds(args.direction, args.edition, args.acceleration)
    cross = cross_ours if args.direction == "ours" else cross_bbp
    with tempfile.TemporaryDirectory(prefix="crosstest-") as directory:
        for seed in args.seeds:
            if args.until and datetime.datetime.now(datetime.UTC).strftime("%H:%M") >= args.until:
                return
            if seed in done:
                continue
            plan = plan_of(seed, args.players.start, args.players.stop - 1)
            outcome = cross(plan, args.edition, args.bbp, Path(directory), args.acceleration)
            record(args.direction, args.edition, outcome, args.acceleration)
            yield outcome


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (bbpPairings), user and system."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def totals() -> str:
    """Every tournament of the progress file, summed by direction, edition and acceleration."""
    counts: dict[tuple[str, str, str], list[int]] = {}
    for fields in progress_rows():
        direction, edition, _, players, _, compared, status, acceleration, ranks = fields
        row = counts.setdefault((direction, edition, acceleration), [0] * 8)
        if status == "not generated":
            row[4] += 1
            continue
        row[0] += 1
        row[1] += int(compared)
        row[2] += 0 if status == "identical" else len(status.split(","))
        row[3] += int(players) > 40
        row[5] = max(row[5], int(players))
        row[6] += ranks != "-"
        row[7] += ranks not in ("-", "0")
    lines = [
        "direction edition acceleration tournaments rounds differing over-40-players "
        "not-generated largest ranks-checked ranks-contradicted"
    ]
    lines += [" ".join(map(str, (*key, *row))) for key, row in sorted(counts.items())]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:] == ["--totals"] or argv == ["--totals"]:
        print(totals())
        return 0
    args = parse_args(argv)
    start = cpu_seconds()
    outcomes = []
    for outcome in batch(args):
        outcomes.append(outcome)
        if outcome.differing:
            print(f"seed {outcome.plan.seed}: rounds {list(outcome.differing)} differ", flush=True)
    played = [outcome for outcome in outcomes if outcome.differing is not None]
    rounds = sum(outcome.compared for outcome in played)
    differing = sum(len(outcome.differing or ()) for outcome in played)
    checked = [o.ranks_contradicted for o in played if o.ranks_contradicted is not None]
    contradicted = sum(1 for count in checked if count)
    cpu = cpu_seconds() - start
    seeds = f"{args.seeds.start}-{args.seeds.stop - 1}"
    sizes = f"{args.players.start}-{args.players.stop - 1}"
    finished = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")
    if outcomes:
        append_log(
            f"| {finished} | {args.direction} | {args.edition} | {seeds} | {sizes} | {len(played)} "
            f"| {rounds} | {differing} | {len(outcomes) - len(played)} | {cpu:.0f} "
            f"| {args.acceleration} | {len(checked)} | {contradicted} |\n"
        )
    print(
        f"{args.direction} {args.edition} ({args.acceleration}) seeds {seeds}: {len(played)} "
        f"tournaments, {rounds} rounds, {differing} differing, {len(outcomes) - len(played)} not "
        f"generated; ranks checked in {len(checked)}, contradicted in {contradicted}"
    )
    return 1 if differing or contradicted else 0


if __name__ == "__main__":
    sys.exit(main())
