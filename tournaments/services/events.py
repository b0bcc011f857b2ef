"""Event use cases (issue 32): create an event, change its details, add sections, set a
section's rating limits and first board, give and take back the event's roles.

Each is one transaction that locks the event row first (`lock_event`: one writer per event) and
records the change in the event's audit trail (a section's own settings in the section's trail
too); refusals raise `EventRefused` or `RoleRefused`. Moving a player between sections:
`services.sections`.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from tournaments.domain.sections import RatingLimits
from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.exceptions import EventRefused, RoleRefused
from tournaments.models import (
    MAX_RATING,
    ArbiterRole,
    Event,
    EventAuditEntry,
    EventRole,
    EventRoleKind,
    Tournament,
)
from tournaments.services.base import audit, lock_tournament
from tournaments.services.tournaments import TournamentSettings, tournament_create
from tournaments.translation import translated

SLUG_ATTEMPTS = 20
"""How many slugs a new event tries when others take them at the same moment."""


@dataclass(frozen=True, kw_only=True)
class EventDetails:
    """What the organiser sets for an event."""

    name: str
    place: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    organiser: str = ""


@dataclass(frozen=True, kw_only=True)
class SectionSetup:
    """A section's place in its event: the ratings it admits and its first board in the hall."""

    lowest_rating: int | None = None
    highest_rating: int | None = None
    first_board: int = 1

    @property
    def limits(self) -> RatingLimits:
        return RatingLimits(lowest=self.lowest_rating, highest=self.highest_rating)

    def describe(self) -> str:
        return f"{self.limits.describe()}, first board {self.first_board}"


def lock_event(event_id: int) -> Event:
    """The event row, locked until the end of the transaction (one writer at a time)."""
    return Event.objects.select_for_update().get(pk=event_id)


def event_audit(
    *,
    event: Event,
    by: User | None,
    entity: str,
    entity_id: int | None,
    old: str = "",
    new: str = "",
) -> EventAuditEntry:
    """Record one change of the event in its audit trail."""
    return EventAuditEntry.objects.create(
        event=event, user=by, entity=entity, entity_id=entity_id, old_value=old, new_value=new
    )


def _check_details(details: EventDetails) -> None:
    name = details.name.strip()
    if not name:
        raise EventRefused(_("The event's name is required."))
    if len(name) > 200:
        raise EventRefused(_("The event's name is longer than 200 characters."))
    if controls := control_characters(name):
        message = _("The name holds control characters (%(characters)s): remove them.")
        raise EventRefused(message % {"characters": ", ".join(controls)})
    if starts_like_a_formula(name):
        message = _("The name starts with %(start)s: a spreadsheet would run it as a formula.")
        raise EventRefused(message % {"start": repr(name[0])})
    if details.start_date and details.end_date and details.end_date < details.start_date:
        raise EventRefused(_("The event ends before it starts: check the dates."))


