"""The Koya system (C.07 9.2) and its Limit modifier (C.07 14.5)."""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import PlayerId

from .breakdown import VALUE, Breakdown, Item, Source
from .codes import TiebreakCode
from .results import Results

HALF_POINTS = 2


def koya(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """KS: the points scored against the opponents (forfeits included) who finished with at
    least half the maximum score; the Limit moves that threshold in half-point steps.

    The opponents' real scores are used, not the adjusted ones. The maximum score is a win in
    every round (in a round robin, every round but the opponent's byes: `Results.max_score`).
    """
    # 2 x score >= maximum + 2 x limit, in half-points (a half point is 1).
    threshold_twice = results.max_score(player_id) + 2 * code.limit
    items: tuple[Item, ...] = tuple(
        (
            played.number,
            opponent,
            played.points,
            Source.GAME if played.played else Source.FORFEIT,
            played.points,
            False,
        )
        for played in results.history[player_id]
        if (opponent := played.opponent) is not None
        and played.outcome.is_game
        and 2 * results.points[opponent] >= results.max_score(opponent) + 2 * code.limit
    )
    total = sum(item[VALUE] for item in items)
    note = Message(
        gettext_noop("opponents with at least %(points)s points"),
        points=str(Fraction(threshold_twice, 2 * HALF_POINTS)),
    )
    return Breakdown(code.text, Fraction(total, HALF_POINTS), items, (), HALF_POINTS, note)
