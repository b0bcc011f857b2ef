"""The FIDE Dutch pairing engine (C.04.3): pure Python, no Django, no I/O, deterministic.

The engine's one public face: the app, the command line, the generator and the benchmarks use
these names only (an import-linter contract keeps `pairing.engine.dutch` internal).

- `pair(state, config) -> RoundPairing`: the one entry point, by the edition of `DutchConfig`.
- `pair_double_swiss(state, config) -> RoundPairing`: the Double-Swiss System (C.04.5), whose
  state holds two game columns per match (`pairing.engine.doubleswiss`).
- `publication_order`: the board order of a published pairing (C.04.2 D.9).
- `format_pairing`: the output of the endorsed engines (`N`, `white black` lines, `bye 0`).
- `pairing_warnings`, `board_warnings`, `bye_warnings`, `wrong_colours_warnings`: the rules a
  hand-edited pairing breaks, judged by the engine's own predicates for the edition.
"""

from __future__ import annotations

from pairing.engine.api import (
    Board,
    DoubleSwissConfig,
    DutchConfig,
    Edition,
    InvalidState,
    NoValidPairing,
    PairingError,
    RoundPairing,
    UnsupportedFeature,
)
from pairing.engine.checks import (
    RuleWarning,
    board_warnings,
    bye_warnings,
    pairing_warnings,
    wrong_colours_warnings,
)
from pairing.engine.dutch.boards import publication_order
from pairing.engine.output import format_pairing
from pairing.engine.pair import pair, pair_double_swiss

__all__ = [
    "Board",
    "DoubleSwissConfig",
    "DutchConfig",
    "Edition",
    "InvalidState",
    "NoValidPairing",
    "PairingError",
    "RoundPairing",
    "RuleWarning",
    "UnsupportedFeature",
    "board_warnings",
    "bye_warnings",
    "format_pairing",
    "pair",
    "pair_double_swiss",
    "pairing_warnings",
    "publication_order",
    "wrong_colours_warnings",
]
