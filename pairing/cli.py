"""The engine's command line, compatible with the endorsed engines (JaVaFo, bbpPairings).

    python -m pairing --dutch INPUT.trf -p [OUTPUT]   pair the next round
    python -m pairing --dutch INPUT.trf -c            check every round of a tournament:
                                                      each differing round side by side
    python -m pairing --round-robin INPUT.trf -c      check a round robin's rounds against
                                                      the Berger tables (C.05 Annex 1)
    python -m pairing --round-robin INPUT.trf -p      its next round from the Berger table
    python -m pairing --double-swiss INPUT.trf -p|-c   the same for the Double-Swiss System
                                                      (C.04.5): two game columns per match
    python -m pairing --dutch|--round-robin|--double-swiss -g CONFIG -o OUT.trf [-s SEED]
                                                      generate a random tournament

The rules edition comes from the TRF's `192` record (`FIDE_DUTCH_2025` or `FIDE_DUTCH_2026`:
2025, `FIDE_DUTCH` or none: 2017) or from `--edition 2017|2025`, which wins; a contradiction
between them is refused. Accelerated input is read like the endorsed engines read it: the
`XXA`/`250` records, else, for a `192` code ending in `_BAKU`, the Baku method's virtual points
(C.04.7; `tournaments.domain.acceleration`).

A round robin's file gives its cycles in `092` (`Individual: Double Round-Robin`: two), else by
its number of rounds; whether a double round robin's first cycle exchanged its last two rounds
is read from its rounds (`pairing.roundrobin.replay`).

A Double-Swiss file (`192 FIDE_DOUBLESWISS`, or none) holds match m in the columns 2m-1 (game 1)
and 2m (game 2); `-p` prints each match's White of game 1 first (docs/double-swiss.md).

Exit status: 0 ok, 1 no valid pairing (or, with -c, a round differs), 3 invalid input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pairing.engine import (
    DoubleSwissConfig,
    DutchConfig,
    Edition,
    NoValidPairing,
    PairingError,
    RoundPairing,
    format_pairing,
    pair,
    pair_double_swiss,
)
from pairing.generator import run_generator
from pairing.roundrobin.berger import BergerTableError
from pairing.roundrobin.pairing import round_robin_pairing
from pairing.roundrobin.replay import differing_rounds, table_pairing, table_reading
from standings.ranks import file_ranks
from tournaments.domain.acceleration import split_system_code
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.domain.trf import (
    RecordedGame,
    RecordedPairing,
    TrfDocument,
    TrfError,
    parse_trf,
    recorded_pairing,
    tournament_state_from_trf,
)

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3

_EDITIONS = {"2017": Edition.DUTCH_2017, "2025": Edition.DUTCH_2025}
_SYSTEMS = {
    "FIDE_DUTCH": Edition.DUTCH_2017,
    "FIDE_DUTCH_2017": Edition.DUTCH_2017,
    "FIDE_DUTCH_2025": Edition.DUTCH_2025,
    "FIDE_DUTCH_2026": Edition.DUTCH_2025,
}


def edition_of(doc: TrfDocument, option: str | None) -> Edition:
    """The edition to pair by: `--edition` when given, else the `192` record (or the system
    code bbpPairings 6.0.0 writes on `092`); a record naming the other edition, or one that is
    not a Dutch system, is refused (ValueError)."""
    recorded: Edition | None = None
    if doc.pairing_system:
        recorded = _SYSTEMS.get(split_system_code(doc.pairing_system)[0])
        if recorded is None:
            line = "092" if doc.system_in_092 else "192"
            raise ValueError(f"unsupported pairing system {doc.pairing_system!r} ({line})")
    if option is None:
        return recorded or Edition.DUTCH_2017
    chosen = _EDITIONS[option]
    if recorded is not None and recorded is not chosen:
        raise ValueError(f"--edition {option} contradicts the file's 192 {recorded.value}")
    return chosen


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pairing", description=__doc__.splitlines()[0])
    system = parser.add_mutually_exclusive_group(required=True)
    system.add_argument(
        "--dutch", metavar="INPUT", nargs="?", const="", help="TRF input file (Dutch system)"
    )
    system.add_argument(
        "--double-swiss",
        metavar="INPUT",
        nargs="?",
        const="",
        help="TRF input file of a Double-Swiss tournament (C.04.5)",
    )
    system.add_argument(
        "--round-robin",
        metavar="INPUT",
        nargs="?",
        const="",
        help="TRF input file of a round robin (Berger tables)",
    )
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="output", nargs="?", const="-", help="pair the next round")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round")
    mode.add_argument("-g", dest="generate", metavar="CONFIG", help="generate a random tournament")
    parser.add_argument("-o", dest="generated", metavar="OUTPUT", default="-", help="with -g")
    parser.add_argument("-s", dest="seed", type=int, help="with -g: the random seed")
    parser.add_argument("--explain", action="store_true", help="print the reasoning to stderr")
    parser.add_argument("--edition", choices=sorted(_EDITIONS), help="rules edition (default: 192)")
    return parser


def _check(text: str, option: str | None) -> int:
    doc = parse_trf(text)
    config = DutchConfig(edition=edition_of(doc, option))
    differing = 0
    for round_number in range(1, doc.rounds_in_file + 1):
        state = tournament_state_from_trf(doc, round_number)
        recorded = recorded_pairing(doc, round_number)
        try:
            ours: RoundPairing | None = pair(state, config)
        except NoValidPairing:
            ours = None
        if ours is not None and pairing_agrees(recorded, ours):
            continue
        differing += 1
        if ours is None:
            print(f"round {round_number}: the engine finds no valid pairing; the file records")
        else:
            print(f"round {round_number}: the recorded pairing differs from the engine's")
        for line in side_by_side(recorded, ours):
            print(line)
    if not differing:
        print(f"all {doc.rounds_in_file} rounds agree with the engine")
    return EXIT_NO_PAIRING if differing else EXIT_OK


DOUBLE_SWISS_CODE = "FIDE_DOUBLESWISS"
"""The TRF-2026 `192` code of the Double-Swiss System."""


def double_swiss_document(text: str) -> TrfDocument:
    """A Double-Swiss file: its `192` says FIDE_DOUBLESWISS or nothing (ValueError else;
    acceleration, `_BAKU`, is not implemented for it)."""
    doc = parse_trf(text)
    if doc.pairing_system not in (None, DOUBLE_SWISS_CODE):
        raise ValueError(
            f"{doc.pairing_system!r} is not the Double-Swiss System ({DOUBLE_SWISS_CODE})"
        )
    return doc


def _check_double_swiss(text: str) -> int:
    """`-c` for a Double-Swiss file: every match against the engine, game 1's column compared
    (game 2 must repeat it with the colours reversed, else the match differs)."""
    doc = double_swiss_document(text)
    matches = (doc.rounds_in_file + 1) // 2
    differing = 0
    for match in range(1, matches + 1):
        recorded = recorded_pairing(doc, 2 * match - 1)
        second = recorded_pairing(doc, 2 * match)
        pairs = {frozenset((game.white, game.black)) for game in recorded.games}
        if second.games and pairs != {frozenset((g.white, g.black)) for g in second.games}:
            print(f"match {match}: game 2 does not pair the players of game 1")
            differing += 1
            continue
        try:
            ours: RoundPairing | None = pair_double_swiss(
                tournament_state_from_trf(doc, 2 * match - 1)
            )
        except NoValidPairing:
            ours = None
        if ours is not None and pairing_agrees(recorded, ours):
            continue
        differing += 1
        if ours is None:
            print(f"match {match}: the engine finds no valid pairing; the file records")
        else:
            print(f"match {match}: the recorded pairing differs from the engine's")
        for line in side_by_side(recorded, ours):
            print(line)
    if not differing:
        print(f"all {matches} matches agree with the engine")
    return EXIT_NO_PAIRING if differing else EXIT_OK


def _check_round_robin(text: str) -> int:
    """`-c` for a round robin: every round against the Berger table, each differing round
    side by side (the table's boards in table order)."""
    doc = parse_trf(text)
    reading = table_reading(doc)
    differing = differing_rounds(doc, reading)
    for round_number in differing:
        recorded = recorded_pairing(doc, round_number)
        try:
            table: RoundPairing | None = table_pairing(doc, round_number, reading)
        except BergerTableError as error:
            print(f"round {round_number}: no Berger table round: {error}")
            table = None
        else:
            print(f"round {round_number}: the recorded pairing differs from the Berger table's")
        for line in side_by_side(recorded, table):
            print(line.replace("engine", "table", 1) if line.startswith("  board") else line)
    if not differing:
        swap = ", the first cycle's last two rounds exchanged" if reading.swap_last_two else ""
        cycles = "double" if reading.cycles == 2 else "single"
        print(
            f"all {doc.rounds_in_file} rounds agree with the Berger tables "
            f"({cycles} round robin of {len(doc.players)} players{swap})"
        )
    return EXIT_NO_PAIRING if differing else EXIT_OK


def _pair_round_robin(text: str, output: str, explain: bool) -> int:
    """`-p` for a round robin: the next round of its Berger table (C.05 Annex 1)."""
    doc = parse_trf(text)
    reading = table_reading(doc)
    result = round_robin_pairing(
        tournament_state_from_trf(doc), cycles=reading.cycles, swap_last_two=reading.swap_last_two
    )
    if explain:
        for line in result.pairing.explanation:
            print(line, file=sys.stderr)
    formatted = format_pairing(result.pairing)
    if output == "-":
        sys.stdout.write(formatted)
    else:
        Path(output).write_text(formatted, encoding="utf-8")
    return EXIT_OK


def pairing_agrees(recorded: RecordedPairing, ours: RoundPairing) -> bool:
    """The same games with the same colours (a game the file records without colours, a
    forfeit, matches either colour) and the same pairing-allocated bye; `-c` and the cross-test
    harness (benchmarks/crosstest.py) compare so."""
    expected: set[object] = {(g.white, g.black) for g in recorded.games if g.colors_recorded}
    expected |= {frozenset((g.white, g.black)) for g in recorded.games if not g.colors_recorded}
    got: set[object] = set()
    for board in ours.boards:
        key = (board.white, board.black)
        got.add(key if key in expected else frozenset(key))
    return got == expected and ours.bye == recorded.bye


def side_by_side(recorded: RecordedPairing, ours: RoundPairing | None) -> list[str]:
    """The recorded and the engine's pairing of one round, board by board, as bbpPairings and
    JaVaFo show a checked round: the engine's boards in their order (C.04.2 D.9), each next to
    the recorded game of its White (else of its Black) not shown yet; the recorded games left
    over follow, then the pairing-allocated byes. `*` marks a row where the two differ. A
    recorded game without colours (a forfeit) reads `a : b`."""
    by_player: dict[PlayerId, RecordedGame] = {}
    for recorded_game in recorded.games:
        by_player[recorded_game.white] = by_player[recorded_game.black] = recorded_game
    rows: list[tuple[str, str, str, bool]] = []
    shown: set[RecordedGame] = set()
    for number, board in enumerate(ours.boards if ours is not None else (), start=1):
        game = next(
            (
                candidate
                for player in (board.white, board.black)
                if (candidate := by_player.get(player)) is not None and candidate not in shown
            ),
            None,
        )
        same = game is not None and (
            (game.white, game.black) == (board.white, board.black)
            or (not game.colors_recorded and {game.white, game.black} == {board.white, board.black})
        )
        if game is not None:
            shown.add(game)
        rows.append((str(number), _game(game), f"{board.white} - {board.black}", same))
    for left_over in recorded.games:
        if left_over not in shown:
            rows.append(("", _game(left_over), "", False))
    recorded_bye = "-" if recorded.bye is None else str(recorded.bye)
    engine_bye = "" if ours is None else "-" if ours.bye is None else str(ours.bye)
    if recorded.bye is not None or (ours is not None and ours.bye is not None):
        rows.append(
            ("bye", recorded_bye, engine_bye, ours is not None and ours.bye == recorded.bye)
        )
    width = max([len("recorded"), *(len(row[1]) for row in rows)])
    lines = [f"  {'board':>5}  {'recorded':<{width}}  engine"]
    for label, left, right, same in rows:
        lines.append(f"  {label:>5}  {left:<{width}}  {right}{'' if same else '   *'}".rstrip())
    return lines


def _game(game: RecordedGame | None) -> str:
    if game is None:
        return "-"
    return f"{game.white} {'-' if game.colors_recorded else ':'} {game.black}"


def _pair(text: str, output: str, explain: bool, option: str | None) -> int:
    doc = parse_trf(text)
    state: TournamentState = tournament_state_from_trf(doc)
    pairing = pair(state, DutchConfig(edition=edition_of(doc, option), explain=explain))
    if explain:
        for line in pairing.explanation:
            print(line, file=sys.stderr)
    result = format_pairing(pairing)
    if output == "-":
        sys.stdout.write(result)
    else:
        Path(output).write_text(result, encoding="utf-8")
    return EXIT_OK


def _pair_double_swiss(text: str, output: str, explain: bool) -> int:
    doc = double_swiss_document(text)
    pairing = pair_double_swiss(tournament_state_from_trf(doc), DoubleSwissConfig(explain))
    if explain:
        for line in pairing.explanation:
            print(line, file=sys.stderr)
    result = format_pairing(pairing)
    if output == "-":
        sys.stdout.write(result)
    else:
        Path(output).write_text(result, encoding="utf-8")
    return EXIT_OK


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    round_robin = args.round_robin is not None
    double_swiss = args.double_swiss is not None
    if double_swiss and args.edition:
        parser.error("--edition is for the Dutch system")
    if args.generate:
        edition = _EDITIONS[args.edition] if args.edition else None
        return run_generator(
            args.generate,
            args.generated,
            args.seed,
            rank=file_ranks,
            edition=edition,
            round_robin=round_robin,
            double_swiss=double_swiss,
        )
    path = args.round_robin if round_robin else args.double_swiss if double_swiss else args.dutch
    if not path:
        parser.error("--dutch, --double-swiss or --round-robin needs the INPUT file with -p or -c")
    if (round_robin or double_swiss) and args.edition:
        parser.error("--edition is for the Dutch system")
    try:
        text = Path(path).read_text(encoding="utf-8", errors="replace")
        if double_swiss:
            if args.check:
                return _check_double_swiss(text)
            return _pair_double_swiss(text, args.output, args.explain)
        if round_robin:
            if args.check:
                return _check_round_robin(text)
            return _pair_round_robin(text, args.output, args.explain)
        if args.check:
            return _check(text, args.edition)
        return _pair(text, args.output, args.explain, args.edition)
    except NoValidPairing as error:
        print(f"no valid pairing: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except (OSError, TrfError, ValueError, PairingError) as error:
        print(f"invalid input: {error}", file=sys.stderr)
        return EXIT_INVALID
