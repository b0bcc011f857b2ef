"""The confirmation dialog of risky actions (TEC Manual levels 2-4; VCL4THP Q218-Q221).

A view calls its service with `confirmed=confirmed_level(request, tournament)`; when the service
raises `ConfirmationRequired`, the view answers `confirmation_dialog(...)`: the warning, the
posted fields again and the token of the next step. An htmx request gets the dialog alone, put
into the page's `#dialog-slot` (django-htmx's `retarget`/`reswap`/`reselect`); a plain POST gets
a page with the dialog. Nothing here decides a level: the services do.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext_lazy as _
from django_htmx.http import HttpResponseClientRedirect, reselect, reswap, retarget

from tournaments.confirmations import (
    FIELD,
    action_fields,
    confirmation_token,
    confirmed_level,
    next_step,
)
from tournaments.domain.warnings import Confirmed, Level
from tournaments.exceptions import ConfirmationRequired, TournamentError
from tournaments.http import ArbiterRequest
from tournaments.models import Tournament

DIALOG_SLOT = "#dialog-slot"
"""Where an htmx request's dialog goes: an empty element of `_base.html`."""

PAGE_TARGET = "main"
"""What a page-level action's htmx form swaps (with `hx-select`) when the page comes back."""

LEVEL_NAMES = {
    Level.NOTICE: _("Notice"),
    Level.CONFIRM: _("Confirm"),
    Level.DOUBLE_CONFIRM: _("Double confirmation"),
}


def confirmation_dialog(
    request: ArbiterRequest,
    tournament: Tournament,
    required: ConfirmationRequired,
    *,
    cancel_url: str,
    hx_target: str = PAGE_TARGET,
) -> HttpResponse:
    """The dialog that asks the arbiter to confirm the action `request` posted.

    `cancel_url`: where Cancel leads on the page version. `hx_target`: what the confirmed
    action's htmx answer replaces (the page's `main`, or e.g. a board's row).
    """
    warning = required.warning
    step = next_step(warning, confirmed_level(request, tournament))
    context = {
        "tournament": tournament,
        "warning": warning,
        "level": int(warning.level),
        "level_name": LEVEL_NAMES.get(warning.level, ""),
        "step": step,
        "steps": warning.level.steps,
        "final_step": step == warning.level.steps,
        "fields": action_fields(request),
        "field_name": FIELD,
        "token": confirmation_token(request, tournament, warning, step=step),
        "action": request.path,
        "cancel_url": cancel_url,
        "hx_target": hx_target,
        "hx_select": PAGE_TARGET if hx_target == PAGE_TARGET else "",
    }
    if request.htmx:
        response = render(request, "tournaments/_confirmation.html", {**context, "htmx": True})
        return reselect(reswap(retarget(response, DIALOG_SLOT), "innerHTML"), "#confirmation")
    return render(request, "tournaments/confirm.html", context)


def back_to(request: ArbiterRequest, url: str) -> HttpResponse:
    """Where a page-level action ends: a redirect; for an htmx request a client redirect, so
    the whole page (and its messages) comes back."""
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def confirmed_action(
    request: ArbiterRequest,
    tournament: Tournament,
    page: str,
    action: Callable[[Confirmed | None], str],
) -> HttpResponse:
    """Run a page-level action that may ask for a confirmation: `action` gets the level the
    arbiter confirmed and returns the success message. The dialog when the service asks, the
    refusal's message when it refuses; then back to `page`."""
    try:
        done = action(confirmed_level(request, tournament))
    except ConfirmationRequired as required:
        return confirmation_dialog(request, tournament, required, cancel_url=page)
    except TournamentError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done)
    return back_to(request, page)
