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
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from operator import itemgetter

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


_IDENTITY = ("id number", "name", "fed", "sex", "tit", "wtit", "b-day", "flag")
_FIGURES = {
    # The rating and games columns of each rate a list gives (position among the six figures
    # of `RatedEntry`: standard rating and games, rapid, blitz), named for the messages.
    None: (
        ("srtng", "sgm", 0, "standard"),
        ("rrtng", "rgm", 2, "rapid"),
        ("brtng", "bgm", 4, "blitz"),
    ),
    Rate.STANDARD: (("month", "gms", 0, "standard"),),
    Rate.RAPID: (("month", "gms", 2, "rapid"),),
    Rate.BLITZ: (("month", "gms", 4, "blitz"),),
}


class _LineReader:
    """Cuts a line into the columns it needs in one call (`itemgetter` of slices) and checks
    each field; lines longer than the header get their own cut (see the module)."""

    def __init__(self, layout: Layout, rate: Rate | None) -> None:
        self.layout = layout
        self.figures = [
            (position, f"{what} rating", f"{what} games") for _, _, position, what in _FIGURES[rate]
        ]
        self.names = [*_IDENTITY, *(n for r, g, _, _ in _FIGURES[rate] for n in (r, g))]
        self.plain = self._getter(layout.plain)

    def _getter(self, cuts: dict[str, slice]) -> Callable[[str], tuple[str, ...]]:
        return itemgetter(*(cuts[name] for name in self.names))

    def entry(self, line: str, number: int) -> RatedEntry:
        if len(line) > self.layout.width:
            values = self._getter(self.layout.cuts(len(line)))(line)
        else:
            values = self.plain(line)
        fide_id, name, federation, sex, title, w_title, born, flag = values[:8]
        figures = [0, 0, 0, 0, 0, 0]
        for index, (position, rating_label, games_label) in enumerate(self.figures):
            figures[position] = rating_value(values[8 + 2 * index], rating_label)
            figures[position + 1] = count_value(values[9 + 2 * index], games_label)
        standard, standard_games, rapid, rapid_games, blitz, blitz_games = figures
        return RatedEntry(
            number,
            fide_id_value(fide_id),
            name_value(name),
            federation_value(federation),
            sex_value(sex),
            best_title(title.strip(), w_title.strip()),
            birth_year_value(born),
            standard,
            standard_games,
            rapid,
            rapid_games,
            blitz,
            blitz_games,
            flag_value(flag),
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
    reader = _LineReader(layout, rate)
    errors = ErrorLog()
    for number, raw in enumerate(iterator, start=2):
        line = raw.rstrip("\r\n")
        if not line.strip():
            continue
        try:
            yield reader.entry(line, number)
        except LineError as error:
            errors.add(number, str(error))
    errors.raise_if_any()
