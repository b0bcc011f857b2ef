"""Values the arbiter enters by hand: a round's Chess960 starting position (checklist Q222)
and a player's manual tie-break value (Q207, after a Level-4 confirmation)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.domain.chess960 import back_rank
from tournaments.domain.warnings import Confirmed
from tournaments.forms.results import Chess960Form, ManualTiebreakForm
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Player, Tournament
from tournaments.selectors import manage as selectors
from tournaments.services.chess960 import round_set_chess960_position
from tournaments.services.manual_tiebreaks import player_set_manual_tiebreak
from tournaments.views.confirming import back_to, confirmed_action


@arbiter_required
@require_POST
def round_chess960(request: ArbiterRequest, tournament: Tournament, number: int) -> HttpResponse:
    """Enter the round's Chess960 starting position in place of the drawn one."""
    rnd = selectors.round_or_404(tournament, number)
    page = reverse("manage-results", args=[tournament.slug, number])
    form = Chess960Form(request.POST)
    if not form.is_valid():
        messages.error(request, _("A Chess960 position is a number from 0 to 959."))
        return back_to(request, page)
    position = form.cleaned_data["position"]

    def enter(confirmed: Confirmed | None) -> str:
        round_set_chess960_position(rnd=rnd, position=position, by=request.user)
        return _("Round %(number)s is played from position %(position)s (%(pieces)s).") % {
            "number": number,
            "position": position,
            "pieces": back_rank(position),
        }

    return confirmed_action(request, tournament, page, enter)


@arbiter_required
@require_POST
def player_manual_tiebreak(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    """Enter, change or clear the player's manual tie-break value (Level 4 first)."""
    subject = get_object_or_404(Player, tournament=tournament, pairing_number=pairing_number)
    page = reverse("manage-player", args=[tournament.slug, pairing_number])
    form = ManualTiebreakForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, _("A manual tie-break value is a number below 100,000 with four decimals.")
        )
        return back_to(request, page)
    value = form.cleaned_data["value"]

    def enter(confirmed: Confirmed | None) -> str:
        player_set_manual_tiebreak(
            player=subject, value=value, by=request.user, confirmed=confirmed
        )
        return _("The manual tie-break of %(name)s is saved.") % {"name": subject.name}

    return confirmed_action(request, tournament, page, enter)
