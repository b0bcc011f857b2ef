"""The public side of online entries (issue 32): the event's entry form and its entry list.

No login. The form's posts are rate limited per address and per e-mail address
(`config.rate_limits`, scope "entry", given in config/urls.py); a post the rules refuse shows
the form again with the reason, saving nothing. No e-mail address reaches these pages.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from tournaments.domain.entries import Entrant as DomainEntrant
from tournaments.domain.entries import SectionTerms, fide_entry_deadline
from tournaments.exceptions import EntryError
from tournaments.forms.entries import EntryForm, FideIdForm
from tournaments.http import HtmxHttpRequest
from tournaments.models import Event, Tournament
from tournaments.selectors import entries as selectors
from tournaments.services.entries import EntryData, entry_submit


@dataclass(frozen=True, slots=True)
class SectionChoice:
    """A section as the form shows it: its rating for the player, whether its limits admit
    them, and why not (full: the entry waits; the FIDE deadline passed)."""

    section: Tournament
    terms: SectionTerms
    rating: int
    admitted: bool
    deadline_passed: bool

    @property
    def full(self) -> bool:
        return self.terms.cap is not None and self.terms.places_taken >= self.terms.cap

    @property
    def open(self) -> bool:
        return self.admitted and not self.deadline_passed


def _choices(
    event: Event, fide_id: str
) -> tuple[selectors.ListedPlayer | None, list[SectionChoice]]:
    """The player found on the lists (None: not found or no FIDE ID) and every section."""
    desk = selectors.entry_desk(event)
    now = timezone.localtime()
    found: selectors.ListedPlayer | None = None
    choices = []
    for section in selectors.sections(event):
        listed = selectors.listed_player(section, fide_id) if fide_id else None
        found = found or listed
        rating = listed.rating if listed is not None else 0
        terms = selectors.section_terms(section, desk)
        entrant = DomainEntrant(
            fide_id=fide_id,
            name="",
            birth_year=None,
            rating=rating,
            female=listed is not None and listed.sex == "w",
        )
        deadline = fide_entry_deadline(entrant, terms)
        choices.append(
            SectionChoice(
                section=section,
                terms=terms,
                rating=rating,
                admitted=terms.limits.admits(rating),
                deadline_passed=deadline is not None and now.date() > deadline,
            )
        )
    return found, choices


def _label(choice: SectionChoice) -> str:
    if choice.full:
        return _("%(section)s (full: waiting list)") % {"section": choice.section.name}
    return choice.section.name


def _form_open(event: Event) -> tuple[bool, object]:
    desk = selectors.entry_desk(event)
    now = timezone.now()
    if desk is None or desk.opens_at is None or now < desk.opens_at:
        return False, desk
    return (desk.closes_at is None or now < desk.closes_at), desk


@require_http_methods(["GET", "HEAD", "POST"])
def entry_form(request: HtmxHttpRequest, event_slug: str) -> HttpResponse:
    """The event's entry form: a FIDE ID looked up on the lists each section uses (identity and
    rating from the list), else a typed identity (unrated); the sections the rating allows; the
    e-mail; the organiser's questions."""
    event = get_object_or_404(Event, slug=event_slug)
    is_open, desk = _form_open(event)
    questions = list(getattr(desk, "questions", []) or [])
    source = request.POST if request.method == "POST" else request.GET
    lookup = FideIdForm(source, auto_id="lookup_%s")
    fide_id = lookup.cleaned_data["fide_id"] if lookup.is_valid() else ""
    listed, choices = _choices(event, fide_id)
    if request.method == "POST":
        # every section is a valid choice: the rules say why one does not admit the player
        offered = [(choice.section.pk, _label(choice)) for choice in choices]
    else:
        offered = [(choice.section.pk, _label(choice)) for choice in choices if choice.open]
    form = EntryForm(
        request.POST if request.method == "POST" else None,
        initial={"fide_id": fide_id},
        sections=offered,
        questions=questions,
        listed=listed is not None,
    )
    status = 200
    if request.method == "POST" and not is_open:
        messages.error(request, _("The entry form of %(event)s is closed.") % {"event": event.name})
        status = 409
    elif request.method == "POST" and not form.is_valid():
        status = 400
    elif request.method == "POST":
        data = form.cleaned_data
        try:
            entry = entry_submit(
                event=event,
                data=EntryData(
                    section_id=data["section"],
                    email=data["email"],
                    fide_id=fide_id,
                    name=data.get("name") or "",
                    sex=data.get("sex") or "",
                    birth_year=data.get("birth_year"),
                    federation=data.get("federation") or "",
                    answers=form.answers(),
                ),
            )
        except EntryError as error:
            messages.error(request, str(error))
            status = 409
        else:
            text = (
                _(
                    "Entry received: %(name)s, %(section)s. The section is full: the entry is on "
                    "its waiting list. A confirmation is on its way to your e-mail."
                )
                if entry.status == "waiting"
                else _(
                    "Entry received: %(name)s, %(section)s. The arbiter checks it; a "
                    "confirmation is on its way to your e-mail."
                )
            )
            messages.success(request, text % {"name": entry.name, "section": entry.section.name})
            return redirect("event-entries", event.slug)
    context = {
        "event": event,
        "desk": desk,
        "is_open": is_open,
        "lookup": lookup,
        "fide_id": fide_id,
        "listed": listed,
        "choices": choices,
        "form": form,
        "open_choices": [choice for choice in choices if choice.open],
    }
    return render(request, "tournaments/entries/form.html", context, status=status)


@require_safe
def event_entries(request: HtmxHttpRequest, event_slug: str) -> HttpResponse:
    """The public entry list: each section's entries (name, title, federation, rating,
    status), sortable by rating, name or federation (`?sort=`). No e-mail address."""
    event = get_object_or_404(Event, slug=event_slug)
    sort = request.GET.get("sort", "rating")
    if sort not in selectors.PUBLIC_SORTS:
        sort = "rating"
    context = {
        "event": event,
        "sort": sort,
        "sorts": [("rating", _("Rating")), ("name", _("Name")), ("federation", _("Federation"))],
        "listed": selectors.public_entries(event, sort),
        "is_open": _form_open(event)[0],
    }
    return render(request, "tournaments/entries/list.html", context)
