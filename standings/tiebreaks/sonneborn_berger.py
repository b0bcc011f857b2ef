"""Sonneborn-Berger (C.07 9.1) with the unplayed-round rules of C.07 16."""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import PlayerId

from .breakdown import Breakdown, Contribution
from .buchholz import opponent_scores
from .codes import TiebreakCode
from .modifiers import kept, select_cuts
from .results import Results


def sonneborn_berger(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """SB: the sum over the rounds of the opponent's score times the points scored.

    Each round's opponent score is the one Buchholz uses (16.A, 16.B). The contribution is in
    units of 1 / (2 x the half-points of a win), so the sum stays an integer. A modifier cuts
    the lowest-scored opponent, among equal scores the smallest product (C.07 14.1).
    """
    scoring = results.scoring
    history = results.players[player_id].history
    unit = 2 * scoring.win
    items = [
        Contribution(
            item.round,
            item.opponent,
            item.value * scoring.points(history[item.round - 1].outcome),
            item.source,
            item.key,
            item.voluntary,
        )
        for item in opponent_scores(results, player_id)
    ]
    cuts = select_cuts(items, code, results.edition)
    total = sum(item.value for item in kept(items, cuts))
    return Breakdown(code.text, Fraction(total, unit), tuple(items), cuts, unit)
