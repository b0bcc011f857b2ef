"""The engine's command line, compatible with the endorsed engines (JaVaFo, bbpPairings).

    python -m pairing --dutch INPUT.trf -p [OUTPUT]   pair the next round
    python -m pairing --dutch INPUT.trf -c            check every round of a tournament

Exit status: 0 ok, 1 no valid pairing (or, with -c, a round differs), 3 invalid input.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from pairing.engine import DutchConfig, NoValidPairing, PairingError, RoundPairing, pair
from tournaments.domain.state import TournamentState
from tournaments.domain.trf import TrfError, parse_trf, recorded_pairing, tournament_state

EXIT_OK = 0
EXIT_NO_PAIRING = 1
EXIT_INVALID = 3


def format_pairing(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: the number of lines, `white black` lines, `N 0`."""
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m pairing", description=__doc__.splitlines()[0])
    parser.add_argument("--dutch", metavar="INPUT", required=True, help="TRF input file")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("-p", dest="output", nargs="?", const="-", help="pair the next round")
    mode.add_argument("-c", dest="check", action="store_true", help="check every round")
    parser.add_argument("--explain", action="store_true", help="print the reasoning to stderr")
    return parser


def _check(text: str) -> int:
    doc = parse_trf(text)
    differing: list[int] = []
    for round_number in range(1, doc.rounds_in_file + 1):
        state = tournament_state(doc, round_number)
        recorded = recorded_pairing(doc, round_number)
        try:
            ours = pair(state, DutchConfig())
        except NoValidPairing:
            differing.append(round_number)
            continue
        expected: set[object] = {(g.white, g.black) for g in recorded.games if g.colors_recorded}
        expected |= {frozenset((g.white, g.black)) for g in recorded.games if not g.colors_recorded}
        got: set[object] = set()
        for board in ours.boards:
            key = (board.white, board.black)
            got.add(key if key in expected else frozenset(key))
        if got != expected or ours.bye != recorded.bye:
            differing.append(round_number)
    for round_number in differing:
        print(f"round {round_number}: the recorded pairing differs from the engine's")
    if not differing:
        print(f"all {doc.rounds_in_file} rounds agree with the engine")
    return EXIT_NO_PAIRING if differing else EXIT_OK


def _pair(text: str, output: str, explain: bool) -> int:
    state: TournamentState = tournament_state(parse_trf(text))
    pairing = pair(state, DutchConfig(explain=explain))
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
    args = _parser().parse_args(argv)
    try:
        text = Path(args.dutch).read_text(encoding="utf-8", errors="replace")
        if args.check:
            return _check(text)
        return _pair(text, args.output, args.explain)
    except NoValidPairing as error:
        print(f"no valid pairing: {error}", file=sys.stderr)
        return EXIT_NO_PAIRING
    except (OSError, TrfError, ValueError, PairingError) as error:
        print(f"invalid input: {error}", file=sys.stderr)
        return EXIT_INVALID
