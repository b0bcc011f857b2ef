"""Online entries (issue 32): which sections a player may enter, whether an entry is taken, waits
for a place or is refused, who moves up from the waiting list, and an entry fee's record.

Pure: the entries service locks the section, loads its terms and the entries already made, asks
these functions and writes what they decide. A refusal raises `EntryRefused`, whose `reasons`
are sentences of `tournaments.domain.messages` (translated by the web layer) and whose `kind`
says which check refused (the public form and the tests read it).

The FIDE registration deadline (`fide_entry_deadline`): FIDE Rating Regulations (FIDE Handbook
B.02, effective 1 March 2024, article 0.2 as amended by the FIDE Council in December 2023): a
tournament to be rated "and its playing schedule must be registered 0.2.1 not later than 30 days
before the tournament starts, if one of the players in the tournament is rated in excess of 2700,
or a female player rated in excess of 2500; 0.2.2 otherwise, three days before the tournament
starts". The federation registers a section with the field it knows then: a player whose entry
puts a section in 0.2.1's category after 0.2.1's deadline would make its registration late, so
for a rated section such entries close at the end of the 30th day before the start. Other
entrants do not change the category; 0.2.2's registration (three days before) concerns the
tournament and its schedule, not its list of players, and their entries close when the organiser
closes the form.
"""

from __future__ import annotations

import datetime
import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.sections import RatingLimits
from tournaments.domain.warnings import Refusal

TOP_RATING = 2700
"""B.02 0.2.1: a player rated in excess of this makes the 30-day registration apply."""
TOP_WOMAN_RATING = 2500
"""B.02 0.2.1: a female player rated in excess of this makes the 30-day registration apply."""
TOP_REGISTRATION_DAYS = 30
"""B.02 0.2.1: such a tournament is registered not later than 30 days before it starts."""


class EntryStatus(enum.StrEnum):
    """Where an entry stands: waiting for the arbiter (holding a place), on the waiting list
    (the section was full), approved (a registered player) or refused."""

    PENDING = "pending"
    WAITING = "waiting"
    APPROVED = "approved"
    REFUSED = "refused"

    @property
    def holds_a_place(self) -> bool:
        """Counted against the section's cap: pending and approved entries."""
        return self in {EntryStatus.PENDING, EntryStatus.APPROVED}

    @property
    def live(self) -> bool:
        """Not refused: a second entry of the same player is a duplicate of it."""
        return self is not EntryStatus.REFUSED


class RefusalKind(enum.StrEnum):
    NOT_OPEN = "not_open"
    CLOSED = "closed"
    FIDE_DEADLINE = "fide_deadline"
    RATING_TOO_HIGH = "rating_too_high"
    RATING_TOO_LOW = "rating_too_low"
    DUPLICATE = "duplicate"
    ALREADY_DECIDED = "already_decided"
    SAME_SECTION = "same_section"


class EntryRefused(Refusal):
    """An entry, or an arbiter's decision on one, that the rules refuse; `kind` says which."""

    def __init__(self, kind: RefusalKind, *reasons: Message) -> None:
        self.kind = kind
        super().__init__(*reasons)


@dataclass(frozen=True, slots=True, kw_only=True)
class Entrant:
    """A player entering: the FIDE ID ("" without one), the name (Lastname, Firstname), the
    birth year (None unknown), the rating the section's limits are checked against (0 unrated)
    and whether the player is a woman (B.02 0.2.1's second threshold)."""

    fide_id: str
    name: str
    birth_year: int | None
    rating: int
    female: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class SectionTerms:
    """What an entry to one section is checked against: its name, rating limits
    (`domain.sections.RatingLimits`: an unrated player counts as 0), whether it is
    FIDE rated, its first day, the window the organiser opened the form for (None: no bound on
    that side), its cap (None: no cap) and how many entries hold a place in it now."""

    section_id: int
    name: str
    limits: RatingLimits
    rated: bool
    start: datetime.date | None
    opens_at: datetime.datetime | None
    closes_at: datetime.datetime | None
    cap: int | None
    places_taken: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PriorEntry:
    """An entry already made in the event (any section), or a registered player of it (status
    `APPROVED`): what a duplicate is looked for in."""

    fide_id: str
    name: str
    birth_year: int | None
    section_id: int
    status: EntryStatus


