"""One entry point for every tie-break that a single player's results define: the code's
family picks the function (C.07 5). DE depends on the tied group and lives in ranking.py.
"""

from __future__ import annotations

from collections.abc import Callable

from tournaments.domain.state import PlayerId

from .breakdown import Breakdown
from .buchholz import adjusted_score_value, average_of_opponents_buchholz, buchholz, fore_buchholz
from .codes import Family, TiebreakCode
from .koya import koya
from .own_results import count_rounds, points, progressive_scores
from .performance import (
    average_performance_of_opponents,
    average_rating_of_opponents,
    perfect_performance,
    rating,
    tournament_performance,
)
from .results import Results
from .sonneborn_berger import sonneborn_berger

Tiebreak = Callable[[Results, PlayerId, TiebreakCode], Breakdown]

_BY_FAMILY: dict[Family, Tiebreak] = {
    Family.PTS: points,
    Family.WIN: count_rounds,
    Family.WON: count_rounds,
    Family.BPG: count_rounds,
    Family.BWG: count_rounds,
    Family.GE: count_rounds,
    Family.REP: count_rounds,
    Family.VUR: count_rounds,
    Family.PS: progressive_scores,
    Family.BH: buchholz,
    Family.FB: fore_buchholz,
    Family.AOB: average_of_opponents_buchholz,
    Family.ABH: adjusted_score_value,
    Family.AFB: adjusted_score_value,
    Family.SB: sonneborn_berger,
    Family.KS: koya,
    Family.ARO: average_rating_of_opponents,
    Family.TPR: tournament_performance,
    Family.PTP: perfect_performance,
    Family.APRO: average_performance_of_opponents,
    Family.APPO: average_performance_of_opponents,
    Family.RTG: rating,
}


def player_breakdown(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """The player's value of a tie-break other than DE, with its working."""
    if code.family is Family.DE:
        raise ValueError("direct encounter depends on the tied group: use the ranking")
    return _BY_FAMILY[code.family](results, player_id, code)
