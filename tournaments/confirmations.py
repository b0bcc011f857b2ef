"""Confirmations of risky actions, bound to the exact action (TEC Manual levels; VCL4THP Q218-Q221).

A service that guards an action raises `ConfirmationRequired(warning)`; the view shows the
warning with a token from `confirmation_token` and the same form fields; the arbiter's answer
posts them again with the token, and `confirmed_level` turns it into the level to pass to the
service. A token is signed and holds the tournament, its revision, the URL and every posted field
(apart from the CSRF token and the token itself): changing any field, posting it to another action
or after another change of the tournament makes it worthless, so a forged or stale confirmation
changes nothing. Level 4 takes two tokens: the first step confirms at Level 3, the second at 4.
"""

from __future__ import annotations

from django.core import signing
from django.http import HttpRequest
from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Confirmation, Level
from tournaments.exceptions import ConfirmationInvalid
from tournaments.models import Tournament

FIELD = "confirmation"
"""The form field that carries the token."""

MAX_AGE_SECONDS = 15 * 60
"""A confirmation older than this is refused: the arbiter confirms again."""

_SALT = "tournaments.confirmation"
_NOT_BOUND = frozenset({"csrfmiddlewaretoken", FIELD})


def action_fields(request: HttpRequest) -> list[tuple[str, str]]:
    """The posted fields that define the action, in a stable order (what a token binds)."""
    return sorted(
        (name, value)
        for name in request.POST
        if name not in _NOT_BOUND
        for value in request.POST.getlist(name)
    )


def _payload(request: HttpRequest, tournament: Tournament) -> dict[str, object]:
    return {
        "tournament": tournament.pk,
        "revision": tournament.revision,
        "path": request.path,
        "fields": [list(field) for field in action_fields(request)],
    }


def confirmation_token(
    request: HttpRequest, tournament: Tournament, warning: ActionWarning, *, step: int
) -> str:
    """The token of step `step` (1, or 2 for Level 4) of confirming this exact request."""
    if not 1 <= step <= warning.level.steps:
        raise ValueError(f"a Level-{warning.level} warning has no confirmation step {step}")
    confirmed = Level.CONFIRM if step < warning.level.steps else warning.level
    payload = {**_payload(request, tournament), "level": int(confirmed)}
    return signing.dumps(payload, salt=_SALT)


def confirmed_level(request: HttpRequest, tournament: Tournament) -> Confirmation | None:
    """The level at which the arbiter confirmed this exact request; None without a token.

    The first step of a Level-4 confirmation gives Level 3 (so the service asks again, and the
    view shows the second step). Raises `ConfirmationInvalid` for a token that is forged,
    expired, or bound to another tournament, revision, URL or set of fields.
    """
    token = request.POST.get(FIELD)
    if not token:
        return None
    try:
        payload = signing.loads(token, salt=_SALT, max_age=MAX_AGE_SECONDS)
    except signing.SignatureExpired:
        raise ConfirmationInvalid(
            _("That confirmation has expired: nothing was done. Confirm again.")
        ) from None
    except signing.BadSignature:
        raise ConfirmationInvalid(_("That confirmation is not valid: nothing was done.")) from None
    level = payload.pop("level", None) if isinstance(payload, dict) else None
    if payload != _payload(request, tournament) or level not in {int(x) for x in Level}:
        raise ConfirmationInvalid(
            _(
                "The tournament or the request changed since you confirmed: nothing was done. "
                "Check and confirm again."
            )
        )
    return Confirmation(Level(level), tournament.pk, tournament.revision)


def next_step(warning: ActionWarning, confirmed: Confirmation | None) -> int:
    """Which confirmation step to show for `warning` after the arbiter confirmed `confirmed`."""
    if (
        confirmed is not None
        and warning.level is Level.DOUBLE_CONFIRM
        and confirmed.level >= Level.CONFIRM
    ):
        return 2
    return 1