def _unique_slug(name: str, also_taken: list[str]) -> str:
    base = slugify(name)[:70].strip("-") or "event"
    taken = set(Event.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    taken |= {"new", *also_taken}
    slug, suffix = base, 2
    while slug in taken:
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


def _insert(event: Event) -> Event:
    """Insert a new event under the first free slug for its name (a savepoint per attempt, as
    `services.base.tournament_insert` does for tournaments)."""
    refused: list[str] = []
    for attempt in range(SLUG_ATTEMPTS):
        event.slug = _unique_slug(event.name, refused)
        try:
            with transaction.atomic():
                event.save(force_insert=True)
        except IntegrityError:
            if not Event.objects.filter(slug=event.slug).exists() or attempt == SLUG_ATTEMPTS - 1:
                raise
            refused.append(event.slug)
        else:
            return event
    raise AssertionError("unreachable")  # the loop returns or raises


def _describe(details: EventDetails) -> str:
    dates = " to ".join(str(date) for date in (details.start_date, details.end_date) if date)
    facts = [details.place, dates, details.organiser and f"organised by {details.organiser}"]
    return ", ".join(fact for fact in [details.name.strip(), *facts] if fact)


@transaction.atomic
def event_create(*, details: EventDetails, by: User) -> Event:
    """Create an event with no section yet; `by` becomes its organiser and chief arbiter (and
    may hand either role to others)."""
    _check_details(details)
    event = _insert(
        Event(
            name=details.name.strip(),
            place=details.place.strip(),
            start_date=details.start_date,
            end_date=details.end_date,
            organiser=details.organiser.strip(),
        )
    )
    for role in (EventRoleKind.ORGANISER, EventRoleKind.CHIEF):
        EventRole.objects.create(event=event, user=by, role=role)
    event_audit(event=event, by=by, entity="event", entity_id=event.pk, new=_describe(details))
    return event


@transaction.atomic
def event_update(*, event: Event, details: EventDetails, by: User) -> Event:
    """Change the event's name, place, dates or organiser (the organisers)."""
    event = lock_event(event.pk)
    _require_organiser(event, by)
    _check_details(details)
    old = _describe(
        EventDetails(
            name=event.name,
            place=event.place,
            start_date=event.start_date,
            end_date=event.end_date,
            organiser=event.organiser,
        )
    )
    event.name = details.name.strip()
    event.place = details.place.strip()
    event.start_date, event.end_date = details.start_date, details.end_date
    event.organiser = details.organiser.strip()
    event.save()
    event_audit(
        event=event, by=by, entity="event", entity_id=event.pk, old=old, new=_describe(details)
    )
    return event


def _check_setup(setup: SectionSetup) -> None:
    for rating in (setup.lowest_rating, setup.highest_rating):
        if rating is not None and not 0 <= rating <= MAX_RATING:
            raise EventRefused(
                _("Rating limit %(rating)s: write 0 to %(max)s, or leave it empty.")
                % {"rating": rating, "max": MAX_RATING}
            )
    if (problem := setup.limits.problem()) is not None:
        raise EventRefused(translated(problem))
    if setup.first_board < 1:
        raise EventRefused(_("Boards are numbered from 1."))


@transaction.atomic
def event_section_create(
    *, event: Event, settings: TournamentSettings, setup: SectionSetup, by: User
) -> Tournament:
    """Add a section to the event (the organisers): a new tournament as `tournament_create`
    makes one (`by` its chief arbiter), with the section's rating limits and first board."""
    event = lock_event(event.pk)
    _require_organiser(event, by)
    _check_setup(setup)
    section = tournament_create(settings=settings, by=by)
    section.event = event
    section.lowest_rating, section.highest_rating = setup.lowest_rating, setup.highest_rating
    section.first_board = setup.first_board
    section.save(update_fields=["event", "lowest_rating", "highest_rating", "first_board"])
    audit(
        tournament=section,
        by=by,
        entity="tournament",
        entity_id=section.pk,
        new=f"section of {event.name}: {setup.describe()}",
    )
    event_audit(
        event=event,
        by=by,
        entity="section",
        entity_id=section.pk,
        new=f"{section.name} added: {setup.describe()}",
    )
    return section


@transaction.atomic
def event_section_attach(
    *, event: Event, tournament: Tournament, setup: SectionSetup, by: User
) -> Tournament:
    """Make an existing tournament that stands alone a section of the event (the organisers,
    when they are also the tournament's chief arbiter): a tournament made before its event
    joins it as it is, its rounds, players and settings untouched."""
    event = lock_event(event.pk)
    _require_organiser(event, by)
    _check_setup(setup)
    section = lock_tournament(tournament.pk)
    if not section.roles.filter(user=by, role=ArbiterRole.CHIEF).exists():
        raise RoleRefused(
            _("Only the chief arbiter of %(name)s may add it to an event.") % {"name": section.name}
        )
    if section.event_id is not None:
        raise EventRefused(_("%(name)s is already a section of an event.") % {"name": section.name})
    section.event = event
    section.lowest_rating, section.highest_rating = setup.lowest_rating, setup.highest_rating
    section.first_board = setup.first_board
    section.save(update_fields=["event", "lowest_rating", "highest_rating", "first_board"])
    audit(
        tournament=section,
        by=by,
        entity="tournament",
        entity_id=section.pk,
        new=f"section of {event.name}: {setup.describe()}",
    )
    event_audit(
        event=event,
        by=by,
        entity="section",
        entity_id=section.pk,
        new=f"{section.name} joined: {setup.describe()}",
    )
    return section


@transaction.atomic
def section_set_setup(*, section: Tournament, setup: SectionSetup, by: User) -> Tournament:
    """Change a section's rating limits and first board (the event's organisers). Players
    already in the section stay: the limits apply to entries and moves from now on."""
    if section.event_id is None:
        raise EventRefused(_("%(name)s is not a section of an event.") % {"name": section.name})
    event = lock_event(section.event_id)
    _require_organiser(event, by)
    _check_setup(setup)
    section = lock_tournament(section.pk)
    old = SectionSetup(
        lowest_rating=section.lowest_rating,
        highest_rating=section.highest_rating,
        first_board=section.first_board,
    )
    if old == setup:
        return section
    section.lowest_rating, section.highest_rating = setup.lowest_rating, setup.highest_rating
    section.first_board = setup.first_board
    section.save(update_fields=["lowest_rating", "highest_rating", "first_board", "updated"])
    audit(
        tournament=section,
        by=by,
        entity="tournament",
        entity_id=section.pk,
        old=old.describe(),
        new=setup.describe(),
    )
    event_audit(
        event=event,
        by=by,
        entity="section",
        entity_id=section.pk,
        old=f"{section.name}: {old.describe()}",
        new=f"{section.name}: {setup.describe()}",
    )
    return section


@transaction.atomic
def event_role_give(*, event: Event, username: str, role: EventRoleKind, by: User) -> EventRole:
    """Give the user named `username` a role in the event (the organisers). The event has one
    chief arbiter: the role is taken back from the present one first."""
    event = lock_event(event.pk)
    _require_organiser(event, by)
    user = User.objects.filter(username=username.strip(), is_active=True).first()
    if user is None:
        raise RoleRefused(
            _("Nobody has the user name %(name)s: they create an account first.")
            % {"name": repr(username.strip())}
        )
    if EventRole.objects.filter(event=event, user=user, role=role).exists():
        raise RoleRefused(
            _("%(user)s is already %(role)s of %(event)s.")
            % {"user": user.get_username(), "role": role.label.lower(), "event": event.name}
        )
    if role == EventRoleKind.CHIEF:
        chief = EventRole.objects.filter(event=event, role=EventRoleKind.CHIEF).first()
        if chief is not None:
            raise RoleRefused(
                _("The event has a chief arbiter already: take that role back first.")
            )
    given = EventRole.objects.create(event=event, user=user, role=role)
    event_audit(
        event=event, by=by, entity="role", entity_id=user.pk, new=f"{user.get_username()}: {role}"
    )
    return given


@transaction.atomic
def event_role_remove(*, event: Event, role_id: int, by: User) -> None:
    """Take a role back (the organisers; anyone may give up their own role). The event keeps
    at least one organiser."""
    event = lock_event(event.pk)
    role = EventRole.objects.filter(event=event, pk=role_id).select_related("user").first()
    if role is None:
        raise RoleRefused(_("That role is already taken back."))
    if role.user_id != by.pk:
        _require_organiser(event, by)
    organisers = EventRole.objects.filter(event=event, role=EventRoleKind.ORGANISER)
    if role.role == EventRoleKind.ORGANISER and organisers.count() == 1:
        raise RoleRefused(
            _("The event keeps at least one organiser: give the role to someone else first.")
        )
    name = role.user.get_username()
    role.delete()
    event_audit(
        event=event,
        by=by,
        entity="role",
        entity_id=role.user_id,
        old=f"{name}: {role.role}",
        new="taken back" if role.user_id != by.pk else "given up",
    )


def _require_organiser(event: Event, by: User) -> None:
    if not EventRole.objects.filter(event=event, user=by, role=EventRoleKind.ORGANISER).exists():
        raise RoleRefused(_("Only the event's organisers may do this."))
