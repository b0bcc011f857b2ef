"""One entry point for every tie-break that a single player's results define: the code's
family picks the function (C.07 5). DE depends on the tied group and lives in ranking.py.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tournaments.domain.state import PlayerId

from .breakdown import Breakdown
from .buchholz import adjusted_score_value, average_of_opponents_buchholz, buchholz, fore_buchholz
from .codes import Family, TiebreakCode
from .koya import koya
from .manual import manual_value
from .order import pairing_number, rating_order, standard_points
from .own_results import (
    count_rounds,
    count_value,
    points,
    points_value,
    progressive_scores,
    progressive_value,
)
from .performance import (
    aro_value,
    average_performance_of_opponents,
    average_rating_of_opponents,
    perfect_performance,
    ptp_value,
    rating,
    tournament_performance,
    tpr_value,
)
from .results import Results
from .sonneborn_berger import sonneborn_berger

Tiebreak = Callable[[Results, PlayerId, TiebreakCode], Breakdown]
Value = Callable[[Results, PlayerId, TiebreakCode], Fraction | None]

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
    Family.STD: standard_points,
    Family.TPN: pairing_number,
    Family.RTNG: rating_order,
    Family.MAN: manual_value,
}


def player_breakdown(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """The player's value of a tie-break other than DE, with its working."""
    if code.family is Family.DE:
        raise ValueError("direct encounter depends on the tied group: use the ranking")
    return _BY_FAMILY[code.family](results, player_id, code)


_VALUE_BY_FAMILY: dict[Family, Value] = {
    Family.PTS: points_value,
    Family.WIN: count_value,
    Family.WON: count_value,
    Family.BPG: count_value,
    Family.BWG: count_value,
    Family.GE: count_value,
    Family.REP: count_value,
    Family.VUR: count_value,
    Family.PS: progressive_value,
    Family.ARO: aro_value,
    Family.TPR: tpr_value,
    Family.PTP: ptp_value,
}
"""The tie-breaks whose value (without modifier) is cheaper to compute without the working;
tests/standings/tiebreaks/test_values.py checks that both ways agree."""


def player_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction | None:
    """The player's value of a tie-break other than DE (the standings need only the value)."""
    fast = _VALUE_BY_FAMILY.get(code.family)
    if fast is not None and not code.cut_low:
        return fast(results, player_id, code)
    return player_breakdown(results, player_id, code).value
