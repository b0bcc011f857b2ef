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
    Figures,
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
    with_figures,
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

    @property
    def combined(self) -> bool:
        return "srtng" in self.columns

    def field(self, line: str, name: str, shift: int) -> str:
        """Column `name` of `line`; `shift` extra characters belong to OTit (see the module)."""
        start, end = self.columns[name]
        if shift and name == "otit":
            end = None if end is None else end + shift
        elif shift and start > self.columns["otit"][0]:
            start, end = start + shift, None if end is None else end + shift
        return line[start:end]


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
    return Layout(columns, len(header.rstrip("\r\n")), month)


def _entry(layout: Layout, line: str, number: int, rate: Rate | None) -> RatedEntry:
    shift = max(0, len(line) - layout.width) if "otit" in layout.columns else 0

    def field(name: str) -> str:
        return layout.field(line, name, shift)

    figures: Figures = {}
    columns = (
        (
            (Rate.STANDARD, "srtng", "sgm"),
            (Rate.RAPID, "rrtng", "rgm"),
            (Rate.BLITZ, "brtng", "bgm"),
        )
        if rate is None
        else ((rate, "month", "gms"),)
    )
    for each, rating, games in columns:
        figures[each] = (
            rating_value(field(rating), f"{each} rating"),
            count_value(field(games), f"{each} games"),
        )
    entry = RatedEntry(
        line=number,
        fide_id=fide_id_value(field("id number")),
        name=name_value(field("name")),
        federation=federation_value(field("fed")),
        sex=sex_value(field("sex")),
        title=best_title(field("tit").strip(), field("wtit").strip()),
        birth_year=birth_year_value(field("b-day")),
        flag=flag_value(field("flag")),
    )
    return with_figures(entry, figures)


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
