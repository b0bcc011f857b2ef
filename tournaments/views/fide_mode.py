"""FIDE mode's page under `/t/<slug>/manage/fide-mode/`: what it means, the events recorded for
the report, and the one way out (Level 4, final; VCL4THP Q40-Q46)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.domain.warnings import Confirmed
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Tournament
from tournaments.selectors import integrity
from tournaments.services.fide_mode import tournament_leave_fide_mode
from tournaments.views.confirming import Done, confirmed_action


@arbiter_required
@require_safe
def fide_mode(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The tournament's mode, its recorded integrity events (those that stand: an undone one
    is only in the integrity log), and the button to leave."""
    context = {"tournament": tournament, "events": integrity.standing_events(tournament)}
    return render(request, "tournaments/manage/fide_mode.html", context)


@arbiter_required
@require_POST
def fide_mode_leave(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Leave FIDE mode for good, after a two-step confirmation."""

    def leave(confirmed: Confirmed | None) -> Done:
        tournament_leave_fide_mode(tournament=tournament, by=request.user, confirmed=confirmed)
        return Done(_("The tournament has left FIDE mode, for good."), messages.WARNING)

    page = reverse("manage-fide-mode", args=[tournament.slug])
    return confirmed_action(request, tournament, page, leave)
