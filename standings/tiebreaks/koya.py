"""The Koya system (C.07 9.2) and its Limit modifier (C.07 14.5)."""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import PlayerId

from .breakdown import Breakdown, Contribution, Source
from .codes import TiebreakCode
from .results import Results

HALF_POINTS = 2


def koya(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """KS: the points scored against the opponents (forfeits included) who finished with at
    least half the maximum score; the Limit moves that threshold in half-point steps.

    The opponents' real scores are used, not the adjusted ones.
    """
    scoring = results.scoring
    # 2 x score >= win x rounds + 2 x limit, in half-points (a half point is 1).
    threshold_twice = scoring.win * results.rounds + 2 * code.limit
    items = []
    for number, record in enumerate(results.players[player_id].history, start=1):
        opponent = record.opponent
        if opponent is None or not record.outcome.is_game:
            continue
        if 2 * results.points[opponent] >= threshold_twice:
            source = Source.GAME if record.played else Source.FORFEIT
            points = scoring.points(record.outcome)
            items.append(Contribution(number, opponent, points, source, points))
    total = sum(item.value for item in items)
    note = f"opponents with at least {Fraction(threshold_twice, 2 * HALF_POINTS)} points"
    return Breakdown(code.text, Fraction(total, HALF_POINTS), tuple(items), (), HALF_POINTS, note)
