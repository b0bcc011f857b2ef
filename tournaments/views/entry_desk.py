"""The event's entry desk (issue 32): the arbiters' queue (approve, refuse, move an entry), the
organisers' settings (the form's window and questions, each section's cap and fee) and the
treasurer's list of fees with its CSV. Posts name the entry by its id; an entry of another
event is not found."""

from __future__ import annotations

import csv

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST, require_safe

from tournaments.domain.text import spreadsheet_safe
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import EntryError
from tournaments.forms.entries import EntryDeskForm, EntryFeeForm, SectionTermsForm
from tournaments.http import ArbiterRequest, event_arbiter_required, event_organiser_required
from tournaments.models import Event, Tournament
from tournaments.models.entries import Entry
from tournaments.selectors import entries as selectors
from tournaments.services.entries import entry_approve, entry_move, entry_refuse
from tournaments.services.entry_desk import (
    entry_desk_update,
    entry_record_fee,
    section_entry_terms_update,
)
from tournaments.views.confirming import confirmed_action


def _posted_id(request: ArbiterRequest, name: str) -> int:
    text = request.POST.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 0


def _posted_entry(request: ArbiterRequest, event: Event) -> Entry | None:
    return Entry.objects.filter(pk=_posted_id(request, "entry"), event=event).first()


def _problems(form: EntryDeskForm | SectionTermsForm | EntryFeeForm) -> str:
    listed = [
        f"{form[name].label if name in form.fields else ''}: {' '.join(str(e) for e in errors)}"
        for name, errors in form.errors.items()
    ]
    return _("Nothing was saved. %(problems)s") % {"problems": " ".join(listed)}


@require_safe
@event_arbiter_required
def entry_queue(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Every section's entries in order of arrival, with the arbiter's actions."""
    context = {
        "event": event,
        "queue": selectors.entry_queue(event),
        "sections": selectors.sections(event),
        "desk": selectors.entry_desk(event),
    }
    return render(request, "tournaments/entries/queue.html", context)


@require_POST
@event_arbiter_required
def entry_decide(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Approve (register the player) or refuse the posted entry."""
    entry = _posted_entry(request, event)
    action = request.POST.get("action", "")
    if entry is None or action not in {"approve", "refuse"}:
        messages.error(request, _("Choose an entry of this event, and approve or refuse it."))
        return redirect("event-entry-queue", event.slug)
    try:
        if action == "approve":
            entry = entry_approve(entry=entry, by=request.user)
            text = _("%(name)s is registered in %(section)s.")
        else:
            entry = entry_refuse(entry=entry, by=request.user)
            text = _("The entry of %(name)s to %(section)s is refused.")
    except EntryError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, text % {"name": entry.name, "section": entry.section.name})
    return redirect("event-entry-queue", event.slug)


@require_POST
@event_arbiter_required
def entry_move_view(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Move the posted entry to another section of the event; outside that section's rating
    limits, after the arbiter's Level-3 confirmation (the dialog of `confirmed_action`)."""
    entry = _posted_entry(request, event)
    target = Tournament.objects.filter(pk=_posted_id(request, "section"), event=event).first()
    page = reverse("event-entry-queue", args=[event.slug])
    if entry is None or target is None:
        messages.error(request, _("Choose an entry and a section of this event."))
        return redirect(page)

    def move(confirmed: Confirmed | None) -> str:
        moved = entry_move(entry=entry, target=target, by=request.user, confirmed=confirmed)
        text = (
            _("%(name)s moved to %(section)s, on its waiting list.")
            if moved.status == "waiting"
            else _("%(name)s moved to %(section)s.")
        )
        return text % {"name": moved.name, "section": target.name}

    return confirmed_action(request, target, page, move)


@event_organiser_required
def entry_desk(request: ArbiterRequest, event: Event) -> HttpResponse:
    """The form's window, questions and currency; each section's cap and fee."""
    desk = selectors.entry_desk(event)
    initial = {
        "opens_at": timezone.localtime(desk.opens_at) if desk and desk.opens_at else None,
        "closes_at": timezone.localtime(desk.closes_at) if desk and desk.closes_at else None,
        "questions": "\n".join(desk.questions) if desk else "",
        "currency": desk.currency if desk else "EUR",
    }
    form = EntryDeskForm(request.POST or None, initial=initial)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, _problems(form))
        else:
            data = form.cleaned_data
            try:
                entry_desk_update(
                    event=event,
                    opens_at=data["opens_at"],
                    closes_at=data["closes_at"],
                    questions=form.question_list(),
                    currency=data["currency"],
                    by=request.user,
                )
            except EntryError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("The entry form's settings are saved."))
        return redirect("event-entry-desk", event.slug)
    currency = desk.currency if desk else "EUR"
    queue = selectors.entry_queue(event)
    terms = [
        (
            section_queue,
            SectionTermsForm(
                initial={
                    "cap": section_queue.cap,
                    "fee": f"{section_queue.fee / 100:.2f}" if section_queue.fee else "",
                },
                prefix=f"s{section_queue.section.pk}",
            ),
        )
        for section_queue in queue
    ]
    context = {"event": event, "form": form, "terms": terms, "currency": currency}
    return render(request, "tournaments/entries/desk.html", context)


