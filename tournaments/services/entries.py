"""Online entries' use cases (issue 32): a player's entry through the public form, and the
arbiter's queue: approve (the player is registered in the section through `player_register`),
refuse, move to another section. A freed place goes to the first entry of the section's waiting
list. The desk's settings and the fees: `entry_desk`.

Each use case locks the event row (one writer per event: the caps and the duplicate check span
its sections), checks with `tournaments.domain.entries`, writes, and records the change in the
section's audit trail. E-mails (confirmation of entry, approval) leave after the commit
(`entry_mail`).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.domain.entries import (
    Entrant,
    EntryRefused,
    Queued,
    check_decision,
    decide_entry,
    move_status,
    promoted,
)
from tournaments.domain.entries import EntryStatus as DomainStatus
from tournaments.domain.sections import SectionMove, move_warning
from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import EntryError, TournamentError
from tournaments.models import Event, Sex, Tournament
from tournaments.models.entries import Entry, EntryStatus, FeeStatus
from tournaments.selectors import entries as selectors
from tournaments.services.base import audit, require_confirmation
from tournaments.services.entry_mail import send_approval, send_confirmation
from tournaments.services.events import lock_event
from tournaments.services.players import PlayerData, player_register
from tournaments.translation import refusal_text

MAX_ANSWER = 100
"""The longest answer to one of the organiser's questions."""


@dataclass(frozen=True, kw_only=True)
class EntryData:
    """What the public form posts. With a FIDE ID found on the section's lists, the identity
    and the rating come from the list and the typed ones are ignored; otherwise the player
    enters unrated with the typed identity."""

    section_id: int
    email: str
    fide_id: str = ""
    name: str = ""
    sex: str = ""
    birth_year: int | None = None
    federation: str = ""
    answers: dict[str, str] = field(default_factory=dict)


def _refused(refusal: EntryRefused) -> EntryError:
    return EntryError(refusal_text(refusal), kind=refusal.kind.value)


def _check_typed(data: EntryData) -> None:
    name = data.name.strip()
    if not name:
        raise EntryError(_("Give your name (Lastname, Firstname)."), kind="invalid")
    if len(name) > 100 or control_characters(name) or starts_like_a_formula(name):
        raise EntryError(_("Write your name as Lastname, Firstname, in letters."), kind="invalid")
    if data.sex and data.sex not in Sex.values:
        raise EntryError(_("Choose male or female."), kind="invalid")
    if data.federation and not (len(data.federation) == 3 and data.federation.isalpha()):
        raise EntryError(_("A federation is three letters, such as FRA."), kind="invalid")


def _answers(event: Event, answers: dict[str, str]) -> dict[str, str]:
    """The answers to the desk's questions only, each checked like a name (no formula start,
    no control character); others posted are dropped."""
    desk = selectors.entry_desk(event)
    questions = list(desk.questions) if desk is not None else []
    kept: dict[str, str] = {}
    for question in questions:
        answer = str(answers.get(question, "")).strip()
        if len(answer) > MAX_ANSWER or control_characters(answer):
            raise EntryError(
                _("%(question)s: at most %(count)s characters, on one line.")
                % {"question": question, "count": MAX_ANSWER},
                kind="invalid",
            )
        if answer:
            kept[question] = answer
    return kept


def _entrant(section: Tournament, data: EntryData) -> tuple[Entrant, dict[str, object]]:
    """The entrant as the rules see it, and the entry's identity fields."""
    listed = selectors.listed_player(section, data.fide_id) if data.fide_id else None
    if listed is not None:
        identity: dict[str, object] = {
            "name": listed.name,
            "fide_id": listed.fide_id,
            "federation": listed.federation,
            "title": listed.title,
            "sex": listed.sex,
            "birth_year": listed.birth_year,
            "rating": listed.rating,
        }
    else:
        if data.fide_id and not (data.fide_id.isascii() and data.fide_id.isdigit()):
            raise EntryError(_("A FIDE ID is a number of up to 11 digits."), kind="invalid")
        _check_typed(data)
        identity = {
            "name": " ".join(data.name.split()),
            "fide_id": data.fide_id[:11],
            "federation": data.federation.upper(),
            "title": "",
            "sex": data.sex,
            "birth_year": data.birth_year,
            "rating": 0,
        }
    entrant = Entrant(
        fide_id=str(identity["fide_id"]),
        name=str(identity["name"]),
        birth_year=data.birth_year if listed is None else listed.birth_year,
        rating=int(str(identity["rating"])),
        female=identity["sex"] == Sex.FEMALE,
    )
    return entrant, identity


@transaction.atomic
def entry_submit(*, event: Event, data: EntryData, now: datetime.datetime | None = None) -> Entry:
    """Take a player's entry from the public form: checked by `domain.entries.decide_entry`
    (window, FIDE deadline, rating limits, duplicates), pending or on the waiting list when the
    section is full; `EntryError` says why not, and nothing is saved. The confirmation e-mail
    leaves after the commit."""
    event = lock_event(event.pk)
    section = Tournament.objects.filter(pk=data.section_id, event=event).first()
    if section is None:
        raise EntryError(_("Choose a section of this event."), kind="invalid")
    entrant, identity = _entrant(section, data)
    answers = _answers(event, data.answers)
    terms = selectors.section_terms(section, selectors.entry_desk(event))
    try:
        status = decide_entry(
            entrant, terms, selectors.prior_entries(event), now or timezone.localtime()
        )
    except EntryRefused as refusal:
        raise _refused(refusal) from None
    fee = selectors.section_fee(section)
    try:
        with transaction.atomic():
            entry = Entry.objects.create(
                event=event,
                section=section,
                status=status.value,
                email=data.email.strip(),
                answers=answers,
                fee_amount=fee,
                fee_status=FeeStatus.DUE if fee else FeeStatus.WAIVED,
                **identity,
            )
    except IntegrityError:  # the same FIDE ID entered at the same instant
        raise EntryError(
            _("%(name)s has already entered this event: one entry per player.")
            % {"name": entrant.name},
            kind="duplicate",
        ) from None
    audit(
        tournament=section,
        by=None,
        entity="entry",
        entity_id=entry.pk,
        new=f"entry of {entry.name} ({entry.rating or 'unrated'}): {entry.status}",
    )
    send_confirmation(entry)
    return entry


