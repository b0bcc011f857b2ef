"""The request types every view is written against, and who may do what.

Who may change a tournament: the users holding a role in it (`TournamentRole`: its chief
arbiter and deputies) or an arbiter's role in the event it is a section of (`EventRole`);
everyone else reads. An event's own pages: its organisers and arbiters (`event_*_required`).
Superusers get no exception: the site's operator is not an arbiter (in FIDE mode every change
is an arbiter's, recorded under their name) and takes a role like anyone else. Who reads a
tournament's reports (TRF, PDFs, CSV for filing): its arbiters, the officers of its federation
(`FederationOfficer`, any organiser's tournament), and staff accounts (every tournament);
officers change nothing. Views of every app use `arbiter_required`, `reports_required`,
`officer_required` and `staff_required`, so the rule lives in one place, and they are typed
with `HtmxHttpRequest` (public pages) or `ArbiterRequest` (a logged-in user), so no view casts
its request.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import TYPE_CHECKING, Concatenate, ParamSpec, cast

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.contrib.auth.views import redirect_to_login
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django_htmx.middleware import HtmxDetails

from tournaments.models import (
    ARBITER_KINDS,
    Event,
    EventRole,
    EventRoleKind,
    FederationOfficer,
    Tournament,
)

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

P = ParamSpec("P")


class HtmxHttpRequest(HttpRequest):
    """A request that went through django-htmx's middleware (every request does)."""

    htmx: HtmxDetails


class ArbiterRequest(HtmxHttpRequest):
    """A request of a logged-in user whom `arbiter_required` or `officer_required` let in."""

    user: User


def public_url(request: HttpRequest, path: str) -> str:
    """The address of `path` as players are told it (QR codes, printed sheets): under the
    hall's address (`PUBLIC_ADDRESS`, `swiss-arbiter hall --lan`) when there is one, not the one
    the arbiter's own browser used (127.0.0.1 on the hall's laptop); else the request's."""
    if settings.PUBLIC_ADDRESS:
        return f"{settings.PUBLIC_ADDRESS}{path}"
    return request.build_absolute_uri(path)


def user_can_arbitrate(user: AbstractBaseUser | AnonymousUser, tournament: Tournament) -> bool:
    """Whether `user` is the tournament's chief arbiter or one of its deputies, or an arbiter of
    the event it is a section of (`EventRole`, issue 32): one query.

    Being a superuser or staff grants nothing here (see the module's docstring); who manages
    the roles themselves is the services' rule (`tournaments.services.arbiters`).
    """
    if not user.is_authenticated:
        return False
    in_event = Q(event__roles__user_id=user.pk, event__roles__role__in=ARBITER_KINDS)
    return (
        Tournament.objects.filter(pk=tournament.pk)
        .filter(Q(roles__user_id=user.pk) | in_event)
        .exists()
    )


def user_event_roles(user: AbstractBaseUser | AnonymousUser, event: Event) -> frozenset[str]:
    """The roles `user` holds in `event` (`EventRoleKind` values; none for anonymous users)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(
        EventRole.objects.filter(event=event, user_id=user.pk).values_list("role", flat=True)
    )


def user_arbitrates_event(user: AbstractBaseUser | AnonymousUser, event: Event) -> bool:
    """Whether `user` is the event's chief arbiter or one of its deputies (every section)."""
    return bool(user_event_roles(user, event) & set(ARBITER_KINDS))


def user_organises_event(user: AbstractBaseUser | AnonymousUser, event: Event) -> bool:
    """Whether `user` is one of the event's organisers."""
    return EventRoleKind.ORGANISER in user_event_roles(user, event)


