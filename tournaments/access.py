"""Who may change a tournament: its assigned arbiters (and superusers); everyone else reads.

Views of every app use `arbiter_required` so the rule lives in one place.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Concatenate, ParamSpec, cast

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from tournaments.models import Tournament

P = ParamSpec("P")


def user_can_arbitrate(user: AbstractBaseUser | AnonymousUser, tournament: Tournament) -> bool:
    """Whether `user` is one of the tournament's arbiters (or a superuser)."""
    if not user.is_authenticated:
        return False
    if getattr(user, "is_superuser", False):
        return True
    return tournament.arbiters.filter(pk=user.pk).exists()


def arbiter_required(
    view: Callable[Concatenate[HttpRequest, Tournament, P], HttpResponse],
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
        return view(request, tournament, *args, **kwargs)

    # functools.wraps types the wrapper as the wrapped view; its real signature is the declared one.
    return cast(Callable[Concatenate[HttpRequest, str, P], HttpResponse], wrapper)
