"""The integrity log under `/t/<slug>/manage/events/`: every pairing-integrity event with its
`###` line, and "Undo the last event" from its snapshot after a Level-3 confirmation
(VCL4THP Q112-Q115, Q217)."""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import UndoRefused
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import IntegrityEvent, Tournament
from tournaments.selectors.integrity import integrity_log
from tournaments.services.integrity import integrity_event_undo
from tournaments.views.confirming import confirmed_action


@arbiter_required
@require_safe
def events(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The events in the order they happened: `###` line, who, when, undone or not."""
    context = {"tournament": tournament, "log": integrity_log(tournament)}
    return render(request, "tournaments/manage/events.html", context)


@arbiter_required
@require_POST
def event_undo(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Undo the event posted as `event` (the last one standing), after a Level-3 confirmation."""
    page = reverse("manage-events", args=[tournament.slug])
    posted = request.POST.get("event", "")
    event = (
        IntegrityEvent.objects.filter(tournament=tournament, pk=int(posted)).first()
        if posted.isascii() and posted.isdigit() and len(posted) <= 18
        else None
    )

    def undo(confirmed: Confirmed | None) -> str:
        if event is None:
            raise UndoRefused(_("There is no such event in this tournament."))
        undone = integrity_event_undo(event=event, by=request.user, confirmed=confirmed)
        return f"Undone: {undone.details}"

    return confirmed_action(request, tournament, page, undo)
