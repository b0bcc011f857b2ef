"""Reads of an event (issue 32): its sections with their round in play and their entry list,
for the public event page and the event's own arbiter page. Three queries, however many
sections and players: the sections, their rounds, their players."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournaments.models import Event, Player, PlayerStatus, Round, RoundState, Tournament
from tournaments.selectors.state import player_rating
from tournaments.selectors.venue import round_in_play
from tournaments.translation import translated

SORTS: Final = ("rating", "name", "federation")
"""How the entry lists may be sorted (`?sort=`); the first is the default."""


@dataclass(frozen=True, slots=True)
class EntryRow:
    """A player in a section's entry list: what the public sees (no e-mail, no birth date)."""

    player_id: int
    pairing_number: int
    title: str
    title_label: str
    name: str
    federation: str
    rating: int
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class SectionSummary:
    """A section as the event's pages show it."""

    section: Tournament
    limits: str
    progress: str
    round_in_play: int | None
    entries: tuple[EntryRow, ...]


def _sorted(rows: list[EntryRow], sort: str) -> list[EntryRow]:
    by_rating = sorted(rows, key=lambda row: (-row.rating, row.name.casefold()))
    if sort == "name":
        return sorted(by_rating, key=lambda row: row.name.casefold())
    if sort == "federation":
        return sorted(by_rating, key=lambda row: (row.federation == "", row.federation))
    return by_rating


def _progress(section: Tournament, rounds: Sequence[Round], in_play: Round | None) -> str:
    if in_play is not None:
        return _("Round %(number)s of %(rounds)s in play") % {
            "number": in_play.number,
            "rounds": section.rounds,
        }
    completed = [rnd.number for rnd in rounds if rnd.state == RoundState.COMPLETED]
    if completed and len(completed) == len(rounds):
        return _("Finished")
    if completed:
        return _("Round %(number)s of %(rounds)s completed") % {
            "number": completed[-1],
            "rounds": section.rounds,
        }
    return _("Not started")


def event_sections(event: Event, *, sort: str = SORTS[0]) -> list[SectionSummary]:
    """The event's sections in the order they were added, each with its rating limits, how far
    it is, the round in play (published, results not all in) and its players sorted by
    `sort` (rating, highest first; name; federation, then rating)."""
    sort = sort if sort in SORTS else SORTS[0]
    sections = list(
        event.sections.order_by("pk").prefetch_related(
            Prefetch("round_set", queryset=Round.objects.order_by("number"))
        )
    )
    players: dict[int, list[Player]] = defaultdict(list)
    for player in Player.objects.filter(tournament__event=event).order_by("pairing_number"):
        players[player.tournament_id].append(player)
    summaries = []
    for section in sections:
        rounds = list(section.round_set.all())
        in_play = round_in_play(rounds)
        rows = [
            EntryRow(
                player_id=player.pk,
                pairing_number=player.pairing_number,
                title=player.title,
                title_label=player.get_title_display() if player.title else "",
                name=player.name,
                federation=player.federation,
                rating=player_rating(player, section.rating_method),
                withdrawn=player.status == PlayerStatus.WITHDRAWN,
            )
            for player in players[section.pk]
        ]
        summaries.append(
            SectionSummary(
                section=section,
                limits=translated(section.rating_limits.describe()),
                progress=_progress(section, rounds, in_play),
                round_in_play=in_play.number if in_play else None,
                entries=tuple(_sorted(rows, sort)),
            )
        )
    return summaries
