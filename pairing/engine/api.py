"""The engine's public types: configuration, result and errors (C.04.3; C.04.2 D.9)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from tournaments.domain.state import PlayerId


class Edition(enum.Enum):
    """The edition of the Dutch rules a tournament is paired by.

    DUTCH_2017: C.04.3 as approved in Baku 2016, applied 1 July 2017 to 31 January 2026.
    DUTCH_2025: the edition in force from 1 February 2026 (TRF-2026 `192 FIDE_DUTCH_2025`).
    """

    DUTCH_2017 = "FIDE_DUTCH"
    DUTCH_2025 = "FIDE_DUTCH_2025"


@dataclass(frozen=True, slots=True)
class DutchConfig:
    """How to pair: the rules edition, and whether to record the reasoning for the arbiter."""

    edition: Edition = Edition.DUTCH_2017
    explain: bool = False


@dataclass(frozen=True, slots=True)
class DoubleSwissConfig:
    """How to pair a Double-Swiss match (C.04.5): whether to record the reasoning."""

    explain: bool = False


@dataclass(frozen=True, slots=True)
class Board:
    """One game of the round: White first (C.04.3 E)."""

    white: PlayerId
    black: PlayerId


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """The pairing of one round: boards in publication order (C.04.2 D.9), then the
    pairing-allocated bye (C.04.1 c), if any. `explanation` is the arbiter-readable reasoning,
    one line per entry, empty unless `DutchConfig.explain` was set."""

    boards: tuple[Board, ...]
    bye: PlayerId | None = None
    explanation: tuple[str, ...] = field(default=())


class PairingError(Exception):
    """Base of every error the engine raises."""


class NoValidPairing(PairingError):
    """No complete round-pairing satisfies C.1-C.3: the arbiter decides (C.04.3 A.9)."""


class InvalidState(PairingError):
    """The tournament state cannot be paired as given (e.g. the round is already complete)."""


class UnsupportedFeature(PairingError):
    """The state uses something this engine does not implement."""
