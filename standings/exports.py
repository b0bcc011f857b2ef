"""The standings as CSV: one line a player, in ranking order, values as the pages print them."""

from __future__ import annotations

import csv
from typing import Protocol

from django.utils.translation import gettext_lazy

from standings.selectors import TournamentStandings
from standings.tiebreaks.display import format_value


class Writable(Protocol):
    def write(self, text: str, /) -> object: ...


HEADER = (
    gettext_lazy("Rank"),
    gettext_lazy("No"),
    gettext_lazy("Name"),
    gettext_lazy("Title"),
    gettext_lazy("Fed"),
    gettext_lazy("Rating"),
    gettext_lazy("Points"),
)
"""The fixed columns' headings, in the language of the request."""


def write_standings_csv(standings: TournamentStandings, out: Writable) -> None:
    """Rank, pairing number, name, title, federation, rating, points, then each tie-break
    (its code as the heading; an empty cell for an undefined value)."""
    writer = csv.writer(out)
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
