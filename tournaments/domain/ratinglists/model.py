"""A rating list as the parsers read it: one `RatedEntry` per player, errors with line numbers.

FIDE publishes its lists monthly as zipped TXT (fixed width) or XML files, combined (standard,
rapid and blitz ratings side by side) or one per rate; federations publish national lists in
their own CSV layout. Every parser yields the same entries, so the import does not care which
file it read. Ratings are integers, 0 meaning unrated, as in the FIDE files.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import NamedTuple

MAX_LISTED_RATING = 3500
"""The highest rating a list may carry (the tournaments' own ceiling)."""

MAX_REPORTED_ERRORS = 50
"""A refused file lists at most this many bad lines (and says how many there were)."""

TITLE_ORDER = ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
"""FIDE titles in the order of the initial ranking (C.04.2 B.2 b)."""


class Rate(enum.StrEnum):
    """The rate of play a rating belongs to (FIDE rates standard, rapid and blitz apart)."""

    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


class RatedEntry(NamedTuple):
    """One player of a list. `fide_id` and `national_id` are digit strings ("" when the list
    has none); `sex` is "m", "w" or ""; `title` is the better of the player's FIDE and women's
    titles (C.04.2 B.2 b); `flag` is FIDE's activity flag ("i" inactive, "w" woman, "wi").
    A named tuple: a full list is over a million of them, built as fast as a tuple."""

    line: int
    fide_id: str
    name: str
    federation: str
    sex: str = ""
    title: str = ""
    birth_year: int | None = None
    standard_rating: int = 0
    standard_games: int = 0
    rapid_rating: int = 0
    rapid_games: int = 0
    blitz_rating: int = 0
    blitz_games: int = 0
    flag: str = ""
    national_id: str = ""

    @property
    def inactive(self) -> bool:
        return "i" in self.flag


Figures = dict[Rate, tuple[int, int]]
"""The rating and the number of rated games of each rate a list gives."""


def with_figures(entry: RatedEntry, figures: Figures) -> RatedEntry:
    """`entry` with the ratings and games of `figures` (rates not given stay unrated)."""
    standard = figures.get(Rate.STANDARD, (0, 0))
    rapid = figures.get(Rate.RAPID, (0, 0))
    blitz = figures.get(Rate.BLITZ, (0, 0))
    return entry._replace(
        standard_rating=standard[0],
        standard_games=standard[1],
        rapid_rating=rapid[0],
        rapid_games=rapid[1],
        blitz_rating=blitz[0],
        blitz_games=blitz[1],
    )


class RatingListError(Exception):
    """A file that cannot be imported whole. `errors` are the messages ("line 12: ..."), at
    most `MAX_REPORTED_ERRORS` of them; `count` is how many problems the file has."""

    def __init__(self, errors: Iterable[str], count: int | None = None) -> None:
        self.errors = list(errors)[:MAX_REPORTED_ERRORS]
        self.count = count if count is not None else len(self.errors)
        more = self.count - len(self.errors)
        summary = " · ".join(self.errors) + (f" · and {more} more" if more > 0 else "")
        super().__init__(summary)


class LineError(ValueError):
    """A bad field of one line; the parsers add the line number."""


class ErrorLog:
    """The problems found while a file is read: the first few messages and the count."""

    def __init__(self) -> None:
        self.messages: list[str] = []
        self.count = 0

    def add(self, line: int, message: str) -> None:
        self.count += 1
        if len(self.messages) < MAX_REPORTED_ERRORS:
            self.messages.append(f"line {line}: {message}")

    def raise_if_any(self) -> None:
        if self.count:
            raise RatingListError(self.messages, self.count)


def best_title(*titles: str) -> str:
    """The first of `titles` in the C.04.2 B.2 (b) order; "" when none is a FIDE title."""
    if not any(titles):
        return ""
    known = [title.upper() for title in titles if title.upper() in TITLE_ORDER]
    return min(known, key=TITLE_ORDER.index, default="")


def rating_value(text: str, what: str) -> int:
    """A rating field: digits from 0 to `MAX_LISTED_RATING`, empty meaning unrated."""
    number = count_value(text, what)
    if number > MAX_LISTED_RATING:
        raise LineError(f"{what} {number} is above {MAX_LISTED_RATING}")
    return number


def count_value(text: str, what: str) -> int:
    """A non-negative whole number; empty is 0."""
    text = text.strip()
    if text.isascii() and text.isdigit():
        return int(text)
    if not text:
        return 0
    raise LineError(f"{what} {text!r} is not a number")


def birth_year_value(text: str) -> int | None:
    """A birth year (FIDE writes 0 when unknown)."""
    year = count_value(text, "birth year")
    if year == 0:
        return None
    if not 1850 <= year <= 2100:
        raise LineError(f"birth year {year} is not a year")
    return year


def fide_id_value(text: str, *, required: bool = True) -> str:
    text = text.strip()
    if not text:
        if required:
            raise LineError("the FIDE ID is missing")
        return ""
    if not text.isdigit() or len(text) > 11:
        raise LineError(f"FIDE ID {text!r} is not a number of up to 11 digits")
    return str(int(text))


def federation_value(text: str) -> str:
    text = text.strip().upper()
    if text and not (len(text) == 3 and text.isalpha() and text.isascii()):
        raise LineError(f"federation {text!r} is not a three-letter code")
    return text


def sex_value(text: str) -> str:
    """FIDE's M/F as the tournament's m/w."""
    text = text.strip().upper()
    if text in {"", "M"}:
        return text.lower()
    if text in {"F", "W"}:
        return "w"
    raise LineError(f"sex {text!r} is not M or F")


def name_value(text: str) -> str:
    name = " ".join(text.split())
    if not name:
        raise LineError("the name is missing")
    if len(name) > 100:
        raise LineError("the name is longer than 100 characters")
    return name


def flag_value(text: str) -> str:
    flag = text.strip().lower()
    if flag not in {"", "i", "w", "wi"}:
        raise LineError(f"flag {text.strip()!r} is not i, w or wi")
    return flag