@require_POST
@event_organiser_required
def section_terms(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Save one section's cap and fee."""
    section = Tournament.objects.filter(pk=_posted_id(request, "section"), event=event).first()
    if section is None:
        messages.error(request, _("Choose a section of this event."))
        return redirect("event-entry-desk", event.slug)
    form = SectionTermsForm(request.POST, prefix=f"s{section.pk}")
    if not form.is_valid():
        messages.error(request, _problems(form))
        return redirect("event-entry-desk", event.slug)
    try:
        section_entry_terms_update(
            section=section,
            cap=form.cleaned_data["cap"],
            fee=form.cleaned_data["fee"],
            by=request.user,
        )
    except EntryError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("%(section)s: cap and fee saved.") % {"section": section.name})
    return redirect("event-entry-desk", event.slug)


@event_organiser_required
def entry_fees(request: ArbiterRequest, event: Event) -> HttpResponse:
    """The treasurer's list: every entry's fee; a POST records one."""
    if request.method == "POST":
        entry = _posted_entry(request, event)
        form = EntryFeeForm(request.POST)
        if entry is None:
            messages.error(request, _("Choose an entry of this event."))
        elif not form.is_valid():
            messages.error(request, _problems(form))
        else:
            data = form.cleaned_data
            try:
                entry_record_fee(
                    entry=entry,
                    status=data["fee_status"],
                    amount=data["amount"],
                    method=data["method"],
                    note=data["note"],
                    by=request.user,
                )
            except EntryError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("Fee of %(name)s recorded.") % {"name": entry.name})
        return redirect("event-entry-fees", event.slug)
    desk = selectors.entry_desk(event)
    entries = selectors.fee_entries(event)
    context = {
        "event": event,
        "entries": entries,
        "totals": selectors.fee_totals(entries),
        "currency": desk.currency if desk else "EUR",
    }
    return render(request, "tournaments/entries/fees.html", context)


@require_safe
@event_organiser_required
def entry_fees_csv(request: ArbiterRequest, event: Event) -> HttpResponse:
    """The treasurer's CSV: one line an entry; cells a spreadsheet would run as formulas are
    escaped (`spreadsheet_safe`, OWASP), as in the project's other CSVs."""
    desk = selectors.entry_desk(event)
    currency = desk.currency if desk else "EUR"
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-entry-fees.csv"'
    writer = csv.writer(response)
    header = (
        _("Section"),
        _("Name"),
        _("FIDE ID"),
        pgettext("federation", "Fed"),
        _("Entry status"),
        _("Fee"),
        _("Amount"),
        _("Cents"),
        _("Currency"),
        _("Paid by"),
        _("Note"),
        _("E-mail"),
    )
    writer.writerow([spreadsheet_safe(str(cell)) for cell in header])
    for entry in selectors.fee_entries(event):
        row = (
            entry.section.name,
            entry.name,
            entry.fide_id,
            entry.federation,
            entry.get_status_display(),
            entry.get_fee_status_display(),
            entry.fee_text,
            entry.fee_amount,
            currency,
            entry.fee_method,
            entry.fee_note,
            entry.email,
        )
        writer.writerow([spreadsheet_safe(str(cell)) for cell in row])
    return response
