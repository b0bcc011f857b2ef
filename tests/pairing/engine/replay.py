"""Replaying recorded rounds through the engine: shared by the golden and reference tests."""

from __future__ import annotations

from pathlib import Path

from pairing.cli import edition_of
from pairing.engine import DutchConfig, RoundPairing, format_pairing, pair
from tournaments.domain.trf import parse_trf, recorded_pairing, tournament_state_from_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "reference"
CASES = Path(__file__).resolve().parent / "cases"


def pair_file(path: Path) -> str:
    """The engine's output for the next round of the TRF file at `path`."""
    doc = parse_trf(path.read_text(encoding="utf-8"))
    config = DutchConfig(edition=edition_of(doc, None))
    return format_pairing(pair(tournament_state_from_trf(doc), config))


def _as_set(pairing: RoundPairing) -> set[object]:
    result: set[object] = {(board.white, board.black) for board in pairing.boards}
    result.add(("bye", pairing.bye))
    return result


def differing_rounds(path: Path) -> list[int]:
    """The rounds of a complete tournament whose recorded pairing (pairs, colours, bye) the
    engine does not reproduce from the state before the round."""
    doc = parse_trf(path.read_text(encoding="utf-8"))
    config = DutchConfig(edition=edition_of(doc, None))
    differing = []
    for round_number in range(1, doc.rounds_in_file + 1):
        recorded = recorded_pairing(doc, round_number)
        ours = pair(tournament_state_from_trf(doc, round_number), config)
        expected: set[object] = {(game.white, game.black) for game in recorded.games}
        expected.add(("bye", recorded.bye))
        if _as_set(ours) != expected:
            differing.append(round_number)
    return differing
