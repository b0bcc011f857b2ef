"""A player's rating change in a tournament as FIDE's Rating Regulations compute it (FIDE
Handbook B.02, the regulations effective from 1 March 2024, with the amendment of article 8.3.1
effective from 1 October 2025).

Pure Python, integer arithmetic: expected scores are hundredths from table 8.1.2
(`rating_tables.expected_hundredths`), scores half-points. The rules:

- **Which regulations** (B.02 introduction: a change applies to tournaments starting on or after
  its date): a tournament starting before 1 March 2024 is not computed (`UnsupportedRules`); from
  1 October 2025 the 400-point rule no longer applies to players rated 2650 or more.
- **The games** (8.3.1): a rated player's games against rated opponents; games against unrated
  opponents and unplayed games do not count.
- **The 400-point rule** (8.3.1): a rating difference over 400 counts as 400 (from 1 October
  2025 only for players rated below 2650).
- **The change** (8.3.2-8.3.4): for each game, the score minus the expected score PD; the change
  is K times the sum, rounded to the nearest whole number, a half rounded up.
- **K** (8.3.3): the K of the rating list when it is known; otherwise 40 for a player with fewer
  than 30 rated games, 10 once the player's published rating has reached 2400, 40 until the end
  of the year of their 18th birthday while their rating is under 2300, else 20; 20 for rapid and
  blitz. When K times the number of games in the rating period exceeds 700, K is the largest
  whole number with K x n <= 700.
- **An unrated player** (7.1.4, the 2024 method): with at least 5 games against rated opponents
  and a score above zero against them, the initial rating is Ra + dp, where Ra averages the
  opponents' ratings with two hypothetical opponents rated 1800, against whom the player scores
  a draw each, and dp comes from table 8.1.1 for the fractional score over all those games; a
  rating under 1400 (the rating floor) is not published. Otherwise the player is "not yet
  rated" after this event (games in other events may still complete the 5).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.domain.rating_tables import dp_for_hundredths, expected_hundredths

REGULATIONS_2024 = datetime.date(2024, 3, 1)
"""The 2024 Rating Regulations take effect (FIDE Handbook B.02; QC, 1 March 2024)."""
AMENDMENT_2650 = datetime.date(2025, 10, 1)
"""The amendment of 8.3.1: no 400-point rule for players rated 2650 and above."""
RATING_FLOOR = 1400
"""The lowest published rating (B.02 2024)."""
HYPOTHETICAL_OPPONENT = 1800
"""The rating of the two hypothetical opponents of an initial rating (7.1.4, 2024)."""
MIN_RATED_GAMES = 5
"""Games against rated opponents an initial rating needs (7.1.2, 2024)."""
K_TIMES_GAMES = 700
"""The cap on K x n (8.3.3)."""


class UnsupportedRules(ValueError):
    """The tournament starts before the regulations this module implements."""


class RatingKind(enum.Enum):
    """The three FIDE rating lists."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


@dataclass(frozen=True, slots=True)
class Game:
    """A played game: the opponent's rating (0: unrated) and the score in half-points."""

    opponent_rating: int
    score: int

    def __post_init__(self) -> None:
        if self.score not in (0, 1, 2):
            raise ValueError(f"a game scores 0, 1 or 2 half-points, not {self.score}")


@dataclass(frozen=True, slots=True)
class KData:
    """What K depends on (8.3.3). `list_k` is the K the rating list publishes (None: unknown);
    `rated_games` the games rated before this event; `period_games` the games of the rating
    period counting this event's (0: only this event's)."""

    list_k: int | None = None
    rated_games: int = 30
    birth_year: int | None = None
    reached_2400: bool = False
    period_games: int = 0


def check_dates(start: datetime.date) -> None:
    """Refuse a tournament the 2024 regulations do not govern (they apply to tournaments
    starting on or after 1 March 2024)."""
    if start < REGULATIONS_2024:
        raise UnsupportedRules(
            f"the rating change follows FIDE's 2024 Rating Regulations, in force for "
            f"tournaments starting on or after {REGULATIONS_2024.isoformat()}"
        )


