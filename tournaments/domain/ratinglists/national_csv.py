"""National rating lists as CSV files, read through a column mapping saved per federation.

Every federation publishes its own layout, so the arbiter (or officer) says once which column
holds which field: `{"name": "Nom", "national_id": "NrFFE", "standard_rating": "Elo", ...}`.
Only `name` and one of the ids are required; a missing federation column gives the list's
federation. Comma, semicolon and tab separators are recognised from the header line.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Iterator, Mapping

from tournaments.domain.ratinglists.model import (
    ErrorLog,
    LineError,
    RatedEntry,
    RatingListError,
    best_title,
    birth_year_value,
    federation_value,
    fide_id_value,
    name_value,
    rating_value,
    sex_value,
)

MAPPED_FIELDS = (
    "national_id",
    "fide_id",
    "name",
    "federation",
    "sex",
    "title",
    "birth_year",
    "standard_rating",
    "rapid_rating",
    "blitz_rating",
)
"""The fields a mapping may name a column for."""

_YEAR = re.compile(r"\d{4}")


def check_mapping(mapping: Mapping[str, str]) -> None:
    """`RatingListError` unless the mapping names known fields, `name` and an id column."""
    unknown = sorted(set(mapping) - set(MAPPED_FIELDS))
    problems = [f"unknown field(s) {', '.join(unknown)}"] if unknown else []
    if not mapping.get("name"):
        problems.append("the mapping needs the name column")
    if not (mapping.get("national_id") or mapping.get("fide_id")):
        problems.append("the mapping needs a national_id or fide_id column")
    if problems:
        raise RatingListError([f"mapping: {problem}" for problem in problems])


def _year(text: str) -> int | None:
    found = _YEAR.search(text)
    return birth_year_value(found.group()) if found else None


def _entry(cells: Mapping[str, str], line: int, federation: str) -> RatedEntry:
    national_id = cells.get("national_id", "").strip()
    if len(national_id) > 20:
        raise LineError(f"national id {national_id[:20]!r}... is longer than 20 characters")
    fide_id = fide_id_value(cells.get("fide_id", ""), required=False)
    if not (national_id or fide_id):
        raise LineError("neither a national id nor a FIDE ID")
    return RatedEntry(
        line=line,
        fide_id=fide_id,
        national_id=national_id,
        name=name_value(cells.get("name", "")),
        federation=federation_value(cells.get("federation", "")) or federation,
        sex=sex_value(cells.get("sex", "")),
        title=best_title(cells.get("title", "").strip()),
        birth_year=_year(cells.get("birth_year", "")),
        standard_rating=rating_value(cells.get("standard_rating", ""), "standard rating"),
        rapid_rating=rating_value(cells.get("rapid_rating", ""), "rapid rating"),
        blitz_rating=rating_value(cells.get("blitz_rating", ""), "blitz rating"),
    )


def _rows(reader: Iterator[list[str]]) -> Iterator[list[str]]:
    """The rows of `reader`; a line the csv module cannot split refuses the file there."""
    while True:
        try:
            row = next(reader)
        except StopIteration:
            return
        except csv.Error as error:
            line = getattr(reader, "line_num", 0) + 1
            raise RatingListError([f"line {line}: not CSV ({error})"]) from None
        yield row


def parse_national_csv(
    lines: Iterable[str], *, mapping: Mapping[str, str], federation: str
) -> Iterator[RatedEntry]:
    """The players of a national CSV list (header line first); bad lines are refused at the
    end with their line numbers, as in the FIDE parsers."""
    check_mapping(mapping)
    iterator = iter(lines)
    header_line = next(iterator, "")
    delimiter = max(";,\t", key=header_line.count)
    header = [
        name.strip() for name in next(_rows(csv.reader([header_line], delimiter=delimiter)), [])
    ]
    missing = sorted(column for column in mapping.values() if column and column not in header)
    if missing:
        raise RatingListError([f"line 1: no column named {', '.join(map(repr, missing))}"])
    position = {field: header.index(column) for field, column in mapping.items() if column}
    errors = ErrorLog()
    reader = csv.reader(iterator, delimiter=delimiter)
    for row in _rows(reader):
        number = reader.line_num + 1  # the header line came before the reader
        if not any(cell.strip() for cell in row):
            continue
        cells = {field: row[index] if index < len(row) else "" for field, index in position.items()}
        try:
            yield _entry(cells, number, federation)
        except LineError as error:
            errors.add(number, str(error))
    errors.raise_if_any()
