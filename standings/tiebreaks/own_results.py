"""Points and the tie-breaks based on the player's own results (C.07 7, type B)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tournaments.domain.state import Color, Outcome, PlayerId, RoundRecord, Scoring

from .breakdown import Breakdown, Contribution, Source
from .codes import Family, TiebreakCode
from .modifiers import kept, select_cuts
from .results import Results
from .unplayed import is_voluntary

HALF_POINTS = 2

_WON = frozenset({Outcome.WIN, Outcome.UNRATED_WIN})
_WIN_WITHOUT_PLAY = frozenset({Outcome.FORFEIT_WIN, Outcome.FULL_BYE})


def points(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PTS: the standings points, round by round."""
    scoring = results.scoring
    items = tuple(
        Contribution(number, record.opponent, value, _source(record), value)
        for number, record in enumerate(results.players[player_id].history, start=1)
        for value in (scoring.points(record.outcome),)
    )
    total = sum(item.value for item in items)
    return Breakdown(code.text, Fraction(total, HALF_POINTS), items, unit=HALF_POINTS)


def _source(record: RoundRecord) -> Source:
    if record.played:
        return Source.GAME
    return Source.FORFEIT if record.opponent is not None else Source.ROUND


def _is_win(record: RoundRecord, scoring: Scoring) -> bool:
    """C.07 7.1: a round worth a win, played or not (forfeit win, full-point bye, and the PAB
    when it scores a win)."""
    if record.outcome is Outcome.PAIRING_BYE:
        return scoring.pairing_bye == scoring.win
    return record.outcome in _WON or record.outcome in _WIN_WITHOUT_PLAY


def _is_won(record: RoundRecord, scoring: Scoring) -> bool:
    """C.07 7.2: a game won over the board."""
    return record.played and record.outcome in _WON


def _is_black(record: RoundRecord, scoring: Scoring) -> bool:
    """C.07 7.3: a game played over the board with Black."""
    return record.played and record.color is Color.BLACK


def _is_won_with_black(record: RoundRecord, scoring: Scoring) -> bool:
    """C.07 7.4: a game won over the board with Black."""
    return _is_won(record, scoring) and record.color is Color.BLACK


def _is_elected(record: RoundRecord, scoring: Scoring) -> bool:
    """C.07 7.6 GE / REP: a round the player elected to play (not a voluntary unplayed one)."""
    return not is_voluntary(record)


def _is_voluntary(record: RoundRecord, scoring: Scoring) -> bool:
    return is_voluntary(record)


_COUNTED: dict[Family, Callable[[RoundRecord, Scoring], bool]] = {
    Family.WIN: _is_win,
    Family.WON: _is_won,
    Family.BPG: _is_black,
    Family.BWG: _is_won_with_black,
    Family.GE: _is_elected,
    Family.REP: _is_elected,
    Family.VUR: _is_voluntary,
}


def count_rounds(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """WIN, WON, BPG, BWG, GE/REP (and the VUR helper): the number of rounds that qualify."""
    counted = _COUNTED[code.family]
    scoring = results.scoring
    items = tuple(
        Contribution(number, record.opponent, 1, _source(record), 1)
        for number, record in enumerate(results.players[player_id].history, start=1)
        if counted(record, scoring)
    )
    return Breakdown(code.text, Fraction(len(items)), items)


def progressive_scores(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PS (C.07 7.5): the sum of the running scores; a cut drops the earliest ones (14.1)."""
    scoring = results.scoring
    running = 0
    items: list[Contribution] = []
    for number, record in enumerate(results.players[player_id].history, start=1):
        running += scoring.points(record.outcome)
        items.append(Contribution(number, record.opponent, running, _source(record), running))
    cuts = select_cuts(items, code, results.edition)
    total = sum(item.value for item in kept(items, cuts))
    return Breakdown(code.text, Fraction(total, HALF_POINTS), tuple(items), cuts, HALF_POINTS)
