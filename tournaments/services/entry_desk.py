"""The entry desk's settings and the entry fees (issue 32): the organiser opens the public form
between two times with optional questions, sets each section's cap and fee, and records each
entry's fee (due, paid and how, or waived). Each locks the event row and is audited in the
section's trail (the desk's settings in the event's: `event_audit`)."""

from __future__ import annotations

import datetime

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.entries import FeeRefused, FeeStatus, check_fee
from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.exceptions import EntryError
from tournaments.models import Event, Tournament
from tournaments.models.entries import MAX_QUESTIONS, Entry, EntryDesk, SectionEntryTerms
from tournaments.services.base import audit
from tournaments.services.entries import promote_waiting
from tournaments.services.events import event_audit, lock_event
from tournaments.translation import refusal_text

MAX_FEE = 10_000_000
"""The largest entry fee in cents (a hundred thousand in a currency of cents)."""


def _question_problem(question: str) -> str | None:
    if not question or len(question) > 60:
        return _("A question is 1 to 60 characters long.")
    if control_characters(question) or starts_like_a_formula(question):
        return _("A question is plain text on one line, not starting with =, +, - or @.")
    return None


@transaction.atomic
def entry_desk_update(
    *,
    event: Event,
    opens_at: datetime.datetime | None,
    closes_at: datetime.datetime | None,
    questions: list[str],
    currency: str,
    by: User,
) -> EntryDesk:
    """Open the event's entry form from `opens_at` until `closes_at` (either empty: no bound;
    no opening time: closed), with the organiser's optional questions."""
    event = lock_event(event.pk)
    if opens_at is not None and closes_at is not None and closes_at <= opens_at:
        raise EntryError(_("The form closes after it opens."), kind="invalid")
    kept = list(dict.fromkeys(" ".join(question.split()) for question in questions if question))
    if len(kept) > MAX_QUESTIONS:
        raise EntryError(
            _("At most %(count)s questions.") % {"count": MAX_QUESTIONS}, kind="invalid"
        )
    for question in kept:
        if problem := _question_problem(question):
            raise EntryError(problem, kind="invalid")
    currency = currency.strip().upper()
    if len(currency) != 3 or not currency.isalpha():
        raise EntryError(_("A currency is a three-letter code, such as EUR."), kind="invalid")
    desk, _created = EntryDesk.objects.get_or_create(event=event)
    old = f"{desk.opens_at} - {desk.closes_at}, {desk.questions}, {desk.currency}"
    desk.opens_at, desk.closes_at = opens_at, closes_at
    desk.questions, desk.currency = kept, currency
    desk.save()
    event_audit(
        event=event,
        by=by,
        entity="entry_desk",
        entity_id=desk.pk,
        old=old,
        new=f"{opens_at} - {closes_at}, {kept}, {currency}",
    )
    return desk


@transaction.atomic
def section_entry_terms_update(
    *, section: Tournament, cap: int | None, fee: int, by: User
) -> SectionEntryTerms:
    """Set a section's cap (None: none) and fee (cents); a higher cap gives its new places to
    the waiting list, first come first served. A cap below the places already taken leaves
    those entries as they are: new ones wait."""
    if section.event_id is None:
        raise EntryError(_("Only a section of an event takes online entries."), kind="invalid")
    lock_event(section.event_id)
    if cap is not None and cap < 1:
        raise EntryError(_("A cap is 1 or more, or empty for none."), kind="invalid")
    if not 0 <= fee <= MAX_FEE:
        raise EntryError(_("The fee is 0 or more."), kind="invalid")
    terms, _created = SectionEntryTerms.objects.get_or_create(section=section)
    old = f"cap {terms.cap}, fee {terms.fee}"
    terms.cap, terms.fee = cap, fee
    terms.save()
    audit(
        tournament=section,
        by=by,
        entity="entry_terms",
        entity_id=terms.pk,
        old=old,
        new=f"cap {cap}, fee {fee}",
    )
    promote_waiting(section, by)
    return terms


@transaction.atomic
def entry_record_fee(
    *, entry: Entry, status: str, amount: int, method: str, note: str, by: User
) -> Entry:
    """Record an entry's fee: due (the amount owed), paid (the amount and how) or waived
    (nothing owed). Amounts in cents (`domain.entries.check_fee`)."""
    lock_event(entry.event_id)
    entry = Entry.objects.select_related("section").get(pk=entry.pk)
    if status not in {each.value for each in FeeStatus}:
        raise EntryError(_("Choose due, paid or waived."), kind="invalid")
    fee_status = FeeStatus(status)
    method, note = method.strip(), note.strip()
    if fee_status is FeeStatus.WAIVED:
        amount = 0
    for text in (method, note):
        if control_characters(text) or starts_like_a_formula(text):
            raise EntryError(
                _("Write the payment's details as plain text on one line."), kind="invalid"
            )
    try:
        check_fee(fee_status, amount, method)
    except FeeRefused as refusal:
        raise EntryError(refusal_text(refusal), kind="invalid") from None
    if amount > MAX_FEE:
        raise EntryError(_("The fee is 0 or more."), kind="invalid")
    old = f"{entry.fee_status} {entry.fee_amount} {entry.fee_method}".strip()
    entry.fee_status, entry.fee_amount = fee_status.value, amount
    entry.fee_method, entry.fee_note = method[:60], note[:200]
    entry.save(update_fields=["fee_status", "fee_amount", "fee_method", "fee_note"])
    audit(
        tournament=entry.section,
        by=by,
        entity="entry_fee",
        entity_id=entry.pk,
        old=old,
        new=f"{entry.fee_status} {entry.fee_amount} {entry.fee_method}".strip(),
        note=entry.name,
    )
    return entry
