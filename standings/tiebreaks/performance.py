"""The rating-based tie-breaks (C.07 10): ARO, TPR, PTP, APRO and APPO.

Only games played over the board count (forfeits and byes never do). With unrated players in
the field and no fixed rating for them, every value is undefined (C.07 10 preamble).
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.state import PlayerId

from .breakdown import VALUE, Breakdown, Item, Source
from .codes import Family, TiebreakCode
from .modifiers import kept, select_cuts
from .rating_tables import dp_for_hundredths, expected_hundredths
from .results import Results

_UNDEFINED = "undefined: unrated players in the field and no rating fixed for them (C.07 10)"
_NO_GAME = "undefined: no game played over the board"
_PERFECT_MARGIN = 800
"""PTP with no point: the lowest opponent's rating - 800. A full score needs every difference
above 735 (B.02 8.1.2), so it gives the highest opponent's rating + 736."""


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves rounded up (C.07 10.1)."""
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def _games(results: Results, player_id: PlayerId) -> list[Item]:
    """One value per game played over the board: the opponent's rating (also the key: a
    modifier cuts the lowest ratings)."""
    ratings = results.ratings
    return [
        (played.number, opponent, rating, Source.GAME, rating, False)
        for played in results.history[player_id]
        if played.played and (opponent := played.opponent) is not None
        for rating in (ratings[opponent],)
    ]


def _points_over_the_board(results: Results, player_id: PlayerId) -> int:
    return sum(played.points for played in results.history[player_id] if played.played)


def average_rating_of_opponents(
    results: Results, player_id: PlayerId, code: TiebreakCode
) -> Breakdown:
    """ARO (C.07 10.1): the opponents' average rating, rounded half up; a modifier cuts the
    lowest (and highest) ratings."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=_UNDEFINED)
    items = _games(results, player_id)
    cuts = select_cuts(items, code, results.edition)
    remaining = kept(items, cuts)
    if not remaining:
        return Breakdown(code.text, None, tuple(items), cuts, note=_NO_GAME)
    average = Fraction(sum(item[VALUE] for item in remaining), len(remaining))
    note = f"{average} = {float(average):.2f} rounded half up"
    return Breakdown(code.text, Fraction(round_half_up(average)), tuple(items), cuts, note=note)


def tournament_performance(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """TPR (C.07 10.2): ARO + dp, dp from the B.02 table for the fractional score p of the
    games played over the board, rounded to two decimals."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=_UNDEFINED)
    items = _games(results, player_id)
    if not items:
        return Breakdown(code.text, None, note=_NO_GAME)
    aro = round_half_up(Fraction(sum(item[VALUE] for item in items), len(items)))
    score = _points_over_the_board(results, player_id)
    p = round_half_up(Fraction(100 * score, results.scoring.win * len(items)))
    dp = dp_for_hundredths(p)
    note = f"ARO {aro} + dp({p / 100:.2f}) {dp:+d}"
    return Breakdown(code.text, Fraction(aro + dp), tuple(items), note=note)


def perfect_performance_value(ratings: list[int], score_hundredths: int) -> int:
    """The lowest whole rating R whose expected score against `ratings` reaches the score
    (C.07 10.3), the expected score summed from the B.02 table without a 400-point cut."""
    if score_hundredths <= 0:
        return min(ratings) - _PERFECT_MARGIN
    low, high = min(ratings) - _PERFECT_MARGIN, max(ratings) + _PERFECT_MARGIN
    while low < high:
        middle = (low + high) // 2
        if sum(expected_hundredths(middle - rating) for rating in ratings) >= score_hundredths:
            high = middle
        else:
            low = middle + 1
    return low


def perfect_performance(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PTP (C.07 10.3): the perfect tournament performance over the games played."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=_UNDEFINED)
    items = _games(results, player_id)
    if not items:
        return Breakdown(code.text, None, note=_NO_GAME)
    score = Fraction(100 * _points_over_the_board(results, player_id), results.scoring.win)
    value = perfect_performance_value([item[VALUE] for item in items], round_half_up(score))
    note = f"lowest rating whose expected score reaches {score / 100} in {len(items)} games"
    return Breakdown(code.text, Fraction(value), tuple(items), note=note)


def _performances(results: Results, family: Family) -> dict[PlayerId, int | None]:
    compute = tournament_performance if family is Family.TPR else perfect_performance
    code = TiebreakCode(family)
    values: dict[PlayerId, int | None] = {}
    for player_id in results.players:
        value = compute(results, player_id, code).value
        values[player_id] = None if value is None else int(value)
    return values


def every_tournament_performance(results: Results) -> dict[PlayerId, int | None]:
    """Every player's TPR (APRO reads it for each opponent)."""
    return _performances(results, Family.TPR)


def every_perfect_performance(results: Results) -> dict[PlayerId, int | None]:
    """Every player's PTP (APPO reads it for each opponent)."""
    return _performances(results, Family.PTP)


def average_performance_of_opponents(
    results: Results, player_id: PlayerId, code: TiebreakCode
) -> Breakdown:
    """APRO (C.07 10.4) / APPO (10.5): the average TPR / PTP of the opponents met over the
    board, rounded half up."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=_UNDEFINED)
    performance_of = results.memo(
        every_tournament_performance if code.family is Family.APRO else every_perfect_performance
    )
    items = [
        (played.number, opponent, performance, Source.GAME, performance, False)
        for played in results.history[player_id]
        if played.played and (opponent := played.opponent) is not None
        for performance in (performance_of[opponent],)
        if performance is not None
    ]
    if not items:
        return Breakdown(code.text, None, note=_NO_GAME)
    average = Fraction(sum(item[VALUE] for item in items), len(items))
    note = f"{average} = {float(average):.2f} rounded half up"
    return Breakdown(code.text, Fraction(round_half_up(average)), tuple(items), note=note)


def rating(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """RTG: the rating the rating-based tie-breaks use for the player (None: unrated)."""
    player = results.players[player_id]
    if player.rating > 0:
        return Breakdown(code.text, Fraction(player.rating))
    if results.unrated_rating is None:
        return Breakdown(code.text, None, note="unrated")
    return Breakdown(code.text, Fraction(results.unrated_rating), note="unrated: fixed rating")
