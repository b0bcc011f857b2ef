"""Tie-break cross-test: our standings against FIDE TEC's TieBreakServer (issue 39).

    .venv/bin/python benchmarks/crosstest_tiebreaks.py --source ours --seeds 1-500 \
        --tbs /work/ext/tbx/tbs
    .venv/bin/python benchmarks/crosstest_tiebreaks.py --source bbp --seeds 1-500 \
        --tbs /work/ext/tbx/tbs --bbp2017 .../v5.0.1/bbpPairings.exe --bbp2025 .../v6.0.0/...

TieBreakServer (OttoMilvang/TieBreakServer, the engine behind TEC's tie-break site) is fetched
and run outside the repository (`--tbs` or `$TBS_DIR`: the directory of `tiebreakchecker.py`),
as bbpPairings is for the pairing cross-test (`benchmarks/crosstest.py`).

Each seed is one tournament, played by our generator (`--source ours`: both Dutch editions,
Baku acceleration, single and double round robins) or by bbpPairings' (`--source bbp`: both
Dutch editions, Baku through a model file), with every optional setting drawn from the seed
(forfeits, pairing-allocated and requested byes, withdrawals, late entries, absences, unrated
players). Every code and modifier both programs know (`CODES`; Koya only in round robins) is
computed by both, under each C.07 edition: ours with `Edition.C07_2023/2024/2026`,
TieBreakServer with the rule-version modifier `/V2022`, `/V2024`, `/V2026` on every code, in one
run (`-s` for a Swiss, `-p` for a round robin: without either it guesses a round robin from the
number of players and rounds). A round robin is compared on every game of the file (C.06's
cancellation of early withdrawals is not a C.07 rule and TieBreakServer has none).

A value differs when the two numbers are more than 0.005 apart (AOB is printed to 2 decimals)
or one is undefined. A difference is *explained* when its article is known (`explanation`):
2023 edition, a final forfeit loss counted as a draw for the opponents (C.07 2023 16; neither of
TieBreakServer's rule versions has that reading). The file's own ranks (written by our
generator, checklist Q31; not bbpPairings' files, whose ranks are bbpPairings') are checked
against TieBreakServer's values of the file's own list: no player may be ranked above one whose
values are better (ties: any order).

Resumable: every tournament is a row of `build/crosstest-tiebreaks/progress.tsv` and seeds
already there are skipped; `--totals` sums it. Each batch appends a row of counts to
`benchmarks/crosstest-tiebreaks-log.md`; each file with an unexplained difference is saved in
`benchmarks/tiebreak-cases/` with a `.diff` listing the values (moved to tests/ once settled).
Exit status 0: no unexplained difference in the batch; 1: some; 2: bad arguments.
"""

from __future__ import annotations

import argparse
import datetime
import os
import random
import sys
import tempfile
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.crosstest import (  # noqa: E402
    Plan,
    bbp_configuration,
    bbp_model,
    cpu_seconds,
    our_tournament,
    plan_of,
    run_bbp,
    seed_range,
)
from benchmarks.crosstest_tiebreaks_log import (  # noqa: E402
    append_log,
    done_seeds,
    record,
    summed,
    totals,
)
from benchmarks.crosstest_tiebreaks_tbs import (  # noqa: E402
    UNVERSIONED,
    Values,
    differs,
    explanation,
    number,
    ranks_contradicted,
    tbs_code,
    tbs_values,
)
from pairing.engine import NoValidPairing  # noqa: E402
from pairing.generator import generate_round_robin  # noqa: E402
from pairing.generator.config_reader import read_config  # noqa: E402
from standings.ranks import default_edition, file_ranks, tiebreak_list  # noqa: E402
from standings.tiebreaks import Edition, Standings, compute_standings, parse_codes  # noqa: E402
from tournaments.domain.roundrobin import round_robin_cycles  # noqa: E402
from tournaments.domain.state import PlayerId  # noqa: E402
from tournaments.domain.trf import TrfDocument, parse_trf, tournament_state_from_trf, write_trf  # noqa: E402

