"""The rating-based tie-breaks (C.07 10): ARO, TPR, PTP, APRO and APPO.

Only games played over the board count (forfeits and byes never do). With unrated players in
the field and no fixed rating for them, every value is undefined (C.07 10 preamble).
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.rating_tables import dp_for_hundredths, expected_hundredths
from tournaments.domain.state import PlayerId

from .breakdown import VALUE, Breakdown, Item, Source
from .codes import Family, TiebreakCode
from .modifiers import kept, select_cuts
from .results import Results

UNRATED_UNDEFINED = Message(
    gettext_noop("undefined: unrated players in the field and no rating fixed for them (C.07 10)")
)
"""The note of a rating-based value (C.07 10, RTNG too) when the field has unrated players and
no rule rates them."""
_NO_GAME = Message(gettext_noop("undefined: no game played over the board"))


def _rounded(average: Fraction) -> Message:
    """`1234/3 = 411.33 rounded half up`: how an average becomes the value."""
    return Message(
        gettext_noop("%(average)s = %(decimal)s rounded half up"),
        average=str(average),
        decimal=f"{float(average):.2f}",
    )


_PERFECT_MARGIN = 800
"""PTP with no point: the lowest opponent's rating - 800. A full score needs every difference
above 735 (B.02 8.1.2), so it gives the highest opponent's rating + 736."""


def round_half_up(value: Fraction) -> int:
    """The nearest whole number, halves rounded up (C.07 10.1)."""
    return (2 * value.numerator + value.denominator) // (2 * value.denominator)


def _games(results: Results, player_id: PlayerId) -> list[Item]:
    """One value per game played over the board: the opponent's rating (also the key: a
    modifier cuts the lowest ratings)."""
    return [
        (played.number, opponent, rating, Source.GAME, rating, False)
        for played in results.history[player_id]
        if played.played and (opponent := played.opponent) is not None
        for rating in (results.rating_in(opponent, played.number),)
    ]


def _points_over_the_board(results: Results, player_id: PlayerId) -> int:
    return sum(played.points for played in results.history[player_id] if played.played)


def _opponent_ratings(results: Results, player_id: PlayerId) -> list[int]:
    return [
        results.rating_in(opponent, played.number)
        for played in results.history[player_id]
        if played.played and (opponent := played.opponent) is not None
    ]


def aro_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction | None:
    """ARO without modifier, without the working (the standings need only the value)."""
    ratings = _opponent_ratings(results, player_id) if results.ratings_defined else []
    if not ratings:
        return None
    return Fraction(round_half_up(Fraction(sum(ratings), len(ratings))))


def average_rating_of_opponents(
    results: Results, player_id: PlayerId, code: TiebreakCode
) -> Breakdown:
    """ARO (C.07 10.1): the opponents' average rating, rounded half up; a modifier cuts the
    lowest (and highest) ratings."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=UNRATED_UNDEFINED)
    items = _games(results, player_id)
    cuts = select_cuts(items, code, results.edition)
    remaining = kept(items, cuts)
    if not remaining:
        return Breakdown(code.text, None, tuple(items), cuts, note=_NO_GAME)
    average = Fraction(sum(item[VALUE] for item in remaining), len(remaining))
    note = _rounded(average)
    return Breakdown(code.text, Fraction(round_half_up(average)), tuple(items), cuts, note=note)


def _performance_parts(results: Results, player_id: PlayerId) -> tuple[int, int, int] | None:
    """TPR's parts (C.07 10.2): the rounded ARO, p in hundredths rounded half up, and dp."""
    ratings = _opponent_ratings(results, player_id) if results.ratings_defined else []
    if not ratings:
        return None
    aro = round_half_up(Fraction(sum(ratings), len(ratings)))
    score = _points_over_the_board(results, player_id)
    p = round_half_up(Fraction(100 * score, results.scoring.win * len(ratings)))
    return aro, p, dp_for_hundredths(p)


def tpr_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction | None:
    """TPR without the working."""
    parts = _performance_parts(results, player_id)
    return None if parts is None else Fraction(parts[0] + parts[2])


def tournament_performance(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """TPR (C.07 10.2): ARO + dp, dp from the B.02 table for the fractional score p of the
    games played over the board, rounded to two decimals."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=UNRATED_UNDEFINED)
    parts = _performance_parts(results, player_id)
    if parts is None:
        return Breakdown(code.text, None, note=_NO_GAME)
    aro, p, dp = parts
    note = f"ARO {aro} + dp({p / 100:.2f}) {dp:+d}"
    return Breakdown(code.text, Fraction(aro + dp), tuple(_games(results, player_id)), note=note)


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


def ptp_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Fraction | None:
    """PTP without the working."""
    ratings = _opponent_ratings(results, player_id) if results.ratings_defined else []
    if not ratings:
        return None
    score = Fraction(100 * _points_over_the_board(results, player_id), results.scoring.win)
    return Fraction(perfect_performance_value(ratings, round_half_up(score)))


def perfect_performance(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """PTP (C.07 10.3): the perfect tournament performance over the games played."""
    if not results.ratings_defined:
        return Breakdown(code.text, None, note=UNRATED_UNDEFINED)
    value = ptp_value(results, player_id, code)
    if value is None:
        return Breakdown(code.text, None, note=_NO_GAME)
    games = _games(results, player_id)
    score = Fraction(_points_over_the_board(results, player_id), results.scoring.win)
    note = Message(
        gettext_noop("lowest rating whose expected score reaches %(score)s in %(count)s games"),
        score=score,
        count=len(games),
    )
    return Breakdown(code.text, value, tuple(games), note=note)


def _performances(results: Results, family: Family) -> dict[PlayerId, int | None]:
    compute = tpr_value if family is Family.TPR else ptp_value
    code = TiebreakCode(family)
    values: dict[PlayerId, int | None] = {}
    for player_id in results.players:
        value = compute(results, player_id, code)
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
        return Breakdown(code.text, None, note=UNRATED_UNDEFINED)
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
    note = _rounded(average)
    return Breakdown(code.text, Fraction(round_half_up(average)), tuple(items), note=note)


def rating(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """RTG: the rating the rating-based tie-breaks use for the player (None: unrated)."""
    player = results.players[player_id]
    if player.rating > 0:
        return Breakdown(code.text, Fraction(player.rating))
    if results.unrated_rating is None:
        return Breakdown(code.text, None, note=Message(gettext_noop("unrated")))
    return Breakdown(
        code.text,
        Fraction(results.unrated_rating),
        note=Message(gettext_noop("unrated: fixed rating")),
    )
