"""The TRF-2026 order codes of C.07 (1 March 2026): STD, TPN and RTNG.

STD counts the standard points (1 for a win, ½ for a draw, 0 for a loss, whatever the
tournament's scoring; a round robin's rest round nothing); TPN is the pairing number (lower
first; `TPN/R` higher first); RTNG the rating (higher first; `RTNG/R` lower first), an
unrated player's the one the tournament's rule gives. RTNG is article 10.6, one of the
rating-based tie-breaks: with unrated players in the field and no rule for them, it is undefined
for everyone (C.07 10 preamble: such tie-breaks "must be dropped"). The order is the code's
(`TiebreakCode.ascending`); the value is as written.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import Outcome, PlayerId, Scoring

from .breakdown import Breakdown
from .codes import TiebreakCode
from .performance import UNRATED_UNDEFINED
from .results import Results

_STANDARD = Scoring()


def standard_points(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """STD: the score under standard scoring (1 / ½ / 0). A round robin's rest round (the odd
    field's empty seat) is no pairing-allocated bye (C.07 15.2) and scores nothing."""
    player = results.players[player_id]
    rests = 0
    if results.round_robin:
        rests = sum(record.outcome is Outcome.PAIRING_BYE for record in player.history)
    return Breakdown(
        code.text, Fraction(player.score(_STANDARD) - _STANDARD.pairing_bye * rests, 2)
    )


def pairing_number(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """TPN: the tournament pairing number."""
    return Breakdown(code.text, Fraction(player_id))


def rating_order(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """RTNG (C.07 2026 10.6): the player's rating, an unrated player's the one the tournament's
    rule gives; undefined for everyone when the field has unrated players and no rule rates
    them (C.07 10 preamble)."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=UNRATED_UNDEFINED)
    return Breakdown(code.text, Fraction(results.ratings[player_id]))