CASES: Final = ROOT / "benchmarks" / "tiebreak-cases"
EDITIONS: Final = {"2023": Edition.C07_2023, "2024": Edition.C07_2024, "2026": Edition.C07_2026}
CODES: Final = [
    "PTS",
    "DE",
    "WIN",
    "WON",
    "BPG",
    "BWG",
    "REP",
    "VUR",
    "STD",
    "TPN",
    "RTNG",
    "PS",
    "PS/C1",
    "PS/C2",
    "BH",
    "BH/C1",
    "BH/C2",
    "BH/M1",
    "BH/M2",
    "FB",
    "FB/C1",
    "FB/C2",
    "FB/M1",
    "FB/M2",
    "ABH",
    "AFB",
    "AOB",
    "SB",
    "SB/C1",
    "SB/C2",
    "SB/M1",
    "SB/M2",
    "ARO",
    "ARO/C1",
    "ARO/C2",
    "ARO/M1",
    "ARO/M2",
    "TPR",
    "PTP",
    "APRO",
    "APPO",
]
FORE: Final = ("FB", "AFB")
"""Last in TieBreakServer's list: its FB moves a player's last round of availability to the final
round for good (`compute_buchholz_sonneborn_berger_ver`, `lna`), so every BH, SB and AOB after
an FB in the same list uses the wrong adjusted score (docs/reports/tiebreakserver-1.9.57.md)."""
BUCHHOLZ: Final = ("BH", "FB", "AOB", "ABH", "AFB")
"""Not compared in round robins: the Buchholz family is refused there (our menu; C.07 2026 8)."""
ROUND_ROBIN_CODES: Final = ("KS", "KS/L+1", "KS/L-1", "KS/L+2", "KS/L-2")


def variant_of(seed: int, source: str) -> tuple[str, str]:
    """The Dutch edition and the variant (swiss, baku, roundrobin, doubleroundrobin) of the
    seed: our generator plays about one tournament in six as a round robin, one in six
    accelerated; bbpPairings' one in five accelerated."""
    rng = random.Random(f"tiebreak crosstest {source} {seed}")
    edition = rng.choice(("2017", "2025"))
    draw = rng.random()
    if source == "bbp":
        return edition, "baku" if draw < 0.2 else "swiss"
    if draw < 0.11:
        return edition, "roundrobin"
    if draw < 0.17:
        return edition, "doubleroundrobin"
    return edition, "baku" if draw < 0.34 else "swiss"


def generate(plan: Plan, source: str, work: Path, bbp: dict[str, Path]) -> TrfDocument | None:
    """The seed's tournament, or None when it cannot be generated (no valid pairing)."""
    edition, variant = variant_of(plan.seed, source)
    if source == "ours":
        if variant in ("roundrobin", "doubleroundrobin"):
            size = min(plan.players, 16 if variant == "roundrobin" else 10)
            config = read_config(
                f"PlayersNumber={size}\nFormat={variant}\n",
                random.Random(f"configuration {plan.seed}"),
            )
            return generate_round_robin(config, plan.seed, rank=file_ranks)
        text = (
            f"PlayersNumber={plan.players}\nRoundsNumber={plan.rounds}\nEdition={edition}\n"
            f"Acceleration={'baku' if variant == 'baku' else 'none'}\n"
        )
        try:
            doc: TrfDocument = our_tournament(plan, text)
        except NoValidPairing:
            return None
        return doc
    path = work / f"bbp_{plan.seed}.trf"
    if variant == "baku":
        model = bbp_model(plan, edition, work)
        if model is None:
            return None
        args: tuple[str, ...] = ("--dutch", str(model), "-g", "-o", str(path))
    else:
        configuration = work / f"bbp_{plan.seed}.rtg"
        configuration.write_text(bbp_configuration(plan))
        args = ("--dutch", "-g", str(configuration), "-o", str(path))
    if run_bbp(bbp[edition], *args, "-s", str(plan.seed)).returncode != 0:
        return None
    return parse_trf(path.read_text(encoding="utf-8"))


def our_standings(
    doc: TrfDocument, codes: list[str], edition: str, round_robin: bool, unrated: int | None
) -> Standings:
    """Our standings of `codes` after the file's last round."""
    return compute_standings(
        tournament_state_from_trf(doc),
        parse_codes(",".join(codes)),
        edition=EDITIONS[edition],
        unrated_rating=unrated,
        round_robin=round_robin,
    )


def our_values(standings: Standings) -> Values:
    """Every value of the standings, by pairing number and code."""
    return {
        (int(row.player_id), code): number(value)
        for row in standings.rows
        for code, value in row.values.items()
    }


