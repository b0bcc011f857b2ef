"""The tournament rating: which of a player's ratings ranks them and feeds the rating-based
tie-breaks (TRF-2026 line 172; VCL Q145, Q208-Q216; C.07 10).

Pure Python. A player may hold a FIDE rating, a national rating and a manual rating (0: none);
the tournament's method picks one (`tournament_rating`). The rating-based tie-breaks need a
rule for unrated players (`unrated_rating`), and a tournament lasting over 30 days may give a
player new ratings from later rounds on (`rating_in_round`).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.domain.state import PlayerId

LONG_EVENT_DAYS = 30
"""C.07 10: rating-based tie-breaks are not advised for tournaments lasting over 30 days."""


class RatingMethod(enum.Enum):
    """The tournament-rating methods of TRF-2026 line 172 (VCL Q145)."""

    FIDE = "FIDE"
    NRO = "NRO"
    """The national rating only."""
    FIDON = "FIDON"
    """The FIDE rating, else the national one."""
    NIDOF = "NIDOF"
    """The national rating, else the FIDE one."""
    HBFN = "HBFN"
    """The highest of the FIDE, national and manual ratings."""
    OTHER = "OTHER"
    """A rating the arbiter enters (the manual rating)."""


@dataclass(frozen=True, slots=True)
class PlayerRatings:
    """A player's ratings, 0 for none."""

    fide: int = 0
    national: int = 0
    manual: int = 0


def tournament_rating(method: RatingMethod, ratings: PlayerRatings) -> int:
    """The rating `method` gives the player (TRF-2026 172; VCL Q145); 0 means unrated."""
    match method:
        case RatingMethod.FIDE:
            return ratings.fide
        case RatingMethod.NRO:
            return ratings.national
        case RatingMethod.FIDON:
            return ratings.fide or ratings.national
        case RatingMethod.NIDOF:
            return ratings.national or ratings.fide
        case RatingMethod.HBFN:
            return max(ratings.fide, ratings.national, ratings.manual)
        case RatingMethod.OTHER:
            return ratings.manual


class UnratedMethod(enum.Enum):
    """How the rating-based tie-breaks rate an unrated player (C.07 10 preamble; VCL Q208,
    Q209). C.07's default is UNDEFINED: with unrated players in the field and no rule for them
    published before the start, those tie-breaks are undefined."""

    UNDEFINED = "undefined"
    FIXED = "fixed"
    """A rating the tournament fixes and publishes (it may be 0)."""
    FIELD_MINIMUM = "minimum"
    """The lowest rating of the rated players in the field."""


def unrated_rating(method: UnratedMethod, ratings: Iterable[int], fixed: int = 0) -> int | None:
    """The rating an unrated player counts with, None when the tie-breaks are undefined
    (C.07 10). FIELD_MINIMUM in a field without a rated player is undefined too."""
    match method:
        case UnratedMethod.UNDEFINED:
            return None
        case UnratedMethod.FIXED:
            return fixed
        case UnratedMethod.FIELD_MINIMUM:
            return min((rating for rating in ratings if rating > 0), default=None)


def is_long_event(start: datetime.date | None, end: datetime.date | None) -> bool:
    """Whether the dates make the tournament last over 30 days (C.07 10; VCL Q210)."""
    return start is not None and end is not None and (end - start).days + 1 > LONG_EVENT_DAYS


def rating_in_round(first: int, later: Sequence[tuple[int, int]], round_number: int) -> int:
    """The rating valid in `round_number`: the latest of `later` (from round, rating) that
    applies from that round or before, else `first` (VCL Q213)."""
    valid = first
    for from_round, rating in sorted(later):
        if from_round <= round_number:
            valid = rating
    return valid


def round_ratings(
    first: Mapping[PlayerId, int],
    later: Mapping[PlayerId, Sequence[tuple[int, int]]],
    rounds: int,
) -> dict[tuple[int, PlayerId], int]:
    """Each player's rating in each of rounds 1..`rounds`, keyed (round, player), for the
    tie-breaks that use the rating valid in each round (VCL Q214)."""
    return {
        (number, player): rating_in_round(rating, later.get(player, ()), number)
        for player, rating in first.items()
        for number in range(1, rounds + 1)
    }


RATING_BASED_TIEBREAKS = frozenset({"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG"})
"""The rating-based tie-breaks (C.07 10; RTNG is 10.6 of the 2026 text)."""


def rating_based(codes: Iterable[str]) -> list[str]:
    """The codes of `codes` that are rating-based tie-breaks (`ARO/C1` counts as ARO)."""
    return [code for code in codes if code.split("/")[0].split(":")[0] in RATING_BASED_TIEBREAKS]


def long_event_advice(long_event: bool, codes: Iterable[str]) -> str | None:
    """C.07 10 (VCL Q211): rating-based tie-breaks are not advised for a tournament lasting
    over 30 days, players' ratings changing meanwhile; None when there is nothing to advise."""
    listed = rating_based(codes)
    if not long_event or not listed:
        return None
    return (
        f"This tournament lasts over 30 days: C.07 (art. 10) advises against rating-based "
        f"tie-breaks ({', '.join(listed)}), ratings changing during the event. If you keep "
        f"them, they use each player's first rating unless you choose the rating valid in "
        f"each round."
    )
