"""The engine's output format, shared with the endorsed engines (JaVaFo, bbpPairings)."""

from __future__ import annotations

from pairing.engine.api import RoundPairing


def format_pairing(pairing: RoundPairing) -> str:
    """The JaVaFo/bbpPairings output: the number of lines, `white black` lines, `N 0`."""
    lines = [f"{board.white} {board.black}" for board in pairing.boards]
    if pairing.bye is not None:
        lines.append(f"{pairing.bye} 0")
    return "\n".join([str(len(lines)), *lines]) + "\n"
