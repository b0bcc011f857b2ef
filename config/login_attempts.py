"""Login attempts (django-axes): the username recorded for an attempt and the lockout handler."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_ip_address
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest

USERNAME_LENGTH = 150
"""Django's longest username; axes' column holds 255 characters and PostgreSQL refuses NUL."""


def attempted_username(request: HttpRequest, credentials: Mapping[str, Any] | None = None) -> str:
    """The posted username, cut to a username's length and without NUL characters, so that a
    hostile login post is recorded (and counted) instead of failing with a database error."""
    source = credentials if credentials is not None else request.POST
    return str(source.get("username") or "").replace("\x00", "")[:USERNAME_LENGTH]


class LoginAttemptsHandler(AxesDatabaseHandler):  # type: ignore[misc]  # axes has no types
    """django-axes' database handler plus a limit per address (`AXES_ADDRESS_FAILURE_LIMIT`).

    One username from one address is locked at `AXES_FAILURE_LIMIT` wrong passwords; an address
    that tries many usernames once each (password spraying) is locked at the address limit, the
    wrong passwords for every username it tried within the cool-off counted together. A refused
    try during a lockout is not recorded (`AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT` off), so
    the cool-off runs from the last counted failure and nobody can extend it.
    """

    def is_locked(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> bool:
        return super().is_locked(request, credentials) or (
            address_failures(request) >= settings.AXES_ADDRESS_FAILURE_LIMIT
        )


def address_failures(request: HttpRequest) -> int:
    """Wrong passwords from the request's address within the cool-off, for all usernames."""
    attempts = AccessAttempt.objects.filter(
        ip_address=get_client_ip_address(request),
        attempt_time__gte=get_cool_off_threshold(request),
    )
    return attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
