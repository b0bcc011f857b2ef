"""Event pages (issue 32): the public event page under `/e/<event_slug>/`, and the organisers'
and arbiters' pages under `/e/<event_slug>/manage/`: the event's details, its sections (added
with the tournament's settings, their rating limits and first board), roles per event, and a
player's move between sections.

Views read input through forms, call one service and turn its typed errors into messages;
changes are POSTs that redirect (a move outside the rating limits asks its confirmation first).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import TournamentError
from tournaments.forms.events import (
    EventForm,
    EventRoleForm,
    SectionChoiceForm,
    SectionMoveForm,
    SectionSetupForm,
)
from tournaments.forms.tournament import TournamentForm
from tournaments.http import (
    ArbiterRequest,
    HtmxHttpRequest,
    event_organiser_required,
    event_staff_required,
    login_required,
    user_can_arbitrate,
    user_event_roles,
)
from tournaments.models import ARBITER_KINDS, ArbiterRole, Event, EventRoleKind, Tournament
from tournaments.selectors.events import SORTS, event_sections
from tournaments.services.events import (
    event_create,
    event_role_give,
    event_role_remove,
    event_section_attach,
    event_section_create,
    event_update,
    section_set_setup,
)
from tournaments.services.sections import player_move_section
from tournaments.views.confirming import confirmed_action

AUDIT_SHOWN = 20
"""How many of the event's latest changes its page lists."""


def _manage_url(event: Event) -> str:
    return reverse("event-manage", args=[event.slug])


