"""Column-level reading helpers for TRF lines (C.04 Annex 2: columns are 1-based, inclusive).

Every helper raises `TrfError` with the line and column of the offending characters. Numbers
are bounded where they are read: a fixed-width field by its width, a blank-separated word by
the `maximum` its caller gives, so no later step meets a value it cannot store.
"""

from __future__ import annotations

import re
from decimal import Decimal

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Points
from tournaments.domain.trf.model import TrfError

_DECIMAL = re.compile(r"-?[0-9]{1,6}(\.[0-9]{1,6})?|-?\.[0-9]{1,6}")
_TOKEN = re.compile(r"\S+")
MAX_POINTS = Points(2 * 9999)
"""The largest score a file may write (half-points): the width of the points column (81-84)."""
MAX_PAIRING_NUMBER = 9999
"""The width of a pairing number's columns (5-8, and the opponent's in a round block)."""
MAX_ROUNDS = 999
"""The width of the round fields of `240` and `260` (three columns)."""


def is_number(text: str) -> bool:
    """`text` is a run of ASCII digits (`str.isdigit` also accepts "²" and other scripts)."""
    return text.isascii() and text.isdigit()


def columns(line: str, first: int, last: int) -> str:
    """The text in columns `first`..`last` (1-based, inclusive); short lines read as blank."""
    return line[first - 1 : last]


def integer(line: str, number: int, first: int, last: int, what: str) -> int | None:
    """The integer in columns `first`..`last`, None when they are blank."""
    raw = columns(line, first, last)
    text = raw.strip()
    if not text:
        return None
    if not is_number(text):
        start = len(raw) - len(raw.lstrip())
        offset = next(i for i, char in enumerate(text) if not is_number(char))
        raise TrfError(
            Message(gettext_noop("%(what)s %(text)s is not a number"), what=what, text=repr(text)),
            line=number,
            column=first + start + offset,
        )
    return int(text)


def half_points(
    text: str, number: int, column: int, what: str, maximum: Points = MAX_POINTS
) -> Points:
    """A score written as a decimal (`11.5`), in half-points; it must be a multiple of 0.5 and
    at most `maximum` half-points either way."""
    if not _DECIMAL.fullmatch(text):
        raise TrfError(
            Message(gettext_noop("%(what)s %(text)s is not a number"), what=what, text=repr(text)),
            line=number,
            column=column,
        )
    doubled = Decimal(text) * 2
    if doubled != doubled.to_integral_value():
        raise TrfError(
            Message(
                gettext_noop("%(what)s %(text)s is not a multiple of 0.5"),
                what=what,
                text=repr(text),
            ),
            line=number,
            column=column,
        )
    if abs(doubled) > maximum:
        raise TrfError(
            Message(
                gettext_noop("%(what)s %(text)s is out of range (at most %(maximum)s)"),
                what=what,
                text=text,
                maximum=format_points(maximum),
            ),
            line=number,
            column=column,
        )
    return Points(int(doubled))


def tokens(line: str, first: int) -> list[tuple[str, int]]:
    """The blank-separated words from column `first` on, each with its 1-based column."""
    return [(match.group(), match.start() + 1) for match in _TOKEN.finditer(line, first - 1)]


def token_integer(token: str, number: int, column: int, what: str, maximum: int) -> int:
    """A blank-separated whole number from 0 to `maximum`."""
    if not is_number(token):
        raise TrfError(
            Message(gettext_noop("%(what)s %(text)s is not a number"), what=what, text=repr(token)),
            line=number,
            column=column,
        )
    if len(token.lstrip("0")) > len(str(maximum)) or int(token) > maximum:
        raise TrfError(
            Message(
                gettext_noop("%(what)s %(text)s is out of range (at most %(maximum)s)"),
                what=what,
                text=token,
                maximum=maximum,
            ),
            line=number,
            column=column,
        )
    return int(token)


def format_points(points: int) -> str:
    """Half-points as the TRF writes them: `11.5`, `3.0`."""
    sign = "-" if points < 0 else ""
    whole, half = divmod(abs(points), 2)
    return f"{sign}{whole}.{5 if half else 0}"
