"""An explicit list of players for the generator (VCL Q27: ratings given by the user).

The RTG key `PlayersFile` names a file of players instead of drawn ratings: either a TRF (its
`001` lines: name, rating, federation, title, sex, FIDE id, birth date; results ignored) or a
CSV with a header line naming its columns, `name` and `rating` required, `federation`, `title`,
`sex`, `fide_id`, `birth_date` optional. A blank rating is an unrated player.

The players get pairing numbers in initial order (C.04.2 B.2): rating (highest first, unrated
last), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), then name.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Final

from tournaments.domain.ratinglists.model import TITLE_ORDER
from tournaments.domain.trf import TrfError, parse_trf

MAX_RATING: Final = 9999
_COLUMNS: Final = ("name", "rating", "federation", "title", "sex", "fide_id", "birth_date")
_REQUIRED: Final = ("name", "rating")
_WIDTHS: Final = {"federation": 3, "title": 3, "sex": 1, "birth_date": 10}
"""The TRF16 columns of the `001` line (C.04 Annex 2) these fields must fit in."""


class RosterError(ValueError):
    """A players file the generator cannot use; the message names the line."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """One player of the list, as the TRF `001` line will show them (rating None: unrated)."""

    name: str
    rating: int | None
    federation: str = ""
    title: str = ""
    sex: str = ""
    fide_id: int | None = None
    birth_date: str = ""

    @property
    def initial_order_key(self) -> tuple[int, int, str]:
        """C.04.2 B.2: rating (highest first, unrated last), title, then name."""
        title = self.title.upper()
        rank = TITLE_ORDER.index(title) if title in TITLE_ORDER else len(TITLE_ORDER)
        return (-(self.rating or 0), rank, self.name)


def read_roster(text: str) -> tuple[Entrant, ...]:
    """The players of a TRF or CSV players file, in initial order (see the module)."""
    if any(line.startswith("001") for line in text.splitlines()):
        entrants = _from_trf(text)
    else:
        entrants = _from_csv(text)
    if len(entrants) < 2:
        raise RosterError(f"the players file lists {len(entrants)} players, at least 2 are needed")
    return tuple(sorted(entrants, key=lambda entrant: entrant.initial_order_key))


def _from_trf(text: str) -> list[Entrant]:
    try:
        doc = parse_trf(text)
    except TrfError as error:
        raise RosterError(f"players file: {error}") from None
    return [
        Entrant(
            name=player.name,
            rating=player.rating or None,
            federation=player.federation,
            title=player.title,
            sex=player.sex,
            fide_id=player.fide_id,
            birth_date=player.birth_date,
        )
        for player in doc.players
    ]


def _from_csv(text: str) -> list[Entrant]:
    rows = csv.DictReader(io.StringIO(text))
    header = [name.strip().lower() for name in rows.fieldnames or ()]
    missing = [column for column in _REQUIRED if column not in header]
    unknown = [column for column in header if column not in _COLUMNS]
    if missing or unknown:
        raise RosterError(
            f"players file, line 1: the header must name the columns {', '.join(_REQUIRED)} "
            f"(and optionally {', '.join(_COLUMNS[2:])}); "
            + (f"missing {', '.join(missing)}" if missing else f"unknown {', '.join(unknown)}")
        )
    rows.fieldnames = header
    entrants = []
    for row in rows:
        values = {key: (value or "").strip() for key, value in row.items() if key is not None}
        if not any(values.values()):
            continue
        line = rows.line_num
        if not values["name"]:
            raise RosterError(f"players file, line {line}: the name is missing")
        if any(not value.isprintable() for value in values.values()):
            raise RosterError(f"players file, line {line}: a field holds a line break or tab")
        for column, width in _WIDTHS.items():
            if len(values.get(column, "")) > width:
                raise RosterError(
                    f"players file, line {line}: {column} {values[column]!r} is longer than "
                    f"the TRF's {width} columns"
                )
        entrants.append(
            Entrant(
                name=values["name"],
                rating=_number(values["rating"], "rating", line, MAX_RATING),
                federation=values.get("federation", ""),
                title=values.get("title", ""),
                sex=values.get("sex", ""),
                fide_id=_number(values.get("fide_id", ""), "fide_id", line, 10**11 - 1),
                birth_date=values.get("birth_date", ""),
            )
        )
    return entrants


def _number(text: str, column: str, line: int, highest: int) -> int | None:
    if not text:
        return None
    if not text.isascii() or not text.isdigit() or int(text) > highest:
        raise RosterError(
            f"players file, line {line}: {column} must be a whole number from 0 to {highest}, "
            f"not {text!r}"
        )
    return int(text) or None
