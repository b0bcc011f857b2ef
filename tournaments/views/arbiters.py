"""The Arbiters page of a tournament, the invitation link a user opens to join, and sign-up.

Every arbiter sees the page; the services decide who may change the roles (the chief arbiter)
and their refusals become messages. Changes are POSTs that redirect; making an invitation
link answers the page (or, for htmx, its `invitation-link` fragment), since the link is shown
once and never stored.
"""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import TournamentError
from tournaments.http import ArbiterRequest, HtmxHttpRequest, arbiter_required, login_required
from tournaments.models import Tournament
from tournaments.services.arbiters import (
    INVITATION_VALID_FOR,
    NewInvitation,
    arbiter_hand_over,
    arbiter_invitation_accept,
    arbiter_invitation_create,
    arbiter_invitation_decline,
    arbiter_invitation_open,
    arbiter_invitation_withdraw,
    arbiter_remove,
    arbiter_team,
)
from tournaments.views.confirming import confirmed_action

PAGE = "tournaments/manage/arbiters.html"


MAX_ID = 2**31 - 1
"""The largest id a form accepts, so that no query overflows the database's integer column."""


class ArbiterChoiceForm(forms.Form):
    """The arbiter a button acts on (the service checks that they hold the right role)."""

    user = forms.IntegerField(min_value=1, max_value=MAX_ID)


class InvitationChoiceForm(forms.Form):
    """The invitation link a button acts on (the service checks that it is open)."""

    invitation = forms.IntegerField(min_value=1, max_value=MAX_ID)


def _page(
    request: ArbiterRequest, tournament: Tournament, new: NewInvitation | None = None
) -> HttpResponse:
    link = None
    if new is not None:
        path = reverse("arbiter-join", args=[tournament.slug, new.token])
        link = request.build_absolute_uri(path)
    context = {
        "tournament": tournament,
        "team": arbiter_team(tournament=tournament, viewer=request.user),
        "invitation_link": link,
        "valid_days": INVITATION_VALID_FOR.days,
    }
    template = f"{PAGE}#invitation-link" if new is not None and request.htmx else PAGE
    return render(request, template, context)


def _page_url(tournament: Tournament) -> str:
    return reverse("manage-arbiters", args=[tournament.slug])


def _back(tournament: Tournament) -> HttpResponse:
    return redirect(_page_url(tournament))


@arbiter_required
@require_safe
def arbiters(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """The chief arbiter, the deputies and the open invitation links."""
    return _page(request, tournament)


@arbiter_required
@require_POST
def invitation_new(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Make a one-time invitation link and show it once, for the chief to copy."""
    try:
        new = arbiter_invitation_create(tournament=tournament, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
        return _back(tournament)
    return _page(request, tournament, new)


@arbiter_required
@require_POST
def invitation_withdraw(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    form = InvitationChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose an open invitation link."))
        return _back(tournament)

    def withdraw(confirmed: Confirmed | None) -> str:
        arbiter_invitation_withdraw(
            tournament=tournament,
            invitation_id=form.cleaned_data["invitation"],
            by=request.user,
        )
        return _("The invitation link is withdrawn: it no longer works.")

    return confirmed_action(request, tournament, _page_url(tournament), withdraw)


@arbiter_required
@require_POST
def arbiter_delete(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Remove a deputy (the chief), or step down (a deputy, for themselves)."""
    form = ArbiterChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose a deputy arbiter."))
        return _back(tournament)
    user_id = form.cleaned_data["user"]
    oneself = user_id == request.user.pk

    def remove(confirmed: Confirmed | None) -> str:
        arbiter_remove(tournament=tournament, user_id=user_id, by=request.user)
        if oneself:
            return _("You are no longer an arbiter of %(name)s.") % {"name": tournament.name}
        return _("The deputy arbiter is removed.")

    public = reverse("tournament-detail", args=[tournament.slug])
    return confirmed_action(
        request, tournament, _page_url(tournament), remove, done_page=public if oneself else None
    )


@arbiter_required
@require_POST
def chief_hand_over(request: ArbiterRequest, tournament: Tournament) -> HttpResponse:
    """Make a deputy the chief arbiter; the former chief stays as a deputy."""
    form = ArbiterChoiceForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose the deputy arbiter who becomes chief arbiter."))
        return _back(tournament)

    def hand_over(confirmed: Confirmed | None) -> str:
        role = arbiter_hand_over(
            tournament=tournament, user_id=form.cleaned_data["user"], by=request.user
        )
        return _("%(name)s is the chief arbiter; you are a deputy.") % {
            "name": role.user.get_username()
        }

    return confirmed_action(request, tournament, _page_url(tournament), hand_over)


@login_required
@require_http_methods(["GET", "POST"])
def join(request: ArbiterRequest, slug: str, token: str) -> HttpResponse:
    """An invitation link: a logged-in user accepts it (joins as deputy) or declines it."""
    tournament = get_object_or_404(Tournament, slug=slug)
    context: dict[str, object] = {"tournament": tournament}
    try:
        if request.method == "GET":
            context["invitation"] = arbiter_invitation_open(tournament=tournament, token=token)
            return render(request, "tournaments/join.html", context)
        answer = request.POST.get("answer")
        if answer == "accept":
            arbiter_invitation_accept(tournament=tournament, token=token, by=request.user)
            messages.success(
                request, _("You are a deputy arbiter of %(name)s.") % {"name": tournament.name}
            )
            return redirect("manage-dashboard", tournament.slug)
        if answer == "decline":
            arbiter_invitation_decline(tournament=tournament, token=token, by=request.user)
            messages.info(
                request,
                _("You declined the invitation to arbitrate %(name)s.") % {"name": tournament.name},
            )
            return redirect("tournament-detail", tournament.slug)
        error = _("Accept or decline the invitation.")
    except TournamentError as refused:
        error = str(refused)
    context["error"] = error
    return render(request, "tournaments/join.html", context, status=400)


@require_http_methods(["GET", "POST"])
def signup(request: HtmxHttpRequest) -> HttpResponse:
    """Create an account (arbiters need one), log it in, and go on to `next` if it is ours."""
    next_url = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(
        next_url, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        next_url = ""
    data = request.POST if request.method == "POST" else None
    form: UserCreationForm[User] = UserCreationForm(data)
    if form.is_bound and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            _("Welcome, %(name)s: your account is ready.") % {"name": user.get_username()},
        )
        return HttpResponseRedirect(next_url) if next_url else redirect("home")
    status = 400 if form.errors else 200
    context = {"form": form, "next": next_url}
    return render(request, "registration/signup.html", context, status=status)