def user_is_staff(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether `user` is a staff account: the site's operators, who read every report."""
    return bool(user.is_authenticated and getattr(user, "is_staff", False))


def user_federations(user: AbstractBaseUser | AnonymousUser) -> list[str]:
    """The federation codes `user` is an officer of (none for anonymous users)."""
    if not user.is_authenticated:
        return []
    offices = FederationOfficer.objects.filter(user_id=user.pk).order_by("federation")
    return list(offices.values_list("federation", flat=True))


def user_is_officer(user: AbstractBaseUser | AnonymousUser) -> bool:
    """Whether `user` opens the officers' page: an officer of a federation, or staff."""
    return user_is_staff(user) or bool(user_federations(user))


EXPORTS_LINK = "exports_link"
"""The session key that says whether the header links to the officers' Exports page."""


def remember_exports_link(
    sender: object, request: HttpRequest | None, user: AbstractBaseUser, **kwargs: object
) -> None:
    """At login (the `user_logged_in` signal), keep in the session whether the user opens the
    officers' Exports page, so that the header's link costs no query on each page (issue 31:
    officers had no link). An office given later shows from the next login."""
    if request is not None and hasattr(request, "session"):
        request.session[EXPORTS_LINK] = user_is_officer(user)


def user_reads_reports(user: AbstractBaseUser | AnonymousUser, tournament: Tournament) -> bool:
    """Whether `user` may download `tournament`'s reports (TRF, PDFs): one of its arbiters, an
    officer of its federation (whoever organised it), or staff. Reading grants no change."""
    if not user.is_authenticated:
        return False
    if user_is_staff(user) or user_can_arbitrate(user, tournament):
        return True
    federation = tournament.federation.strip().upper()
    return bool(federation) and federation in user_federations(user)


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


def _event_role_required(
    roles: frozenset[str], reason: StrOrPromise
) -> Callable[
    [Callable[Concatenate[ArbiterRequest, Event, P], HttpResponse]],
    Callable[Concatenate[HttpRequest, str, P], HttpResponse],
]:
    """A decorator resolving `event_slug` to the event and letting through the users holding one of
    `roles` in it: anonymous users log in, others get a 403 page giving `reason`."""

    def decorator(
        view: Callable[Concatenate[ArbiterRequest, Event, P], HttpResponse],
    ) -> Callable[Concatenate[HttpRequest, str, P], HttpResponse]:
        @wraps(view)
        def wrapper(
            request: HttpRequest, event_slug: str, *args: P.args, **kwargs: P.kwargs
        ) -> HttpResponse:
            event = get_object_or_404(Event, slug=event_slug)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not user_event_roles(request.user, event) & roles:
                return render(request, "403.html", {"reason": reason}, status=403)
            return view(cast(ArbiterRequest, request), event, *args, **kwargs)

        return cast(Callable[Concatenate[HttpRequest, str, P], HttpResponse], wrapper)

    return decorator


event_staff_required = _event_role_required(
    frozenset(EventRoleKind.values),
    _("Only the event's organisers and arbiters open its management pages."),
)
"""The event's organisers and arbiters (every role): the event's own pages."""
event_arbiter_required = _event_role_required(
    frozenset(ARBITER_KINDS), _("Only the event's arbiters may do this.")
)
"""The event's chief arbiter and deputies: what arbitrates several sections at once."""
event_organiser_required = _event_role_required(
    frozenset({EventRoleKind.ORGANISER}), _("Only the event's organisers may do this.")
)
"""The event's organisers: its details, sections and roles."""


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


def reports_required(
    view: Callable[Concatenate[ArbiterRequest, Tournament, P], HttpResponse],
) -> Callable[Concatenate[HttpRequest, str, P], HttpResponse]:
    """Resolve `slug` to the tournament and let through only who reads its reports
    (`user_reads_reports`): anonymous users log in, others get a 403 page that says why."""

    @wraps(view)
    def wrapper(request: HttpRequest, slug: str, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
        tournament = get_object_or_404(Tournament, slug=slug)
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user_reads_reports(request.user, tournament):
            federation = tournament.federation.strip().upper() or gettext("no federation")
            reason = gettext(
                "Only the arbiters of %(name)s and the officers of its federation "
                "(%(federation)s) may download its reports: they hold the players' birth dates "
                "and FIDE ids."
            ) % {"name": tournament.name, "federation": federation}
            context = {"tournament": tournament, "reason": reason}
            return render(request, "403.html", context, status=403)
        return view(cast(ArbiterRequest, request), tournament, *args, **kwargs)

    return cast(Callable[Concatenate[HttpRequest, str, P], HttpResponse], wrapper)


def _user_check_required(
    allowed: Callable[[AbstractBaseUser | AnonymousUser], bool], reason: StrOrPromise
) -> Callable[
    [Callable[Concatenate[ArbiterRequest, P], HttpResponse]],
    Callable[Concatenate[HttpRequest, P], HttpResponse],
]:
    """A decorator letting through the logged-in users `allowed` accepts: others log in, or
    get a 403 page giving `reason`."""

    def decorator(
        view: Callable[Concatenate[ArbiterRequest, P], HttpResponse],
    ) -> Callable[Concatenate[HttpRequest, P], HttpResponse]:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not allowed(request.user):
                return render(request, "403.html", {"reason": reason}, status=403)
            return view(cast(ArbiterRequest, request), *args, **kwargs)

        return cast(Callable[Concatenate[HttpRequest, P], HttpResponse], wrapper)

    return decorator


officer_required = _user_check_required(
    user_is_officer,
    _("Only federation officers see the reports of their federation's tournaments."),
)
staff_required = _user_check_required(
    user_is_staff, _("Only the site's staff manage what every tournament shares.")
)
