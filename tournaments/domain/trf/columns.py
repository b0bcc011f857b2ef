"""Column-level reading helpers for TRF lines (C.04 Annex 2: columns are 1-based, inclusive).

Every helper raises `TrfError` with the line and column of the offending characters.
"""

from __future__ import annotations

import re
from decimal import Decimal

from tournaments.domain.state import Points
from tournaments.domain.trf.model import TrfError

_DECIMAL = re.compile(r"-?\d+(\.\d+)?|-?\.\d+")
_TOKEN = re.compile(r"\S+")


def columns(line: str, first: int, last: int) -> str:
    """The text in columns `first`..`last` (1-based, inclusive); short lines read as blank."""
    return line[first - 1 : last]


def integer(line: str, number: int, first: int, last: int, what: str) -> int | None:
    """The integer in columns `first`..`last`, None when they are blank."""
    raw = columns(line, first, last)
    text = raw.strip()
    if not text:
        return None
    if not text.isdigit():
        offset = next(i for i, char in enumerate(raw) if not (char.isdigit() or char == " "))
        raise TrfError(f"{what} {text!r} is not a number", line=number, column=first + offset)
    return int(text)


def half_points(text: str, number: int, column: int, what: str) -> Points:
    """A score written as a decimal (`11.5`), in half-points; it must be a multiple of 0.5."""
    if not _DECIMAL.fullmatch(text):
        raise TrfError(f"{what} {text!r} is not a number", line=number, column=column)
    doubled = Decimal(text) * 2
    if doubled != doubled.to_integral_value():
        raise TrfError(f"{what} {text!r} is not a multiple of 0.5", line=number, column=column)
    return Points(int(doubled))


def tokens(line: str, first: int) -> list[tuple[str, int]]:
    """The blank-separated words from column `first` on, each with its 1-based column."""
    return [(match.group(), match.start() + 1) for match in _TOKEN.finditer(line, first - 1)]


def token_integer(token: str, number: int, column: int, what: str) -> int:
    if not token.isdigit():
        raise TrfError(f"{what} {token!r} is not a number", line=number, column=column)
    return int(token)


def format_points(points: int) -> str:
    """Half-points as the TRF writes them: `11.5`, `3.0`."""
    sign = "-" if points < 0 else ""
    whole, half = divmod(abs(points), 2)
    return f"{sign}{whole}.{5 if half else 0}"
