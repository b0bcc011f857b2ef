"""The TRF-2026 order codes of C.07 (1 March 2026): STD, TPN and RTNG.

STD counts the standard points (1 for a win, ½ for a draw, 0 for a loss, whatever the
tournament's scoring); TPN is the pairing number (lower first; `TPN/R` higher first); RTNG the
rating (higher first; `RTNG/R` lower first), an unrated player's the tournament's rule gives,
0 without one. The order is the code's (`TiebreakCode.ascending`); the value is as written.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import PlayerId, Scoring

from .breakdown import Breakdown
from .codes import TiebreakCode
from .results import Results

_STANDARD = Scoring()


def standard_points(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """STD: the score under standard scoring (1 / ½ / 0)."""
    return Breakdown(code.text, Fraction(results.players[player_id].score(_STANDARD), 2))


def pairing_number(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """TPN: the tournament pairing number."""
    return Breakdown(code.text, Fraction(player_id))


def rating_order(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """RTNG: the player's rating; an unrated player's the tournament's rule gives, else 0."""
    return Breakdown(code.text, Fraction(results.ratings[player_id]))
