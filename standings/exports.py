"""The standings as CSV: one line a player, in ranking order, values as the pages print them."""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import Protocol

from django.utils.translation import gettext_lazy, pgettext_lazy

from standings.provisional import open_games_text
from standings.selectors import TournamentStandings
from standings.tables import GridRow
from standings.tiebreaks.display import format_value
from tournaments.domain.text import spreadsheet_safe


class Writable(Protocol):
    def write(self, text: str, /) -> object: ...


class _SafeWriter:
    """`csv.writer` whose cells no spreadsheet runs as formulas (OWASP: a leading apostrophe on
    text starting with =, +, -, @; `tournaments.domain.text.spreadsheet_safe`)."""

    def __init__(self, out: Writable) -> None:
        self.writer = csv.writer(out)

    def writerow(self, row: Iterable[object]) -> None:
        self.writer.writerow([spreadsheet_safe(cell) for cell in row])


HEADER = (
    gettext_lazy("Rank"),
    pgettext_lazy("pairing number", "No"),
    gettext_lazy("Name"),
    gettext_lazy("Title"),
    gettext_lazy("Fed"),
    gettext_lazy("Rating"),
    gettext_lazy("Points"),
)
"""The fixed columns' headings, in the language of the request."""


def write_standings_csv(standings: TournamentStandings, out: Writable) -> None:
    """Rank, pairing number, name, title, federation, rating, points, then each tie-break
    (its code as the heading; an empty cell for an undefined value). Provisional standings
    (a game of the last round without a result, Q161/Q169) start with a line saying so."""
    writer = _SafeWriter(out)
    if standings.provisional:
        # Q161/Q169: a first line says the standings are not final and names the open games.
        writer.writerow((open_games_text(standings.open_games),))
    writer.writerow((*HEADER, *(column.text for column in standings.columns)))
    for line in standings.lines:
        player = line.player
        writer.writerow(
            (
                line.rank,
                player.pairing_number,
                player.name,
                player.title,
                player.federation,
                line.rating or "",
                format_value(line.points),
                *(format_value(value) for value in line.values),
            )
        )


def write_round_robin_csv(
    grid: tuple[GridRow, ...], out: Writable, standings: TournamentStandings | None = None
) -> None:
    """A round robin's cross table: rank (empty when the results are not counted, C.06 V.4),
    pairing number, name, rating, then the results against each row's player (headed by the
    row's place: 1, 2, ...), then points."""
    writer = _SafeWriter(out)
    if standings is not None and standings.provisional:
        writer.writerow((open_games_text(standings.open_games),))
    places = [str(index) for index in range(1, len(grid) + 1)]
    writer.writerow((HEADER[0], HEADER[1], HEADER[2], HEADER[5], *places, HEADER[6]))
    for row in grid:
        writer.writerow(
            (
                row.rank or "",
                row.player.pairing_number,
                row.player.name,
                row.rating or "",
                *row.cells,
                format_value(row.points),
            )
        )
