"""A player's ratings per round in a tournament over 30 days (C.07 10; VCL Q212-Q213)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.domain.warnings import Confirmed
from tournaments.forms.players import PlayerRatingForm
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Player, Tournament
from tournaments.services.ratings import player_rating_set
from tournaments.views.confirming import back_to, confirmed_action


@arbiter_required
@require_POST
def player_rating(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    """Record or remove the player's rating from a round on; the outcome, or what was wrong,
    is the message on the player page (nothing saved then)."""
    subject = get_object_or_404(Player, tournament=tournament, pairing_number=pairing_number)
    page = reverse("manage-player", args=[tournament.slug, subject.pairing_number])
    form = PlayerRatingForm(request.POST)
    if not form.is_valid():
        problems = [
            f"{form[name].label}: {' '.join(str(error) for error in errors)}"
            for name, errors in form.errors.items()
        ]
        messages.error(
            request, _("Nothing was saved. %(problems)s") % {"problems": " ".join(problems)}
        )
        return back_to(request, page)
    from_round, rating = form.cleaned_data["from_round"], form.cleaned_data["rating"]

    def rate(confirmed: Confirmed | None) -> str:
        player_rating_set(player=subject, from_round=from_round, rating=rating, by=request.user)
        if rating is not None:
            done = _("%(name)s rated %(rating)s from round %(number)s.")
        else:
            done = _("%(name)s no longer has a rating from round %(number)s.")
        return done % {"name": subject.name, "rating": rating, "number": from_round}

    return confirmed_action(request, tournament, page, rate)
