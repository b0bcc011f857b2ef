"""The request types every view is written against, and who may do what.

Who may change a tournament: the users holding a role in it (`TournamentRole`: its chief
arbiter and deputies); everyone else reads. Superusers get no exception: the site's operator
is not an arbiter (in FIDE mode every change is an arbiter's, recorded under their name) and
takes a role like anyone else. Federation officers (staff accounts) read every tournament's
exports. Views of every app use `arbiter_required` and `officer_required`, so the rule lives
in one place, and they are typed with `HtmxHttpRequest` (public pages) or `ArbiterRequest` (a
logged-in arbiter), so no view casts its request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, cast

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django_htmx.middleware import HtmxDetails

from tournaments.models import Tournament, TournamentRole

P = ParamSpec("P")


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (every request does)."""

    htmx: HtmxDetails


class ArbiterRequest(HtmxHttpRequest):
    """A request of a logged-in user whom `arbiter_required` or `officer_required` let in."""

    user: User


def user_can_arbitrate(user: AbstractBaseUser | AnonymousUser, tournament: Tournament) -> bool:
    """Whether `user` is the tournament's chief arbiter or one of its deputies.

    Being a superuser or staff grants nothing here (see the module's docstring); who manages
    the roles themselves is the services' rule (`tournaments.services.arbiters`).
    """
    if not user.is_authenticated:
        return False
    return TournamentRole.objects.filter(tournament=tournament, user_id=user.pk).exists()


def user_is_officer(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether `user` is a federation officer: a staff account, who reads every export."""
    return bool(user.is_authenticated and getattr(user, "is_staff", False))


def arbiter_required(
    view: Callable[Concatenate[ArbiterRequest, Tournament, P], HttpResponse],
) -> Callable[Concatenate[HttpRequest, str, P], HttpResponse]:
    """Resolve `slug` to the tournament and let only its arbiters through.

    Anonymous users are sent to the login page; logged-in users who are not arbiters of this
    tournament get a 403 page that says so.
    """

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user_can_arbitrate(request.user, tournament):
            return render(request, "403.html", {"tournament": tournament}, status=403)
        return view(cast(ArbiterRequest, request), tournament, *args, **kwargs)

    # functools.wraps types the wrapper as the wrapped view; its real signature is the declared one.
    return cast(Callable[Concatenate[HttpRequest, str, P], HttpResponse], wrapper)


def login_required(
    view: Callable[Concatenate[ArbiterRequest, P], HttpResponse],
) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
    """Let any logged-in user through (to create a tournament); others go to the login page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(cast(ArbiterRequest, request), *args, **kwargs)

    return cast(Callable[Concatenate[HttpRequest, P], HttpResponse], wrapper)


def officer_required(
    view: Callable[Concatenate[ArbiterRequest, P], HttpResponse],
) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
    """Let only federation officers (staff) through: others log in, or get a 403 page."""

    @wraps(view)
    def wrapper(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user_is_officer(request.user):
            reason = (
                "Only federation officers (staff accounts) see the exports of every tournament."
            )
            return render(request, "403.html", {"reason": reason}, status=403)
        return view(cast(ArbiterRequest, request), *args, **kwargs)

    return cast(Callable[Concatenate[HttpRequest, P], HttpResponse], wrapper)