def _same_name(first: str, second: str) -> bool:
    return " ".join(first.casefold().split()) == " ".join(second.casefold().split())


def is_same_player(entrant: Entrant, prior: PriorEntry) -> bool:
    """The same FIDE ID; or, where either has none, the same name and the same birth year (an
    unknown year matches any: the arbiter tells namesakes apart by their birth year)."""
    if entrant.fide_id and prior.fide_id:
        return entrant.fide_id == prior.fide_id
    if not _same_name(entrant.name, prior.name):
        return False
    return entrant.birth_year is None or prior.birth_year in {None, entrant.birth_year}


def top_player(entrant: Entrant) -> bool:
    """Rated in excess of 2700, or a woman rated in excess of 2500 (B.02 0.2.1)."""
    return entrant.rating > TOP_RATING or (entrant.female and entrant.rating > TOP_WOMAN_RATING)


def fide_entry_deadline(entrant: Entrant, section: SectionTerms) -> datetime.date | None:
    """The last day the entrant may enter a FIDE-rated section under B.02 0.2 (see the module's
    docstring): 30 days before its start for a player of 0.2.1's category; None (the
    organiser's closing time alone) for everyone else, for an unrated section, and while the
    start is unknown."""
    if not section.rated or section.start is None or not top_player(entrant):
        return None
    return section.start - datetime.timedelta(days=TOP_REGISTRATION_DAYS)


def sections_allowed(rating: int, sections: Iterable[SectionTerms]) -> list[SectionTerms]:
    """The sections whose rating limits allow `rating`, in the order given."""
    return [section for section in sections if section.limits.admits(rating)]


def check_rating(entrant: Entrant, section: SectionTerms) -> None:
    """The section's rating limits allow the entrant's rating (issue 32)."""
    limits = section.limits
    if limits.highest is not None and entrant.rating > limits.highest:
        raise EntryRefused(
            RefusalKind.RATING_TOO_HIGH,
            Message(
                gettext_noop(
                    "A rating of %(rating)s is above the limit of %(section)s (%(limit)s): "
                    "choose another section."
                ),
                rating=entrant.rating,
                section=section.name,
                limit=limits.highest,
            ),
        )
    if limits.lowest is not None and entrant.rating < limits.lowest:
        raise EntryRefused(
            RefusalKind.RATING_TOO_LOW,
            Message(
                gettext_noop(
                    "%(section)s is for players rated %(limit)s or more: choose another section."
                ),
                section=section.name,
                limit=limits.lowest,
            ),
        )


def check_window(entrant: Entrant, section: SectionTerms, now: datetime.datetime) -> None:
    """The form is open for the section now (the organiser's dates), and for a rated section
    the FIDE registration deadline has not passed for this entrant (B.02 0.2.1)."""
    if section.opens_at is not None and now < section.opens_at:
        raise EntryRefused(
            RefusalKind.NOT_OPEN,
            Message(gettext_noop("Entries to %(section)s are not open yet."), section=section.name),
        )
    if section.closes_at is not None and now >= section.closes_at:
        raise EntryRefused(
            RefusalKind.CLOSED,
            Message(gettext_noop("Entries to %(section)s are closed."), section=section.name),
        )
    deadline = fide_entry_deadline(entrant, section)
    if deadline is not None and now.date() > deadline:
        raise EntryRefused(
            RefusalKind.FIDE_DEADLINE,
            Message(
                gettext_noop(
                    "%(section)s is FIDE rated: a player rated over 2700 (a woman over 2500) "
                    "enters by %(deadline)s, 30 days before the start, so that the tournament "
                    "is registered in time (FIDE Rating Regulations 0.2.1). Ask the organiser."
                ),
                section=section.name,
                deadline=deadline.isoformat(),
            ),
        )


