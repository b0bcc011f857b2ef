"""The arbiter's prize list page (issue 33): the distribution rules, the categories and the
prizes; a player's K-factor. The prize list with its winners is a standings page
(`standings.prizes`)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from tournaments.exceptions import TournamentError
from tournaments.forms.prizes import KFactorForm, PrizeCategoryForm, PrizeForm, PrizeSettingsForm
from tournaments.http import ArbiterRequest, arbiter_required
from tournaments.models import Player, Prize, PrizeCategory, Tournament
from tournaments.selectors.prizes import prize_list
from tournaments.services.prizes import (
    player_set_k_factor,
    prize_add,
    prize_category_add,
    prize_category_delete,
    prize_delete,
    prize_settings_update,
)


def _problems(form: PrizeSettingsForm | PrizeCategoryForm | PrizeForm | KFactorForm) -> str:
    listed = [
        f"{form[name].label if name in form.fields else ''}: {' '.join(str(e) for e in errors)}"
        for name, errors in form.errors.items()
    ]
    return _("Nothing was saved. %(problems)s") % {"problems": " ".join(listed)}


def _posted_id(request: ArbiterRequest, name: str) -> int:
    """The posted row id, 0 (no row) when it is not a plain number."""
    text = request.POST.get(name, "")
    return int(text) if text.isascii() and text.isdigit() and len(text) < 10 else 0


def _back(tournament: Tournament) -> HttpResponse:
    return redirect("manage-prizes", tournament.slug)


@arbiter_required
def prizes(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The prize list's rules, categories and prizes; a POST saves the rules."""
    listed = prize_list(tournament)
    settings = listed.settings
    initial = {
        "currency": settings.currency,
        "one_per_player": settings.one_per_player,
        "choice": settings.choice,
        "sharing": settings.sharing,
        "hort_percent": settings.hort_percent,
        "age_on": settings.age_on,
    }
    form = PrizeSettingsForm(request.POST or None, initial=initial)
    if request.method == "POST":
        if not form.is_valid():
            messages.error(request, _problems(form))
        else:
            try:
                prize_settings_update(tournament=tournament, by=request.user, **form.cleaned_data)
            except TournamentError as error:
                messages.error(request, str(error))
            else:
                messages.success(request, _("The prize rules are saved."))
        return _back(tournament)
    context = {
        "tournament": tournament,
        "listed": listed,
        "settings_form": form,
        "category_form": PrizeCategoryForm(),
        "prize_form": PrizeForm(tournament_id=tournament.pk),
    }
    return render(request, "tournaments/manage/prizes.html", context)


@arbiter_required
@require_POST
def category_new(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = PrizeCategoryForm(request.POST)
    if not form.is_valid():
        messages.error(request, _problems(form))
        return _back(tournament)
    data = form.cleaned_data
    try:
        prize_category_add(
            tournament=tournament,
            by=request.user,
            name=data["name"],
            min_rating=data["min_rating"],
            max_rating=data["max_rating"],
            rating=data["rating"] or "",
            min_age=data["min_age"],
            max_age=data["max_age"],
            sex=data["sex"] or "",
            federation=data["federation"] or "",
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Category %(name)s added.") % {"name": data["name"]})
    return _back(tournament)


@arbiter_required
@require_POST
def category_delete(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    category = PrizeCategory.objects.filter(
        pk=_posted_id(request, "category"), tournament=tournament
    ).first()
    if category is None:
        messages.error(request, _("Choose a category of this tournament."))
        return _back(tournament)
    prize_category_delete(category=category, by=request.user)
    messages.success(request, _("Category %(name)s removed.") % {"name": category.name})
    return _back(tournament)


@arbiter_required
@require_POST
def prize_new(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = PrizeForm(request.POST, tournament_id=tournament.pk)
    if not form.is_valid():
        messages.error(request, _problems(form))
        return _back(tournament)
    data = form.cleaned_data
    try:
        prize_add(
            tournament=tournament,
            category=data["category"],
            amount=data["amount"],
            item=data["item"] or "",
            by=request.user,
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Prize added."))
    return _back(tournament)


@arbiter_required
@require_POST
def prize_remove(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    prize = Prize.objects.filter(pk=_posted_id(request, "prize"), tournament=tournament).first()
    if prize is None:
        messages.error(request, _("Choose a prize of this tournament."))
        return _back(tournament)
    prize_delete(prize=prize, by=request.user)
    messages.success(request, _("Prize removed."))
    return _back(tournament)


@arbiter_required
@require_POST
def player_k_factor(
    request: ArbiterRequest, tournament: Tournament, pairing_number: int
) -> HttpResponse:
    """Enter or clear the player's K-factor (FIDE B.02 8.3.3) as the rating list gives it."""
    subject = get_object_or_404(Player, tournament=tournament, pairing_number=pairing_number)
    form = KFactorForm(request.POST)
    if not form.is_valid():
        messages.error(request, _problems(form))
    else:
        try:
            player_set_k_factor(
                player=subject, k_factor=form.cleaned_data["k_factor"], by=request.user
            )
        except TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request, _("The K-factor of %(name)s is saved.") % {"name": subject.name}
            )
    return redirect("manage-player", tournament.slug, subject.pairing_number)
