"""Sonneborn-Berger (C.07 9.1) with the unplayed-round rules of C.07 16."""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import PlayerId

from .breakdown import Breakdown, Item
from .buchholz import every_opponent_scores
from .codes import TiebreakCode
from .modifiers import select_cuts, total_kept
from .results import Results


def sonneborn_berger(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """SB: the sum over the rounds of the opponent's score times the points scored.

    Each round's opponent score is the one Buchholz uses (16.A, 16.B). The contribution is in
    units of 1 / (2 x the half-points of a win), so the sum stays an integer. A modifier cuts
    the lowest-scored opponent, among equal scores the smallest product (C.07 14.1).
    """
    unit = 2 * results.scoring.win
    rounds = results.history[player_id]
    items: tuple[Item, ...] = tuple(
        (number, opponent, score * rounds[number - 1].points, source, key, voluntary)
        for number, opponent, score, source, key, voluntary in results.memo(every_opponent_scores)[
            player_id
        ]
    )
    cuts = select_cuts(items, code, results.edition)
    return Breakdown(code.text, Fraction(total_kept(items, cuts), unit), items, cuts, unit)
