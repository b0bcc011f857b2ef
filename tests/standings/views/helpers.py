"""Reading the standings table back from a page's HTML."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

_ROW = re.compile(r"<tr[^>]*>\s*<td class=\"num col-rank\">(.*?)</tr>", re.DOTALL)
_NUMBER = re.compile(r'<td class="num col-number">(\d+)</td>')
_NAME = re.compile(r'/standings/\d+/[^"]*">([^<]+)</a>')
_VALUES = re.compile(r'<td class="num(?: col-points)?">(?:<strong>)?([^<]*)(?:</strong>)?</td>')


@dataclass(frozen=True, slots=True)
class StandingsRow:
    rank: int
    number: int
    name: str
    values: list[Fraction | None]
    """Points, then each tie-break; None for an undefined value (–)."""


def standings_rows(html: str) -> list[StandingsRow]:
    rows = []
    for match in _ROW.finditer(html):
        body = match.group(0)
        rank = re.match(r"\d+", match.group(1))
        number = _NUMBER.search(body)
        name = _NAME.search(body)
        assert rank is not None and number is not None and name is not None
        values = [None if text == "–" else Fraction(text) for text in _VALUES.findall(body)]
        rows.append(StandingsRow(int(rank.group(0)), int(number.group(1)), name.group(1), values))
    return rows
