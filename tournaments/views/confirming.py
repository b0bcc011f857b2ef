"""The confirmation dialog of risky actions (TEC Manual levels 2-4; VCL4THP Q218-Q221).

A view calls its service with `confirmed=confirmed_level(request, tournament)`; when the service
raises `ConfirmationRequired`, the view answers `confirmation_dialog(...)`: the warning, the
posted fields again and the token of the next step. An htmx request gets the dialog alone, put
into the page's `#dialog-slot` (django-htmx's `retarget`/`reswap`/`reselect`); a plain POST gets
a page with the dialog. Nothing here decides a level: the services do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class Done:
    """What a finished action says, when not a plain success: its text and message level (a
    warning for an edit that breaks rules, or an action that cannot be undone)."""

    text: str
    level: int = messages.SUCCESS


def _refusal(error: TournamentError) -> str:
    return str(error)


def confirmed_action(
    request: ArbiterRequest,
    tournament: Tournament,
    page: str,
    action: Callable[[Confirmed | None], str | Done | None],
    *,
    done_page: str | None = None,
    refused: Callable[[TournamentError], str] = _refusal,
) -> HttpResponse:
    """The one block of every action view: call the service, then answer.

    `action` gets the level the arbiter confirmed (an action that never asks ignores it) and
    returns the success message (a `Done` to give its level, None for no message). When the
    service asks for a confirmation, the dialog; when it refuses (`TournamentError`), its
    message as an error (`refused` may word it); otherwise the success message. Then back to
    `page`, or after a success to `done_page` when given (`back_to`: an htmx request gets a
    client redirect)."""
    try:
        done = action(confirmed_level(request, tournament))
    except ConfirmationRequired as required:
        return confirmation_dialog(request, tournament, required, cancel_url=page)
    except TournamentError as error:
        messages.error(request, refused(error))
        return back_to(request, page)
    if isinstance(done, Done):
        messages.add_message(request, done.level, done.text)
    elif done is not None:
        messages.success(request, done)
    return back_to(request, done_page or page)
