"""Which FIDE rating a player gets: the tournament's sequence of lists, the "effective" rapid
and blitz lists, the period a list is valid for, and the month of a file downloaded from FIDE
(VCL4THP Q118, Q123-Q129, Q134-Q135, Q141).

Pure Python. A player's ratings are looked up in FIDE's lists in force (one per rate: the
per-rate list or the combined one) and the sequence picks the first list that rates them:

- the **effective** rapid (blitz) list is the rapid (blitz) rating, else the standard rating
  (Q118);
- the **default sequence** of each rate is the checklist's (Q123): standard: FIDE standard →
  FIDE rapid → FIDE blitz; rapid: effective rapid → FIDE blitz; blitz: effective blitz → FIDE
  rapid. A tournament may exclude, add and reorder lists (Q124, Q126);
- the rating keeps its **source**: the rate of the list it came from, and that list's date
  (Q134); a rating typed by hand that is none of the lists' is **manual**.

FIDE publishes its lists monthly, each valid from the first of its month to the end of it; a
tournament starting in a later month than its list's uses an out-of-date list (Q135, Q141).
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.domain.ratinglists.model import Rate


class ListSource(enum.StrEnum):
    """One step of a rating-list sequence."""

    FIDE_STANDARD = "fide_standard"
    FIDE_RAPID = "fide_rapid"
    FIDE_BLITZ = "fide_blitz"
    EFFECTIVE_RAPID = "effective_rapid"
    """The rapid rating, else the standard rating (Q118)."""
    EFFECTIVE_BLITZ = "effective_blitz"
    """The blitz rating, else the standard rating (Q118)."""

    @property
    def rates(self) -> tuple[Rate, ...]:
        """The rates this step looks at, in order."""
        return _RATES_OF[self]


_RATES_OF: dict[ListSource, tuple[Rate, ...]] = {
    ListSource.FIDE_STANDARD: (Rate.STANDARD,),
    ListSource.FIDE_RAPID: (Rate.RAPID,),
    ListSource.FIDE_BLITZ: (Rate.BLITZ,),
    ListSource.EFFECTIVE_RAPID: (Rate.RAPID, Rate.STANDARD),
    ListSource.EFFECTIVE_BLITZ: (Rate.BLITZ, Rate.STANDARD),
}

DEFAULT_SEQUENCES: dict[Rate, tuple[ListSource, ...]] = {
    Rate.STANDARD: (ListSource.FIDE_STANDARD, ListSource.FIDE_RAPID, ListSource.FIDE_BLITZ),
    Rate.RAPID: (ListSource.EFFECTIVE_RAPID, ListSource.FIDE_BLITZ),
    Rate.BLITZ: (ListSource.EFFECTIVE_BLITZ, ListSource.FIDE_RAPID),
}
"""VCL4THP Q123: the sequence proposed for each rate of play."""

MAX_STEPS = 4
"""A sequence has one to four lists (there are only three FIDE rates)."""


class SequenceError(ValueError):
    """A sequence that cannot be used; the message says why, `reason` names the case (`empty`,
    `unknown`, `twice`, `covered`, `too_many`) and `source` the list concerned."""

    def __init__(self, message: str, *, reason: str, source: str = "") -> None:
        super().__init__(message)
        self.reason = reason
        self.source = source


def parse_sequence(codes: Iterable[str]) -> tuple[ListSource, ...]:
    """The sequence of `codes` (empty codes skipped): one to `MAX_STEPS` known lists, none twice
    and none looking at a rate an earlier one already covers (it would never be reached)."""
    sequence: list[ListSource] = []
    for code in codes:
        if not code:
            continue
        try:
            source = ListSource(code)
        except ValueError:
            raise SequenceError(f"unknown list {code!r}", reason="unknown", source=code) from None
        if source in sequence:
            raise SequenceError(f"{source.value} is given twice", reason="twice", source=code)
        covered = {rate for earlier in sequence for rate in earlier.rates}
        if all(rate in covered for rate in source.rates):
            raise SequenceError(
                f"{source.value} comes after lists that already cover its rate",
                reason="covered",
                source=code,
            )
        sequence.append(source)
    if not sequence:
        raise SequenceError("the sequence needs at least one list", reason="empty")
    if len(sequence) > MAX_STEPS:
        raise SequenceError(f"at most {MAX_STEPS} lists", reason="too_many")
    return tuple(sequence)


def effective_sequence(rate: Rate, stored: Sequence[str]) -> tuple[ListSource, ...]:
    """The tournament's sequence: the one it stores, else its rate's default (Q123)."""
    return parse_sequence(stored) if stored else DEFAULT_SEQUENCES[rate]


@dataclass(frozen=True, slots=True)
class ListedRating:
    """A rating found for a player: its value, and the rate of the list it came from."""

    rating: int
    rate: Rate


def pick_rating(sequence: Sequence[ListSource], found: Mapping[Rate, int]) -> ListedRating | None:
    """The rating of the first step of `sequence` that rates the player (`found`: the player's
    rating in each rate's list in force, 0 or absent when unrated or not listed); None when
    none does (Q127, Q118)."""
    for source in sequence:
        for rate in source.rates:
            if found.get(rate, 0) > 0:
                return ListedRating(found[rate], rate)
    return None


def matching_rate(
    sequence: Sequence[ListSource], found: Mapping[Rate, int], rating: int
) -> Rate | None:
    """The rate of the list a registered `rating` came from: the sequence's pick when it is
    that rating, else the first other rate listing exactly that rating (a rating the arbiter
    chose from another list, Q129); None when no list has it (a manual rating, Q134)."""
    if rating <= 0:
        return None
    picked = pick_rating(sequence, found)
    if picked is not None and picked.rating == rating:
        return picked.rate
    return next((rate for rate in Rate if found.get(rate, 0) == rating), None)


def next_month(day: datetime.date) -> datetime.date:
    """The first day of the month after `day`'s."""
    return (day.replace(day=1) + datetime.timedelta(days=32)).replace(day=1)


def list_is_current(list_date: datetime.date, on: datetime.date) -> bool:
    """Whether a monthly list dated `list_date` (the first of its month) is the one valid on
    `on`: FIDE's list of a month is valid until the next one (Q135, Q137)."""
    return list_date <= on < next_month(list_date)


PUBLICATION_LEAD_DAYS = 5
"""FIDE puts a month's list on its download page in the last days of the month before (the
January lists are dated 31 December on ratings.fide.com) or early in the month itself."""


def published_list_month(modified: datetime.date) -> datetime.date:
    """The month (its first day) of the list in a file FIDE last changed on `modified`: a file
    of the last `PUBLICATION_LEAD_DAYS` days of a month holds the next month's list, any
    other its own month's (a correction during the month stays that month's) (Q135)."""
    return (modified + datetime.timedelta(days=PUBLICATION_LEAD_DAYS)).replace(day=1)