def check_duplicate(entrant: Entrant, prior: Iterable[PriorEntry]) -> None:
    """The entrant has no live entry in the event and is not one of its registered players."""
    for other in prior:
        if other.status.live and is_same_player(entrant, other):
            raise EntryRefused(
                RefusalKind.DUPLICATE,
                Message(
                    gettext_noop(
                        "%(name)s has already entered this event: one entry per player. Ask "
                        "the organiser to change it."
                    ),
                    name=entrant.name,
                ),
            )


def arrival_status(section: SectionTerms) -> EntryStatus:
    """A new entry holds a place while the cap allows it, else joins the waiting list."""
    if section.cap is not None and section.places_taken >= section.cap:
        return EntryStatus.WAITING
    return EntryStatus.PENDING


def decide_entry(
    entrant: Entrant,
    section: SectionTerms,
    prior: Iterable[PriorEntry],
    now: datetime.datetime,
) -> EntryStatus:
    """A new entry's status (pending, or waiting when the section is full); `EntryRefused`
    when the form is not open for it, it is a duplicate, or its rating is outside the limits.
    `now` is aware and in the organiser's time zone (its date is the deadline's day)."""
    check_window(entrant, section, now)
    check_duplicate(entrant, prior)
    check_rating(entrant, section)
    return arrival_status(section)


def check_decision(status: EntryStatus) -> None:
    """Only an entry not decided yet (pending or waiting) is approved, refused or moved."""
    if status is EntryStatus.APPROVED:
        raise EntryRefused(
            RefusalKind.ALREADY_DECIDED,
            Message(gettext_noop("This entry is already approved: the player is registered.")),
        )
    if status is EntryStatus.REFUSED:
        raise EntryRefused(
            RefusalKind.ALREADY_DECIDED, Message(gettext_noop("This entry is already refused."))
        )


def move_status(source_id: int, target: SectionTerms) -> EntryStatus:
    """An entry's status once the arbiter moves it to `target`, another section of the event:
    it holds a place there if the cap allows, else waits. The target's rating limits are the
    move's warning (`domain.sections.move_warning`: a Level-3 confirmation outside them)."""
    if source_id == target.section_id:
        raise EntryRefused(
            RefusalKind.SAME_SECTION,
            Message(gettext_noop("The entry is already in %(section)s."), section=target.name),
        )
    return arrival_status(target)


@dataclass(frozen=True, slots=True)
class Queued:
    """An entry of a section's queue, in order of arrival: its id and status."""

    entry_id: int
    status: EntryStatus


def promoted(queue: Sequence[Queued], cap: int | None) -> list[int]:
    """The waiting entries that take the places free under the cap, first come first served:
    those to set pending. With no cap every waiting entry moves up."""
    free = (
        len(queue)
        if cap is None
        else cap - sum(1 for queued in queue if queued.status.holds_a_place)
    )
    waiting = [queued.entry_id for queued in queue if queued.status is EntryStatus.WAITING]
    return waiting[: max(free, 0)]


class FeeStatus(enum.StrEnum):
    """An entry fee: due, paid (an amount, and how), or waived by the organiser."""

    DUE = "due"
    PAID = "paid"
    WAIVED = "waived"


class FeeRefused(Refusal):
    """A fee record that does not hold together."""


def check_fee(status: FeeStatus, amount: int, method: str) -> None:
    """Amounts are in the currency's smallest unit (cents), never negative; a paid fee says how
    it was paid (cash, bank transfer...); a waived fee owes nothing and records no payment."""
    if amount < 0:
        raise FeeRefused(Message(gettext_noop("An amount is 0 or more.")))
    if status is FeeStatus.PAID and not method.strip():
        raise FeeRefused(Message(gettext_noop("Say how the fee was paid (cash, transfer...).")))
    if status is FeeStatus.WAIVED and method.strip():
        raise FeeRefused(Message(gettext_noop("A waived fee records no payment method.")))
