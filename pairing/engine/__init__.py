"""The FIDE Dutch pairing engine (C.04.3): pure Python, no Django, no I/O, deterministic.

One entry point: `pair(state, config) -> RoundPairing`.
"""

from __future__ import annotations

from pairing.engine.api import (
    Board,
    DutchConfig,
    Edition,
    InvalidState,
    NoValidPairing,
    PairingError,
    RoundPairing,
    UnsupportedFeature,
)
from pairing.engine.pair import pair

__all__ = [
    "Board",
    "DutchConfig",
    "Edition",
    "InvalidState",
    "NoValidPairing",
    "PairingError",
    "RoundPairing",
    "UnsupportedFeature",
    "pair",
]
