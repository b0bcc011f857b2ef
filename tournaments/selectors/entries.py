"""Reads of online entries (issue 32): a player found on the FIDE lists each section uses, the
terms an entry to a section is checked against, the public entry list, the arbiter's queue and
the treasurer's list. No e-mail address leaves this module for a public page: the public list's
rows carry none (`PublicEntry`)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Count, Q

from tournaments.domain.entries import EntryStatus as DomainStatus
from tournaments.domain.entries import PriorEntry, SectionTerms
from tournaments.domain.ratinglists.sequence import pick_rating
from tournaments.domain.sections import RatingLimits
from tournaments.models import Event, Player, Tournament
from tournaments.models.entries import Entry, EntryDesk, EntryStatus, SectionEntryTerms
from tournaments.selectors.ratingsources import list_entries, rating_sequence


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """A player of the FIDE lists a section uses (`list_entries`): identity and the rating the
    section's sequence of lists gives (0 unrated)."""

    fide_id: str
    name: str
    federation: str
    title: str
    sex: str
    birth_year: int | None
    rating: int


def sections(event: Event) -> list[Tournament]:
    """The event's sections, in the event's order (by name when none is set)."""
    return list(event.sections.order_by("pk"))


def listed_player(section: Tournament, fide_id: str) -> ListedPlayer | None:
    """The player with `fide_id` on the lists in force of `section`, with the section's rating
    (its rate and sequence of lists, VCL Q123-Q128); None when not listed."""
    if not (fide_id.isascii() and fide_id.isdigit() and len(fide_id) <= 11):
        return None
    entries = list_entries(section, [fide_id]).get(fide_id)
    if entries is None or entries.first is None:
        return None
    rated = entries.first
    picked = pick_rating(rating_sequence(section), entries.ratings())
    return ListedPlayer(
        fide_id=fide_id,
        name=rated.name,
        federation=rated.federation,
        title=rated.title,
        sex=rated.sex,
        birth_year=rated.birth_year,
        rating=picked.rating if picked else 0,
    )


def entry_desk(event: Event) -> EntryDesk | None:
    return EntryDesk.objects.filter(event=event).first()


def section_terms(section: Tournament, desk: EntryDesk | None) -> SectionTerms:
    """What an entry to `section` is checked against (`domain.entries.SectionTerms`). Without a
    desk, or without an opening time, the form is not open: it opens in the far future."""
    terms = SectionEntryTerms.objects.filter(section=section).first()
    taken = Entry.objects.filter(
        section=section, status__in=[EntryStatus.PENDING, EntryStatus.APPROVED]
    ).count()
    never = datetime.datetime.max.replace(tzinfo=datetime.UTC)
    opens_at = desk.opens_at if desk is not None and desk.opens_at is not None else never
    return SectionTerms(
        section_id=section.pk,
        name=section.name,
        limits=RatingLimits(lowest=section.lowest_rating, highest=section.highest_rating),
        rated=section.rated,
        start=section.start_date,
        opens_at=opens_at,
        closes_at=desk.closes_at if desk is not None else None,
        cap=terms.cap if terms is not None else None,
        places_taken=taken,
    )


def section_fee(section: Tournament) -> int:
    """The section's entry fee in cents (0 when none is set)."""
    terms = SectionEntryTerms.objects.filter(section=section).first()
    return terms.fee if terms is not None else 0


def prior_entries(event: Event) -> list[PriorEntry]:
    """The entries made in the event and its sections' registered players (as approved
    entries), for the duplicate check."""
    found = [
        PriorEntry(
            fide_id=entry.fide_id,
            name=entry.name,
            birth_year=entry.birth_year,
            section_id=entry.section_id,
            status=DomainStatus(entry.status),
        )
        for entry in Entry.objects.filter(event=event).exclude(status=EntryStatus.REFUSED)
    ]
    for player in Player.objects.filter(tournament__event=event):
        year = player.birth_date[:4]
        found.append(
            PriorEntry(
                fide_id=player.fide_id,
                name=player.name,
                birth_year=int(year) if year.isdigit() and year != "0000" else None,
                section_id=player.tournament_id,
                status=DomainStatus.APPROVED,
            )
        )
    return found


