"""The username django-axes records for a login attempt (`AXES_USERNAME_CALLABLE`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest

USERNAME_LENGTH = 150
"""Django's longest username; axes' column holds 255 characters and PostgreSQL refuses NUL."""


def attempted_username(request: HttpRequest, credentials: Mapping[str, Any] | None = None) -> str:
    """The posted username, cut to a username's length and without NUL characters, so that a
    hostile login post is recorded (and counted) instead of failing with a database error."""
    source = credentials if credentials is not None else request.POST
    return str(source.get("username") or "").replace("\x00", "")[:USERNAME_LENGTH]
