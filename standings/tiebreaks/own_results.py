"""Points and the tie-breaks based on the player's own results (C.07 7, type B)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from tournaments.domain.state import Color, Outcome, PlayerId, Scoring

from .breakdown import Breakdown, Item
from .codes import Family, TiebreakCode
from .modifiers import select_cuts, total_kept
from .results import Results
from .rounds import Round

HALF_POINTS = 2

_WON = (Outcome.WIN, Outcome.UNRATED_WIN)
_WIN_WITHOUT_PLAY = (Outcome.FORFEIT_WIN, Outcome.FULL_BYE)
# Tuples, not sets: membership by identity, without hashing the enum, in a hot loop.


def points_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction:
    """PTS without the working."""
    return Fraction(results.points[player_id], HALF_POINTS)


def points(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PTS: the standings points, round by round."""
    items: tuple[Item, ...] = tuple(
        (played.number, played.opponent, played.points, played.source, 0, False)
        for played in results.history[player_id]
    )
    return Breakdown(
        code.text, Fraction(results.points[player_id], HALF_POINTS), items, unit=HALF_POINTS
    )


def _is_win(played: Round, scoring: Scoring) -> bool:
    """C.07 7.1: a round worth a win, played or not (forfeit win, full-point bye, and the PAB
    when it scores a win)."""
    if played.outcome is Outcome.PAIRING_BYE:
        return scoring.pairing_bye == scoring.win
    return played.outcome in _WON or played.outcome in _WIN_WITHOUT_PLAY


def _is_won(played: Round, scoring: Scoring) -> bool:
    """C.07 7.2: a game won over the board."""
    return played.played and played.outcome in _WON


def _is_black(played: Round, scoring: Scoring) -> bool:
    """C.07 7.3: a game played over the board with Black."""
    return played.played and played.color is Color.BLACK


def _is_won_with_black(played: Round, scoring: Scoring) -> bool:
    """C.07 7.4: a game won over the board with Black."""
    return _is_won(played, scoring) and played.color is Color.BLACK


def _is_elected(played: Round, scoring: Scoring) -> bool:
    """C.07 7.6 GE / REP: a round the player elected to play (not a voluntary unplayed one)."""
    return not played.voluntary


def _is_voluntary(played: Round, scoring: Scoring) -> bool:
    return played.voluntary


_COUNTED: dict[Family, Callable[[Round, Scoring], bool]] = {
    Family.WIN: _is_win,
    Family.WON: _is_won,
    Family.BPG: _is_black,
    Family.BWG: _is_won_with_black,
    Family.GE: _is_elected,
    Family.REP: _is_elected,
    Family.VUR: _is_voluntary,
}


def count_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction:
    """WIN, WON, BPG, BWG, GE/REP, VUR without the working."""
    counted = _COUNTED[code.family]
    scoring = results.scoring
    return Fraction(sum(1 for played in results.history[player_id] if counted(played, scoring)))


def count_rounds(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """WIN, WON, BPG, BWG, GE/REP (and the VUR helper): the number of rounds that qualify."""
    counted = _COUNTED[code.family]
    scoring = results.scoring
    items: tuple[Item, ...] = tuple(
        (played.number, played.opponent, 1, played.source, 1, False)
        for played in results.history[player_id]
        if counted(played, scoring)
    )
    return Breakdown(code.text, Fraction(len(items)), items)


def progressive_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction:
    """PS without modifier and without the working: round r's points count in every running
    score from r on."""
    rounds = results.history[player_id]
    total = sum(played.points * (len(rounds) - index) for index, played in enumerate(rounds))
    return Fraction(total, HALF_POINTS)


def progressive_scores(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PS (C.07 7.5): the sum of the running scores; a cut drops the earliest ones (14.1)."""
    running = 0
    items: list[Item] = []
    for played in results.history[player_id]:
        running += played.points
        items.append((played.number, played.opponent, running, played.source, running, False))
    cuts = select_cuts(items, code, results.edition)
    value = Fraction(total_kept(items, cuts), HALF_POINTS)
    return Breakdown(code.text, value, tuple(items), cuts, HALF_POINTS)
