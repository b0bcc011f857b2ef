"""TRF-2026's national rating support: the `172` line (the tournament-rating method) and the
NRS records (a player's national rating), written in a report for the federation.

Pure Python. An NRS record has the `001` layout with a federation code in columns 1-3: TPN
link 5-8, sex 10, national classification 11-13, name 15-47, national rating 49-52, origin
54-56, national ID 58-68, birth date 70-79 (trf-formats.md §2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.ratings import RatingMethod
from tournaments.domain.trf.model import TrfWriteError

_NAME_WIDTH = 33


@dataclass(frozen=True, slots=True)
class NationalRating:
    """One player's national rating, as an NRS record gives it."""

    federation: str
    pairing_number: int
    rating: int
    name: str = ""
    sex: str = ""
    origin: str = ""
    birth_date: str = ""


def method_line(federation: str, method: RatingMethod) -> str:
    """`172 FFF MMMMM`: the federation (cols 5-7) and the method (cols 9-13; VCL Q145)."""
    return f"172 {_fit(federation, 3, 'federation')} {method.value}".rstrip()


def nrs_line(record: NationalRating) -> str:
    """An NRS record (TRF-2026), without trailing blanks."""
    line = (
        f"{_fit(record.federation, 3, 'federation')} "
        f"{_digits(record.pairing_number, 4, 'pairing number')} "
        f"{_fit(record.sex, 1, 'sex')}{'':3} "
        f"{record.name[:_NAME_WIDTH]:<{_NAME_WIDTH}} "
        f"{_digits(record.rating, 4, 'national rating')} "
        f"{_fit(record.origin, 3, 'origin')} "
        f"{'':11} "
        f"{_fit(record.birth_date, 10, 'birth date')}"
    )
    return line.rstrip()


def _fit(value: str, width: int, what: str) -> str:
    if len(value) > width:
        raise TrfWriteError(f"{what} {value!r} does not fit in {width} columns")
    return value.ljust(width)


def _digits(value: int, width: int, what: str) -> str:
    text = str(value)
    if value < 0 or len(text) > width:
        raise TrfWriteError(f"{what} {text!r} does not fit in {width} columns")
    return text.rjust(width)


class NationalLineError(ValueError):
    """A `172` line or NRS record the program cannot take; `code` is its first three
    characters (to find its line), `str()` and `reason` (translatable) the reason."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


@dataclass(frozen=True, slots=True)
class NationalSupport:
    """What a file's `172` line and NRS records say: the tournament-rating method (None when
    the file has no `172`) and each player's national rating by pairing number."""

    method: RatingMethod | None = None
    ratings: dict[int, int] = field(default_factory=dict)
    unknown_method: str | None = None
    """The `172` method as written when the program does not know it (`LBFN`, a private code):
    it changes no pairing, the file's pairing numbers stand, so it is reported, not refused."""


_NRS = re.compile(r"^[A-Z]{3} [ 0-9]{3}[0-9]")


def read_national(lines: Iterable[str]) -> NationalSupport:
    """The `172` line and NRS records among `lines` (a document's `other_lines`); a national
    rating that is not a number raises `NationalLineError`; a method the program does not know
    (TRF-2026's LBFN, a private code) is kept in `unknown_method`, for the import to report."""
    method: RatingMethod | None = None
    unknown: str | None = None
    ratings: dict[int, int] = {}
    for line in lines:
        if line.startswith("172 "):
            text = line[8:13].strip()
            try:
                method = RatingMethod(text)
            except ValueError:
                method, unknown = None, text
        elif _NRS.match(line) and not line.startswith(("XX", "BB")):
            rating = line[48:52].strip()
            if rating and not (rating.isascii() and rating.isdigit()):
                raise NationalLineError(
                    line[:3],
                    Message(
                        gettext_noop("NRS record of player %(player)s: rating %(rating)s"),
                        player=int(line[4:8]),
                        rating=repr(rating),
                    ),
                )
            ratings[int(line[4:8])] = int(rating or 0)
    return NationalSupport(method, ratings, unknown)