def lowest_dummy_score_cut(standings: Standings, key: tuple[int, str]) -> float | None:
    """An SB value with TieBreakServer's reading of the Cut-1 exception: the voluntary unplayed
    round cut is the one of the lowest dummy score (then contribution), where C.07 2026
    16.5.1 cuts the lowest contribution of such rounds (`explanation`)."""
    working = standings.breakdown(PlayerId(key[0]), key[1])
    code = key[1]
    count = int(code[-1]) if code[-2] in "CM" else 0
    low, high = count, count if code[-2] == "M" else 0
    rounds = [(c.voluntary, c.key, c.value) for c in working.contributions]
    for _ in range(min(low, len(rounds))):
        lowest = min(rounds, key=lambda r: (r[1], r[2]))
        voluntary = min(rounds, key=lambda r: (not r[0], r[1], r[2]))
        rounds.remove(lowest if lowest[2] > voluntary[2] else voluntary)
    for _ in range(min(high, len(rounds))):
        rounds.remove(max(rounds, key=lambda r: (r[1], r[2])))
    return float(Fraction(sum(r[2] for r in rounds), working.unit))


def seed_unrated(seed: int) -> int | None:
    """The seed's rule for unrated players: none (rating-based values undefined when the field
    has one) or a fixed rating of 1000 (C.07 10 preamble)."""
    return random.Random(f"unrated {seed}").choice((None, 1000))


def own_list_values(
    doc: TrfDocument, theirs: list[dict[str, float | None]], codes: list[str], unrated: int | None
) -> list[dict[str, float | None]] | None:
    """TieBreakServer's values of the file's own list taken from the comparison's run, when
    that run computed them as the file's ranking does (the edition in force, no rule for
    unrated players, DE only right after PTS); None: run it again with the file's list."""
    own = [code.text for code in tiebreak_list(None, doc)]
    edition = default_edition(doc).value
    unrated_field = any(not player.rating for player in doc.players)
    if (
        edition not in EDITIONS
        or (unrated is not None and unrated_field)
        or any(code not in codes for code in own)
        or ("DE" in own and own.index("DE") != 1)
        or own[0] != "PTS"
    ):
        return None
    return [
        {"cid": player["cid"]} | {code: player[tbs_code(code, edition)] for code in own}
        for player in theirs
    ]


def compare(doc: TrfDocument, seed: int, source: str, tbs: Path, unrated: int | None) -> list[int]:
    """One tournament: the progress row's counts, the file saved as a case when some
    difference is unexplained."""
    round_robin = round_robin_cycles(doc.tournament_type) is not None
    rounds = doc.rounds_in_file
    codes = CODES + list(ROUND_ROBIN_CODES) if round_robin else CODES
    if round_robin:
        codes = [code for code in codes if not code.startswith(BUCHHOLZ)]
    with tempfile.TemporaryDirectory(prefix="tbx-") as directory:
        path = Path(directory) / f"{source}_{seed}.trf"
        path.write_text(write_trf(doc), encoding="utf-8")
        versioned = list(UNVERSIONED) + [
            tbs_code(code, edition)
            for fore in (False, True)
            for edition in EDITIONS
            for code in codes[len(UNVERSIONED) :]
            if code.startswith(FORE) == fore
        ]
        theirs = tbs_values(tbs, path, rounds, versioned, round_robin, unrated)
        checked = contradicted = 0
        if source != "bbp" and not round_robin and (doc.standings_tie_breaks or doc.tie_breaks):
            checked = 1
            own = own_list_values(doc, theirs, codes, unrated)
            if own is None:
                own = tbs_values(tbs, path, rounds, [], False, None)
            contradicted = ranks_contradicted(doc, own)
    standings = {
        edition: our_standings(doc, codes, edition, round_robin, unrated) for edition in EDITIONS
    }
    ours = {edition: our_values(standing) for edition, standing in standings.items()}
    counts: list[int] = []
    lines = []
    unexplained = 0
    for edition in EDITIONS:
        compared = differing = 0
        for player in theirs:
            for code in codes:
                key = (int(player["cid"] or 0), code)
                value = player[tbs_code(code, edition)]
                compared += 1
                if differs(ours[edition][key], value):
                    differing += 1
                    why = explanation(key, edition, value, ours)
                    if not why and code.startswith("SB/") and edition == "2026":
                        tbs_reading = lowest_dummy_score_cut(standings[edition], key)
                        if not differs(tbs_reading, value):
                            why = (
                                "TieBreakServer cuts the VUR of the lowest dummy score, C.07 "
                                "2026 16.5.1 the lowest contribution of a VUR"
                            )
                    unexplained += not why
                    lines.append(
                        f"{edition}\t{key[0]}\t{code}\tours {ours[edition][key]}\t"
                        f"TieBreakServer {value}\t{why or 'UNEXPLAINED'}"
                    )
        counts += [compared, differing]
    if unexplained:
        CASES.mkdir(parents=True, exist_ok=True)
        case = CASES / f"{source}_{seed}.trf"
        case.write_text(write_trf(doc), encoding="utf-8")
        options = f"-u {unrated}" if unrated is not None else ""
        header = (
            f"# tiebreakchecker.py -i FILE -n {rounds} {'-p' if round_robin else '-s'} {options}\n"
        )
        case.with_suffix(".diff").write_text(header + "\n".join(lines) + "\n", encoding="utf-8")
    return [*counts, unexplained, checked, contradicted]