def k_factor(kind: RatingKind, rating: int, data: KData, on: datetime.date) -> int:
    """K before the 700 cap (8.3.3): the rating list's K, or the one the player's data give."""
    if data.list_k is not None:
        return data.list_k
    if kind is not RatingKind.STANDARD:
        return 20
    if data.rated_games < 30:
        return 40
    if data.reached_2400 or rating >= 2400:
        return 10
    if data.birth_year is not None and on.year - data.birth_year <= 18 and rating < 2300:
        return 40
    return 20


def capped_k(k: int, games: int) -> int:
    """K such that K x n does not exceed 700 (8.3.3), n the games of the rating period."""
    if games > 0 and k * games > K_TIMES_GAMES:
        return K_TIMES_GAMES // games
    return k


def counted_difference(rating: int, opponent: int, start: datetime.date) -> int:
    """The rating difference D a game counts with (8.3.1): at most 400 either way, except,
    from 1 October 2025, for a player rated 2650 or more."""
    difference = rating - opponent
    if start >= AMENDMENT_2650 and rating >= 2650:
        return difference
    return max(-400, min(400, difference))


def _round_half_up(numerator: int, denominator: int) -> int:
    """numerator / denominator to the nearest whole number, a half rounded up."""
    return (2 * numerator + denominator) // (2 * denominator)


@dataclass(frozen=True, slots=True)
class RatingChange:
    """A rated player's change: `games` counted, `score` in half-points, `expected` the sum of
    PD in hundredths, `k` after the cap, `hundredths` the exact change K x sum(score - PD) in
    hundredths of a point, `change` rounded (8.3.4)."""

    k: int
    games: int
    score: int
    expected: int
    hundredths: int
    change: int


def rating_change(
    kind: RatingKind,
    rating: int,
    games: Sequence[Game],
    data: KData,
    start: datetime.date,
) -> RatingChange:
    """The rating change of a player rated `rating` in `games` (8.3)."""
    check_dates(start)
    counted = [game for game in games if game.opponent_rating > 0]
    expected = sum(
        expected_hundredths(counted_difference(rating, game.opponent_rating, start))
        for game in counted
    )
    score = sum(game.score for game in counted)
    k = capped_k(k_factor(kind, rating, data, start), data.period_games or len(counted))
    hundredths = k * (score * 50 - expected)
    return RatingChange(
        k, len(counted), score, expected, hundredths, _round_half_up(hundredths, 100)
    )


@dataclass(frozen=True, slots=True)
class InitialRating:
    """An unrated player's initial rating (7.1.4), or None with the reason it is not yet one."""

    rating: int | None
    games: int
    reason: str = ""


def initial_rating(games: Sequence[Game], start: datetime.date) -> InitialRating:
    """The 2024 method (7.1): Ra + dp over the games against rated opponents and two draws
    against hypothetical opponents rated 1800; None under 5 rated games, with no point scored
    against rated opponents (7.1.1), or under the 1400 floor."""
    check_dates(start)
    counted = [game for game in games if game.opponent_rating > 0]
    if len(counted) < MIN_RATED_GAMES:
        return InitialRating(None, len(counted), "fewer than 5 games against rated opponents")
    score = sum(game.score for game in counted)
    if score == 0:
        return InitialRating(None, len(counted), "no point against rated opponents")
    total_games = len(counted) + 2
    total_half_points = score + 2
    average_numerator = sum(game.opponent_rating for game in counted) + 2 * HYPOTHETICAL_OPPONENT
    p = _round_half_up(total_half_points * 50, total_games)
    rating = _round_half_up(average_numerator + dp_for_hundredths(p) * total_games, total_games)
    if rating < RATING_FLOOR:
        return InitialRating(None, len(counted), "under the rating floor of 1400")
    return InitialRating(rating, len(counted))
