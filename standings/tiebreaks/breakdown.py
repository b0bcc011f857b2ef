"""How a tie-break value was made: each round's contribution and what was cut, and why.

The standings page shows this working to players and arbiters. Contributions are integers in
the breakdown's `unit` (for example half-points for Buchholz), so that thousands of them can
be added exactly and fast; `Breakdown.value` is the exact result as a `Fraction`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, NamedTuple

from tournaments.domain.state import PlayerId


class Source(enum.Enum):
    """Where one round's contribution comes from (C.07 16)."""

    GAME = "game played over the board"
    FORFEIT = "forfeited game"
    OWN_SCORE = "own unplayed round: a dummy opponent with the player's own score (16)"
    CAPPED_OWN_SCORE = "own unplayed round: the dummy's score capped (2026, 16)"
    ROUND = "the round's result"


class CutReason(enum.Enum):
    """Why a modifier removed a value (C.07 14, 16)."""

    VOLUNTARY_FIRST = "voluntary unplayed round (requested bye or forfeit loss), cut first (16)"
    LEAST_SIGNIFICANT = "least significant value (14.1, 14.2)"
    MOST_SIGNIFICANT = "most significant value (14.3, 14.4)"


Item = tuple[int, PlayerId | None, int, Source, int, bool]
"""One round's value as a plain tuple: (round, opponent, value, source, key, voluntary).

Standings make one per player, round and tie-break, so they are plain tuples, fast to make;
`Breakdown.contributions` gives them names. `key` orders the values by significance when a
modifier cuts them (the opponent's score for Sonneborn-Berger, the value itself otherwise);
`voluntary` marks a voluntary unplayed round, cut first (C.07 16).
"""

# The positions in an `Item`.
ROUND: Final = 0
VALUE: Final = 2
KEY: Final = 4
VOLUNTARY: Final = 5


class Contribution(NamedTuple):
    """One round's value in a sum or average: an `Item` with names."""

    round: int
    opponent: PlayerId | None
    value: int
    source: Source
    key: int
    voluntary: bool


@dataclass(frozen=True, slots=True)
class Cut:
    """A round whose contribution a modifier removed."""

    round: int
    reason: CutReason


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's value of one tie-break, with the working.

    `value` is None when the tie-break is undefined for the player (no game left after a
    cut, or a rating-based tie-break with unrated players and no rule for them, C.07 10).
    Contribution values divided by `unit` are in points (or rating points).
    """

    code: str
    value: Fraction | None
    items: tuple[Item, ...] = ()
    cuts: tuple[Cut, ...] = ()
    unit: int = 1
    note: str = ""

    @property
    def contributions(self) -> tuple[Contribution, ...]:
        """Each round's value, round 1 first."""
        return tuple(Contribution._make(item) for item in self.items)

    def points(self, contribution: Contribution) -> Fraction:
        """A contribution's value in points (or rating points)."""
        return Fraction(contribution.value, self.unit)

    def is_cut(self, round_number: int) -> bool:
        return any(cut.round == round_number for cut in self.cuts)