@dataclass(frozen=True, slots=True)
class PublicEntry:
    """A line of the public entry list: no e-mail address, no answers, no fee."""

    name: str
    title: str
    federation: str
    rating: int
    status: str
    status_label: str


PUBLIC_SORTS = {
    "rating": ("-rating", "name"),
    "name": ("name",),
    "federation": ("federation", "-rating", "name"),
}
"""The public entry list's orders (`?sort=`): rating first by default."""


def public_entries(event: Event, sort: str) -> list[tuple[Tournament, list[PublicEntry]]]:
    """Each section with its live entries (pending, waiting, approved), in the chosen order
    (`PUBLIC_SORTS`, rating by default); the waiting list last, in order of arrival."""
    order = PUBLIC_SORTS.get(sort, PUBLIC_SORTS["rating"])
    live = Entry.objects.filter(event=event).exclude(status=EntryStatus.REFUSED)
    placed = live.exclude(status=EntryStatus.WAITING).order_by(*order, "created", "pk")
    waiting = live.filter(status=EntryStatus.WAITING).order_by("created", "pk")
    by_section: dict[int, list[PublicEntry]] = {}
    for entry in [*placed, *waiting]:
        by_section.setdefault(entry.section_id, []).append(
            PublicEntry(
                name=entry.name,
                title=entry.title,
                federation=entry.federation,
                rating=entry.rating,
                status=entry.status,
                status_label=str(entry.get_status_display()),
            )
        )
    return [(section, by_section.get(section.pk, [])) for section in sections(event)]


@dataclass(frozen=True, slots=True)
class SectionQueue:
    """A section of the arbiter's queue: its terms (cap, places taken) and entries."""

    section: Tournament
    cap: int | None
    fee: int
    entries: list[Entry]

    @property
    def places_taken(self) -> int:
        return sum(1 for entry in self.entries if DomainStatus(entry.status).holds_a_place)


def entry_queue(event: Event) -> list[SectionQueue]:
    """Every section with its entries (refused ones last), in order of arrival."""
    terms = {
        found.section_id: found for found in SectionEntryTerms.objects.filter(section__event=event)
    }
    entries: dict[int, list[Entry]] = {}
    for entry in (
        Entry.objects.filter(event=event).select_related("player").order_by("created", "pk")
    ):
        entries.setdefault(entry.section_id, []).append(entry)
    queue = []
    for section in sections(event):
        listed = entries.get(section.pk, [])
        listed.sort(key=lambda entry: entry.status == EntryStatus.REFUSED)
        found = terms.get(section.pk)
        queue.append(
            SectionQueue(
                section=section,
                cap=found.cap if found else None,
                fee=found.fee if found else 0,
                entries=listed,
            )
        )
    return queue


def fee_entries(event: Event) -> list[Entry]:
    """The entries that owe or paid a fee (every live one, and refused ones that paid), by
    section and name: the treasurer's list."""
    return list(
        Entry.objects.filter(event=event)
        .filter(~Q(status=EntryStatus.REFUSED) | Q(fee_status="paid"))
        .select_related("section")
        .order_by("section_id", "name", "pk")
    )


def fee_totals(entries: list[Entry]) -> dict[str, int]:
    """The sums the treasurer checks: due (unpaid, not waived), paid; in cents."""
    due = sum(entry.fee_amount for entry in entries if entry.fee_status == "due")
    paid = sum(entry.fee_amount for entry in entries if entry.fee_status == "paid")
    return {"due": due, "paid": paid}


def entry_counts(event: Event) -> dict[str, int]:
    """How many entries of each status the event has (for the dashboard's line)."""
    rows = Entry.objects.filter(event=event).values("status").annotate(count=Count("pk"))
    return {str(row["status"]): int(row["count"]) for row in rows}
