"""A tournament's FIDE lists on its players page: the sequence of lists (VCL Q123-Q126), the
differences from the lists with a preview of the update of chosen players (Q133, Q142-Q144)
and the warning when a list is not the one valid at the start (Q135, Q141)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST, require_safe

from tournaments.domain.ratinglists.sequence import MAX_STEPS, ListSource
from tournaments.domain.warnings import Confirmed
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Tournament
from tournaments.selectors.ratingsources import (
    list_differences,
    lists_in_force,
    rating_sequence,
    stale_lists,
)
from tournaments.selectors.state import paired_from
from tournaments.services.ratingsources import (
    players_update_from_list,
    tournament_set_rating_sequence,
)
from tournaments.views.confirming import confirmed_action

SOURCE_LABELS = {
    ListSource.FIDE_STANDARD: _("FIDE standard"),
    ListSource.FIDE_RAPID: _("FIDE rapid"),
    ListSource.FIDE_BLITZ: _("FIDE blitz"),
    ListSource.EFFECTIVE_RAPID: _("Effective rapid (rapid, else standard)"),
    ListSource.EFFECTIVE_BLITZ: _("Effective blitz (blitz, else standard)"),
}


_CHOICES = [("", "—"), *((source.value, label) for source, label in SOURCE_LABELS.items())]


class RatingSequenceForm(forms.Form):
    """The lists in order (`MAX_STEPS` at most); a step left empty is excluded."""

    list_1 = forms.ChoiceField(label=_("1st list"), choices=_CHOICES)
    list_2 = forms.ChoiceField(label=_("2nd list"), choices=_CHOICES, required=False)
    list_3 = forms.ChoiceField(label=_("3rd list"), choices=_CHOICES, required=False)
    list_4 = forms.ChoiceField(label=_("4th list"), choices=_CHOICES, required=False)
    check = forms.BooleanField(
        label=_("Compare the players with the lists"),
        required=False,
        help_text=_("Off: no differences are listed nor updated (VCL4THP Q138)."),
    )

    @classmethod
    def for_tournament(cls, tournament: Tournament) -> RatingSequenceForm:
        sequence = rating_sequence(tournament)
        initial: dict[str, object] = {f"list_{n}": s.value for n, s in enumerate(sequence, start=1)}
        return cls(initial={**initial, "check": tournament.list_check})

    def sources(self) -> list[str]:
        return [self.cleaned_data[f"list_{step}"] for step in range(1, MAX_STEPS + 1)]


def lists_context(tournament: Tournament) -> dict[str, object]:
    """What the players page shows of the tournament's lists: the sequence and its form, the
    lists in force with a warning for those not valid at the start, and the differences."""
    return {
        "sequence_labels": [SOURCE_LABELS[source] for source in rating_sequence(tournament)],
        "sequence_form": RatingSequenceForm.for_tournament(tournament),
        "lists_in_force": sorted(
            set(lists_in_force(tournament).values()), key=lambda found: found.kind
        ),
        "stale_lists": stale_lists(tournament),
        "list_differences": list_differences(tournament) if tournament.list_check else [],
        "round_one_paired": paired_from(tournament, 1),
    }


@arbiter_required
@require_POST
def rating_sequence_update(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Set the sequence of lists (Q124, Q126)."""
    form = RatingSequenceForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose the first list of the sequence."))
        return redirect("manage-players", tournament.slug)

    def set_sequence(confirmed: Confirmed | None) -> str:
        tournament_set_rating_sequence(
            tournament=tournament,
            sources=form.sources(),
            by=request.user,
            check=form.cleaned_data["check"],
        )
        return gettext("The sequence of rating lists is saved.")

    page = reverse("manage-players", args=[tournament.slug])
    return confirmed_action(request, tournament, page, set_sequence)


def _chosen(values: list[str]) -> set[int]:
    return {int(value) for value in values if value.isascii() and value.isdigit()}


@arbiter_required
@require_safe
def update_preview(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """What the update would change for the chosen players (all who differ when the request
    names none; none when the boxes were all left unticked), before anything changes (Q142,
    Q144)."""
    chosen = _chosen(request.GET.getlist("player"))
    ticked = "ticked" in request.GET  # from the differences' boxes: none ticked, none chosen
    differences = [
        difference
        for difference in (list_differences(tournament) if tournament.list_check else [])
        if difference.player.pk in chosen or not (chosen or ticked)
    ]
    context = {
        "tournament": tournament,
        "differences": differences,
        "stale_lists": stale_lists(tournament),
        "round_one_paired": paired_from(tournament, 1),
    }
    return render(request, "tournaments/ratinglists/update_preview.html", context)


@arbiter_required
@require_POST
def update_from_list(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Update the chosen players from the lists (all who differ when none is chosen); after
    round 1 the service asks a Level-3 confirmation first."""
    page = reverse("manage-players", args=[tournament.slug])
    chosen = _chosen(request.POST.getlist("player")) or None

    def update(confirmed: Confirmed | None) -> str:
        count = players_update_from_list(
            tournament=tournament, by=request.user, players=chosen, confirmed=confirmed
        )
        return gettext("%(count)s players updated from the rating lists.") % {"count": count}

    return confirmed_action(request, tournament, page, update)
