"""FIDE's fixed-width TXT lists, read from the header line rather than from hard-coded offsets.

The combined list (`players_list_foa.txt`) has the header

    ID Number      Name   ...   Fed Sex Tit  WTit OTit           FOA SRtng SGm SK RRtng RGm Rk
    BRtng BGm BK B-day Flag

(one line, 162 characters, as are its player lines); the per-rate lists (`standard_*frl.txt`,
`rapid_*`, `blitz_*`) have one rating column headed by the month (`OCT26`), then `Gms K B-day
Flag`; the legacy combined list lacks `FOA`. Each column starts where its header word starts
and ends where the next begins, so the three layouts are one parser. A few real lines are one
character longer because the other-titles text runs into `FOA`: the extra characters are given
to `OTit` and the later columns read further right.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tournaments.domain.ratinglists.model import (
    ErrorLog,
    LineError,
    Rate,
    RatedEntry,
    RatingListError,
    best_title,
    birth_year_value,
    count_value,
    federation_value,
    fide_id_value,
    flag_value,
    name_value,
    rating_value,
    sex_value,
)

MONTH_TOKEN = re.compile(r"^[A-Z]{3}\d{2}$")
"""The per-rate lists head their rating column with the month of the list, e.g. OCT26."""

_HEADER_TOKEN = re.compile(r"ID Number|\S+")
_REQUIRED = ("id number", "name", "fed", "sex", "tit", "wtit", "b-day", "flag")
_COMBINED = ("srtng", "sgm", "rrtng", "rgm", "brtng", "bgm")
_PER_RATE = ("month", "gms")


@dataclass(frozen=True, slots=True)
class Layout:
    """The columns of a TXT list: name → (start, end) offsets; `end` None for the last one."""

    columns: dict[str, tuple[int, int | None]]
    width: int
    month: str
    plain: dict[str, slice]
    """The columns of a line of the header's width (nearly every line)."""

    @property
    def combined(self) -> bool:
        return "srtng" in self.columns

    def cuts(self, length: int) -> dict[str, slice]:
        """Where each column of a line of `length` characters is (see the module for longer
        lines: their extra characters belong to OTit)."""
        shift = length - self.width if "otit" in self.columns and length > self.width else 0
        if not shift:
            return self.plain
        otit = self.columns["otit"][0]
        cuts = {}
        for name, (start, end) in self.columns.items():
            moved = shift if start > otit else 0
            stop = None if end is None else end + (shift if start >= otit else 0)
            cuts[name] = slice(start + moved, stop)
        return cuts


def read_layout(header: str) -> Layout:
    """The layout a header line announces; `RatingListError` (line 1) if it is not a FIDE list."""
    tokens = list(_HEADER_TOKEN.finditer(header.rstrip("\r\n")))
    columns: dict[str, tuple[int, int | None]] = {}
    month = ""
    for index, token in enumerate(tokens):
        end = tokens[index + 1].start() if index + 1 < len(tokens) else None
        name = token.group().lower()
        if MONTH_TOKEN.match(token.group()):
            name, month = "month", token.group()
        columns[name] = (token.start(), end)
    missing = [name for name in _REQUIRED if name not in columns]
    if missing or not (
        all(c in columns for c in _COMBINED) or all(c in columns for c in _PER_RATE)
    ):
        raise RatingListError(
            ["line 1: not a FIDE TXT list header (ID Number, Name, Fed, ... B-day, Flag)"]
        )
    plain = {name: slice(start, end) for name, (start, end) in columns.items()}
    return Layout(columns, len(header.rstrip("\r\n")), month, plain)


_FIGURES = {
    # (column of the rating, column of the games, position among the six figures)
    None: (("srtng", "sgm", 0), ("rrtng", "rgm", 2), ("brtng", "bgm", 4)),
    Rate.STANDARD: (("month", "gms", 0),),
    Rate.RAPID: (("month", "gms", 2),),
    Rate.BLITZ: (("month", "gms", 4),),
}
_FIGURE_NAMES = ("standard", "standard", "rapid", "rapid", "blitz", "blitz")


def _entry(layout: Layout, line: str, number: int, rate: Rate | None) -> RatedEntry:
    cut = layout.cuts(len(line))
    figures = [0, 0, 0, 0, 0, 0]
    for rating, games, position in _FIGURES[rate]:
        what = _FIGURE_NAMES[position]
        figures[position] = rating_value(line[cut[rating]], f"{what} rating")
        figures[position + 1] = count_value(line[cut[games]], f"{what} games")
    standard, standard_games, rapid, rapid_games, blitz, blitz_games = figures
    return RatedEntry(
        number,
        fide_id_value(line[cut["id number"]]),
        name_value(line[cut["name"]]),
        federation_value(line[cut["fed"]]),
        sex_value(line[cut["sex"]]),
        best_title(line[cut["tit"]].strip(), line[cut["wtit"]].strip()),
        birth_year_value(line[cut["b-day"]]),
        standard,
        standard_games,
        rapid,
        rapid_games,
        blitz,
        blitz_games,
        flag_value(line[cut["flag"]]),
    )


def parse_fixed_width(lines: Iterable[str], *, rate: Rate | None) -> Iterator[RatedEntry]:
    """The players of a TXT list, line by line. `rate` None reads a combined list, a `Rate`
    reads the per-rate list of that rate; the wrong kind of file is refused at line 1.

    Bad lines are collected while the good ones are yielded; at the end `RatingListError`
    names each bad line, so a caller that stores as it reads must roll back (the import does).
    """
    iterator = iter(lines)
    header = next(iterator, "")
    layout = read_layout(header)
    if rate is None and not layout.combined:
        raise RatingListError(
            [
                f"line 1: a per-rate list ({layout.month}): "
                "import it as a standard, rapid or blitz list"
            ]
        )
    if rate is not None and layout.combined:
        raise RatingListError(
            ["line 1: a combined list (SRtng, RRtng, BRtng): import it as the combined list"]
        )
    errors = ErrorLog()
    for number, raw in enumerate(iterator, start=2):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        try:
            yield _entry(layout, line, number, rate)
        except LineError as error:
            errors.add(number, str(error))
    errors.raise_if_any()
