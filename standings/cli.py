"""`python -m standings`: the C.07 standings of a TRF file, for checking against other programs.

    python -m standings INPUT.trf --tiebreaks "PTS,BH/C1,BH,SB,DE" [--edition 2023|2024|2026]
        [--unrated-rating N] [--lots-seed TEXT] [--round N] [--json | --check]

`--check` is the tie-break half of a pairing and tie-break checker (FIDE VCL4THP Q21): it lists
the players whose rank in the file does not follow the tie-break list, exit status 1 if any.
Rank 0 means unranked (withdrawn players, a dummy bye player): they are not compared. Players
tied on every tie-break may share their place (TRF: "ties allowed"). A file that gives no ranks
at all has nothing to check: it says so and exits 0.

Without `--edition`, the edition in force on the file's start date (`042`) is used, and the
newest edition when the file gives no date. Without `--tiebreaks`, the file's own list
(TRF-2026 `212`/`202`) is used. The TRF-2026 codes STD (standard points), TPN (pairing number)
and RTNG (rating), with `/R` for TPN and RTNG, are tie-breaks of the list like the others
(`standings.tiebreaks.order`), as in the web app. A round robin (`092`) is ranked as the web
app ranks it (`standings.ranks.ranked_state`: C.07 15.2 and the 50 % rule of C.06 V.4).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from standings.ranks import default_edition, ranked_state, tiebreak_list
from standings.tiebreaks import Edition, Row, Standings, UnknownTiebreak, compute_standings
from standings.tiebreaks.display import format_value, json_number
from tournaments.domain.trf import TrfDocument, TrfError, parse_trf, tournament_state_from_trf


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m standings", description="C.07 standings of a TRF file."
    )
    parser.add_argument("trf", type=Path, help="the tournament, in TRF16 or TRF-2026")
    parser.add_argument("--tiebreaks", help='ordered list, e.g. "PTS,BH/C1,BH,SB,DE"')
    parser.add_argument("--edition", choices=[edition.value for edition in Edition])
    parser.add_argument(
        "--unrated-rating", type=int, help="rating used for unrated players (C.07 10)"
    )
    parser.add_argument("--lots-seed", default="", help="seed of the drawing of lots")
    parser.add_argument("--round", type=int, help="standings after this round (default: last)")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--json", action="store_true", help="print JSON instead of a table")
    output.add_argument(
        "--check", action="store_true", help="report the file's ranks that the list contradicts"
    )
    return parser.parse_args(argv)


def _texts(standings: Standings) -> list[str]:
    """The columns of the standings: the tie-breaks of the list, in order."""
    return list(dict.fromkeys(code.text for code in standings.codes))


def as_json(standings: Standings) -> dict[str, object]:
    """`{"players": [{"startno", "rank", "values": {code: number or null}}], ...}`."""
    return {
        "edition": standings.edition.value,
        "tiebreaks": _texts(standings),
        "lots_seed": standings.lots_seed,
        "players": [
            {
                "startno": row.player_id,
                "rank": row.rank,
                "values": {code: json_number(value) for code, value in row.values.items()},
                "lot": row.lot,
            }
            for row in standings.rows
        ],
    }


def as_table(standings: Standings, doc: TrfDocument) -> str:
    """The ranking as a plain-text table."""
    names = {player.pairing_number: player.name for player in doc.players}
    ratings = {player.pairing_number: player.rating or 0 for player in doc.players}
    width = max((len(name) for name in names.values()), default=4)
    codes = _texts(standings)
    header = f"{'Rk':>4} {'No':>4}  {'Name':<{width}} {'Rtg':>4} " + " ".join(
        f"{code:>7}" for code in codes
    )
    lines = [header, "-" * len(header)]
    for row in standings.rows:
        values = " ".join(f"{format_value(row.values[code]):>7}" for code in codes)
        name = names.get(row.player_id, "")
        lines.append(
            f"{row.rank:>4} {row.player_id:>4}  {name:<{width}} "
            f"{ratings.get(row.player_id, 0):>4} {values}"
        )
    lines.append(
        f"C.07 edition {standings.edition.value}; lots drawn with seed {standings.lots_seed!r}"
    )
    return "\n".join(lines)


def rank_differences(standings: Standings, doc: TrfDocument) -> list[str]:
    """The players whose rank in the file (TRF columns 86-89) does not follow the tie-break
    list. Players equal on every value share the place (C.07 4.2; the rank column allows
    ties), or were separated by lot: among themselves the shared first place, or any order of
    the places they span, is accepted.

    Rank 0 means unranked (a withdrawn player, a dummy bye player): such players are not
    compared, and the others' places are counted without them."""
    recorded = {player.pairing_number: player.rank for player in doc.players}
    codes = _texts(standings)
    ranked = sorted(standings.rows, key=lambda row: row.rank)
    ranked = [row for row in ranked if recorded.get(row.player_id) != 0]
    place = {row.player_id: index for index, row in enumerate(ranked, start=1)}
    tied: dict[tuple[object, ...], list[Row]] = {}
    for row in ranked:
        tied.setdefault(tuple(row.values[code] for code in codes), []).append(row)
    problems = []
    for rows in tied.values():
        expected = sorted(place[row.player_id] for row in rows)
        given = [recorded.get(row.player_id) for row in rows]
        if sorted(rank or 0 for rank in given) == expected:
            continue
        if all(rank == expected[0] for rank in given):
            continue  # a shared place (C.07 4.2, TRF "ties allowed"; VCL Q203)
        places = (
            str(expected[0])
            if len(rows) == 1
            else f"{expected[0]}-{expected[-1]} (tied on every tie-break)"
        )
        found = [
            f"player {row.player_id}: the file gives "
            f"{'no rank' if rank is None else f'rank {rank}'}, the list {places}"
            for row, rank in zip(rows, given, strict=True)
            if rank is None or rank not in expected
        ]
        if not found:  # the right ranks, but one given twice
            players = ", ".join(str(row.player_id) for row in rows)
            found = [f"players {players}: the file gives ranks {given}, the list {places}"]
        problems += found
    return problems