def _locked_entry(entry: Entry) -> tuple[Event, Entry]:
    event = lock_event(entry.event_id)
    return event, Entry.objects.select_related("section").get(pk=entry.pk)


def promote_waiting(section: Tournament, by: User | None) -> list[Entry]:
    """Give the places free under the section's cap to its waiting list, first come first
    served (in a transaction holding the event's lock)."""
    terms = selectors.section_terms(section, None)
    entries = list(Entry.objects.filter(section=section).order_by("created", "pk"))
    queue = [Queued(entry.pk, DomainStatus(entry.status)) for entry in entries]
    moving = promoted(queue, terms.cap)
    up = [entry for entry in entries if entry.pk in moving]
    for entry in up:
        entry.status = EntryStatus.PENDING
        entry.save(update_fields=["status"])
        audit(
            tournament=section,
            by=by,
            entity="entry",
            entity_id=entry.pk,
            old="waiting",
            new="pending",
            note=f"{entry.name}: a place came free",
        )
    return up


@transaction.atomic
def entry_approve(*, entry: Entry, by: User) -> Entry:
    """Approve a pending entry: the player is registered in its section (`player_register`,
    which may refuse: already registered, the field closed) and the approval e-mailed after
    the commit. A waiting entry first needs a place."""
    _event, entry = _locked_entry(entry)
    try:
        check_decision(DomainStatus(entry.status))
    except EntryRefused as refusal:
        raise _refused(refusal) from None
    if entry.status == EntryStatus.WAITING:
        raise EntryError(
            _(
                "%(section)s is full: this entry waits for a place (refuse another entry, "
                "move one, or raise the cap)."
            )
            % {"section": entry.section.name},
            kind="full",
        )
    data = PlayerData(
        name=entry.name,
        title=entry.title,
        sex=entry.sex,
        rating=entry.rating,
        federation=entry.federation,
        fide_id=entry.fide_id,
        birth_date=str(entry.birth_year) if entry.birth_year else "",
    )
    try:
        player = player_register(tournament=entry.section, data=data, by=by)
    except TournamentError as error:
        raise EntryError(str(error), kind="registration") from None
    entry.status = EntryStatus.APPROVED
    entry.player = player
    entry.decided_at = timezone.now()
    entry.decided_by = by
    entry.save(update_fields=["status", "player", "decided_at", "decided_by"])
    audit(
        tournament=entry.section,
        by=by,
        entity="entry",
        entity_id=entry.pk,
        old="pending",
        new=f"approved: {player}",
    )
    send_approval(entry)
    return entry


@transaction.atomic
def entry_refuse(*, entry: Entry, by: User) -> Entry:
    """Refuse an entry not yet decided; its place goes to the first of the waiting list."""
    _event, entry = _locked_entry(entry)
    try:
        check_decision(DomainStatus(entry.status))
    except EntryRefused as refusal:
        raise _refused(refusal) from None
    old = entry.status
    entry.status = EntryStatus.REFUSED
    entry.decided_at = timezone.now()
    entry.decided_by = by
    entry.save(update_fields=["status", "decided_at", "decided_by"])
    audit(
        tournament=entry.section,
        by=by,
        entity="entry",
        entity_id=entry.pk,
        old=old,
        new=f"refused: {entry.name}",
    )
    promote_waiting(entry.section, by)
    return entry


@transaction.atomic
def entry_move(
    *, entry: Entry, target: Tournament, by: User, confirmed: Confirmed | None = None
) -> Entry:
    """Move an entry not yet decided to another section of its event. Its rating is read again
    from the target's lists; outside the target's rating limits the move needs a Level-3
    confirmation (`domain.sections.move_warning`, VCL4THP Q218-Q221). It waits there when the
    target is full (`domain.entries.move_status`), and its place in the section it leaves goes
    to that section's waiting list."""
    event, entry = _locked_entry(entry)
    if target.event_id != event.pk:
        raise EntryError(_("Choose a section of this event."), kind="invalid")
    try:
        check_decision(DomainStatus(entry.status))
        status = move_status(entry.section_id, selectors.section_terms(target, None))
    except EntryRefused as refusal:
        raise _refused(refusal) from None
    listed = selectors.listed_player(target, entry.fide_id) if entry.fide_id else None
    rating = listed.rating if listed is not None else entry.rating
    source = entry.section
    move = SectionMove(
        player=entry.name,
        rating=rating,
        source=source.name,
        source_paired=False,  # an entry is no player yet: no round of its own is paired
        target=target.name,
        target_paired=False,  # approved later, it joins as player_register allows
        target_limits=target.rating_limits,
    )
    require_confirmation(move_warning(move), confirmed)
    outside = not target.rating_limits.admits(rating)
    entry.section, entry.status, entry.rating = target, status.value, rating
    entry.save(update_fields=["section", "status", "rating"])
    for section, text in ((source, f"moved to {target}"), (target, f"moved from {source}")):
        audit(
            tournament=section,
            by=by,
            entity="entry",
            entity_id=entry.pk,
            new=f"{entry.name}: {text} ({entry.status})",
            note="outside the rating limits, confirmed" if outside else "",
        )
    promote_waiting(source, by)
    return entry