def compare_files(paths: list[Path], tbs: Path) -> int:
    """Compare given files (no unrated rule); differences are saved as cases like the seeds'."""
    status = 0
    for index, path in enumerate(paths):
        doc = parse_trf(path.read_text(encoding="utf-8"))
        counts = compare(doc, index, f"file_{path.stem}", tbs, None)
        print(
            f"{path.name}: values {counts[0]}/{counts[2]}/{counts[4]}, differing "
            f"{counts[1]}/{counts[3]}/{counts[5]}, unexplained {counts[6]}, ranks {counts[8]}"
        )
        status |= bool(counts[6])
    return status


def batch(args: argparse.Namespace, tbs: Path, bbp: dict[str, Path]) -> Iterator[list[object]]:
    """The progress rows of the seeds not done yet, recorded as they come."""
    done = done_seeds(args.source)
    with tempfile.TemporaryDirectory(prefix="tbx-gen-") as directory:
        for seed in args.seeds:
            if args.until and datetime.datetime.now(datetime.UTC).strftime("%H:%M") >= args.until:
                return
            if seed in done:
                continue
            plan = plan_of(seed, args.players.start, args.players.stop - 1)
            doc = generate(plan, args.source, Path(directory), bbp)
            edition, variant = variant_of(seed, args.source)
            head: list[object] = [args.source, seed, edition, variant]
            if doc is None:
                row = [*head, plan.players, 0, "not generated"]
            else:
                row = [
                    *head,
                    len(doc.players),
                    doc.rounds_in_file,
                    *compare(doc, seed, args.source, tbs, seed_unrated(seed)),
                ]
            record(row)
            yield row


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--source", choices=("ours", "bbp"))
    parser.add_argument("--seeds", type=seed_range, help="e.g. 1-500")
    parser.add_argument("--files", type=Path, nargs="+", help="compare these TRF files instead")
    parser.add_argument("--players", type=seed_range, default=range(7, 41), help="7-40")
    parser.add_argument("--tbs", type=Path, default=os.environ.get("TBS_DIR"))
    parser.add_argument("--bbp2017", type=Path, default=os.environ.get("BBP_2017"))
    parser.add_argument("--bbp2025", type=Path, default=os.environ.get("BBP_2025"))
    parser.add_argument("--until", help="stop starting tournaments at this UTC time, HH:MM")
    args = parser.parse_args(argv)
    if args.tbs is None or not (args.tbs / "tiebreakchecker.py").exists():
        parser.error("give --tbs or set TBS_DIR: the directory of TieBreakServer")
    if args.files is None and (args.source is None or args.seeds is None):
        parser.error("give --source and --seeds, or --files")
    if args.source == "bbp" and (args.bbp2017 is None or args.bbp2025 is None):
        parser.error("--source bbp: give --bbp2017 and --bbp2025 or set BBP_2017, BBP_2025")
    return args


def main(argv: list[str] | None = None) -> int:
    if (argv if argv is not None else sys.argv[1:]) == ["--totals"]:
        print(totals())
        return 0
    args = parse_args(argv)
    if args.files:
        return compare_files(args.files, args.tbs)
    bbp = {"2017": args.bbp2017, "2025": args.bbp2025}
    start = cpu_seconds()
    rows = []
    for row in batch(args, args.tbs, bbp):
        rows.append(row)
        if len(row) > 7 and row[12]:
            print(f"{args.source} seed {row[1]}: {row[12]} unexplained differences", flush=True)
    if rows:
        append_log(args, rows, cpu_seconds() - start)
    t = summed([[str(field) for field in row] for row in rows])
    print(
        f"{args.source}: {t[0]} tournaments, values {t[1]}/{t[3]}/{t[5]}, differing "
        f"{t[2]}/{t[4]}/{t[6]}, unexplained {t[7]} in {t[8]} files; ranks {t[9]}/{t[10]}"
    )
    return 1 if t[7] else 0


if __name__ == "__main__":
    sys.exit(main())