def unranked(doc: TrfDocument) -> int:
    """How many players the file leaves unranked (rank 0)."""
    return sum(1 for player in doc.players if player.rank == 0)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the standings; exit status 2 on a bad file or tie-break code. With `--check`,
    exit status 1 when some rank in the file does not follow the list."""
    arguments = _arguments(argv)
    try:
        doc = parse_trf(arguments.trf.read_text(encoding="utf-8"))
        if arguments.check and not any(player.rank for player in doc.players):
            # A file without ranks (columns 86-89 blank or 0): nothing contradicts the list.
            print("the file gives no ranks (columns 86-89): there is nothing to check")
            return 0
        codes = tiebreak_list(arguments.tiebreaks, doc)
        after = arguments.round
        state = (
            tournament_state_from_trf(doc)
            if after is None
            else tournament_state_from_trf(doc, after + 1)
        )
        state, round_robin = ranked_state(doc, state)
    except (OSError, TrfError, UnknownTiebreak, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    edition = Edition(arguments.edition) if arguments.edition else default_edition(doc)
    standings = compute_standings(
        state,
        codes,
        edition=edition,
        unrated_rating=arguments.unrated_rating,
        lots_seed=arguments.lots_seed,
        round_robin=round_robin,
    )
    if arguments.check:
        problems = rank_differences(standings, doc)
        for problem in problems:
            print(problem)
        if not problems:
            skipped = unranked(doc)
            ranks = {player.pairing_number: player.rank for player in doc.players}
            compared = sum(1 for row in standings.rows if ranks.get(row.player_id) != 0)
            note = f" ({skipped} unranked, rank 0, not compared)" if skipped else ""
            print(f"all {compared} ranks follow the tie-break list{note}")
        return 1 if problems else 0
    if arguments.json:
        print(json.dumps(as_json(standings), indent=1))
    else:
        print(as_table(standings, doc))
    return 0