@require_safe
def event_detail(request: HtmxHttpRequest, event_slug: str) -> HttpResponse:
    """The public event page: the sections with their rating limits and round in play, and
    the entry list of each, sorted by rating, name or federation (`?sort=`)."""
    event = get_object_or_404(Event, slug=event_slug)
    sort = request.GET.get("sort", SORTS[0])
    context = {
        "event": event,
        "sections": event_sections(event, sort=sort),
        "sort": sort if sort in SORTS else SORTS[0],
        "sorts": SORTS,
    }
    return render(request, "tournaments/events/event.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def event_new(request: ArbiterRequest) -> HttpResponse:
    """Create an event; its creator becomes its organiser and chief arbiter."""
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = event_create(details=form.details(), by=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request, _("%(name)s is created: add its sections.") % {"name": event.name}
            )
            return redirect("event-manage", event.slug)
    return render(request, "tournaments/events/event_form.html", {"form": form})


@event_staff_required
@require_safe
def event_manage(request: ArbiterRequest, event: Event) -> HttpResponse:
    """The event's own page for its organisers and arbiters: sections, roles, moves, changes."""
    roles = user_event_roles(request.user, event)
    sections = event_sections(event)
    context = {
        "event": event,
        "sections": sections,
        "setup_forms": [
            (
                summary,
                SectionSetupForm(
                    initial=SectionSetupForm.initial_for(summary.section),
                    auto_id=f"id_section_{summary.section.pk}_%s",
                    compact=True,
                ),
            )
            for summary in sections
        ],
        "organiser": EventRoleKind.ORGANISER in roles,
        "arbiter": bool(roles & set(ARBITER_KINDS)),
        "roles": event.roles.select_related("user").order_by("role", "created"),
        "role_form": EventRoleForm(),
        "standalone": _standalone(request) if EventRoleKind.ORGANISER in roles else [],
        "audit": event.audit_entries.select_related("user")[:AUDIT_SHOWN],
    }
    return render(request, "tournaments/events/manage.html", context)


@event_organiser_required
@require_http_methods(["GET", "POST"])
def event_edit(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Change the event's name, place, dates and organiser."""
    form = EventForm(request.POST or None, initial=EventForm.initial_for(event))
    if request.method == "POST" and form.is_valid():
        try:
            event_update(event=event, details=form.details(), by=request.user)
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("The event is saved."))
            return redirect("event-manage", event.slug)
    return render(request, "tournaments/events/event_form.html", {"form": form, "event": event})


@event_organiser_required
@require_http_methods(["GET", "POST"])
def section_new(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Add a section: a new tournament's settings, with the section's limits and first board."""
    initial = {"city": event.place, "start_date": event.start_date, "end_date": event.end_date}
    form = TournamentForm(request.POST or None, initial=initial)
    section_form = SectionSetupForm(request.POST or None, prefix="section")
    if request.method == "POST" and form.is_valid() and section_form.is_valid():
        try:
            section = event_section_create(
                event=event, settings=form.settings(), setup=section_form.setup(), by=request.user
            )
        except TournamentError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("%(name)s is added to %(event)s: register its players.")
                % {"name": section.name, "event": event.name},
            )
            return redirect("event-manage", event.slug)
    context = {"form": form, "section_form": section_form, "event": event}
    return render(request, "tournaments/manage/tournament_form.html", context)


def _standalone(request: ArbiterRequest) -> list[Tournament]:
    """The tournaments standing alone whose chief arbiter is the user: those they may add."""
    return list(
        Tournament.objects.filter(
            event__isnull=True, roles__user=request.user, roles__role=ArbiterRole.CHIEF
        ).order_by("name")
    )


@event_organiser_required
@require_POST
def section_attach(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Add a tournament that stands alone (of which the user is chief arbiter) as a section."""
    form = SectionSetupForm(request.POST)
    choice = get_object_or_404(Tournament, pk=_posted_id(request, "tournament"), event__isnull=True)
    if not form.is_valid():
        errors = [str(error) for errors in form.errors.values() for error in errors]
        messages.error(request, " ".join(errors))
        return redirect("event-manage", event.slug)
    try:
        joined = event_section_attach(
            event=event, tournament=choice, setup=form.setup(), by=request.user
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(name)s is a section of %(event)s.") % {"name": joined.name, "event": event.name},
        )
    return redirect("event-manage", event.slug)


def _posted_id(request: ArbiterRequest, name: str) -> int:
    """A posted id; 0 (found nowhere) when missing or not a number."""
    value = request.POST.get(name, "")
    return int(value) if value.isascii() and value.isdigit() and len(value) < 12 else 0


@event_organiser_required
@require_POST
def section_setup(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Change one section's rating limits and first board."""
    choice = SectionChoiceForm(request.POST, event=event)
    form = SectionSetupForm(request.POST)
    if not choice.is_valid():
        messages.error(request, _("Choose a section of this event."))
    elif not form.is_valid():
        errors = [str(error) for errors in form.errors.values() for error in errors]
        messages.error(request, " ".join(errors))
    else:
        section = choice.cleaned_data["section"]
        try:
            section_set_setup(section=section, setup=form.setup(), by=request.user)
        except TournamentError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, _("%(name)s is saved.") % {"name": section.name})
    return redirect("event-manage", event.slug)


@event_organiser_required
@require_POST
def role_give(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Give a user a role in the event (organiser, chief arbiter, deputy arbiter)."""
    form = EventRoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Write a user name and choose a role."))
        return redirect("event-manage", event.slug)
    try:
        role = event_role_give(
            event=event,
            username=form.cleaned_data["username"],
            role=EventRoleKind(form.cleaned_data["role"]),
            by=request.user,
        )
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(user)s is %(role)s of %(event)s.")
            % {
                "user": role.user.get_username(),
                "role": role.get_role_display().lower(),
                "event": event.name,
            },
        )
    return redirect("event-manage", event.slug)


@event_staff_required
@require_POST
def role_remove(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Take a role back (organisers), or give up one's own."""
    try:
        role_id = int(request.POST.get("role", ""))
    except ValueError:
        messages.error(request, _("Choose a role of this event."))
        return redirect("event-manage", event.slug)
    try:
        event_role_remove(event=event, role_id=role_id, by=request.user)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("The role is taken back."))
    return redirect("event-manage", event.slug)


@event_staff_required
@require_POST
def section_move(request: ArbiterRequest, event: Event) -> HttpResponse:
    """Move a player to another section before round 1, by an arbiter of both sections (an
    event arbiter is); outside the target's rating limits the arbiter confirms first."""
    form = SectionMoveForm(request.POST, event=event)
    if not form.is_valid():
        messages.error(request, _("Choose a player of this event and the section to move to."))
        return redirect("event-manage", event.slug)
    player, target = form.cleaned_data["player"], form.cleaned_data["section"]
    source = player.tournament
    if not (user_can_arbitrate(request.user, source) and user_can_arbitrate(request.user, target)):
        reason = _("Only an arbiter of both sections moves a player between them.")
        return render(request, "403.html", {"reason": reason}, status=403)

    def move(confirmed: Confirmed | None) -> str:
        moved = player_move_section(
            player=player, target=target, by=request.user, confirmed=confirmed
        )
        return _("%(name)s is moved to %(section)s (pairing number %(number)s).") % {
            "name": moved.name,
            "section": target.name,
            "number": moved.pairing_number,
        }

    return confirmed_action(request, source, _manage_url(event), move)
