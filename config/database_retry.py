"""A short wait for PostgreSQL before a 500 (issue 30): a restart of the database costs the
requests of that second a little time, not an error page.

Before the view, the request's connection is checked (Django's CONN_HEALTH_CHECKS closes a
connection the restart broke) and opened again until it works or `DATABASE_RETRY_SECONDS` pass.
A GET or HEAD whose view then fails on a lost connection is run once more after the same wait:
it changes nothing. A POST is never run twice; a service's transaction that the restart broke
was rolled back, and the arbiter sees the error page and sends it again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.db import OperationalError, connection
from django.http import HttpRequest, HttpResponseBase

logger = logging.getLogger(__name__)
PAUSE_SECONDS = 0.25
SAFE_METHODS = {"GET", "HEAD"}


def wait_for_database(seconds: float) -> bool:
    """Open the connection, retrying for up to `seconds`; whether it is open."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            connection.ensure_connection()
        except OperationalError:
            connection.close()
            if time.monotonic() >= deadline:
                return False
            time.sleep(PAUSE_SECONDS)
        else:
            return True


class DatabaseRetryMiddleware:
    """Wait for the database before the view; run a GET again once after a lost connection."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        seconds = settings.DATABASE_RETRY_SECONDS
        if seconds and not wait_for_database(seconds):
            logger.error("the database did not answer within %s s", seconds)
        response = self.get_response(request)
        failed = getattr(request, "_database_failed", False)
        if failed and request.method in SAFE_METHODS and seconds:
            logger.warning("database connection lost during %s: run once more", request.path)
            connection.close()
            if wait_for_database(seconds):
                request._database_failed = False  # type: ignore[attr-defined]
                response = self.get_response(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> None:
        """Note a lost connection; the 500 stays the answer unless `__call__` runs it again."""
        if isinstance(exception, OperationalError):
            request._database_failed = True  # type: ignore[attr-defined]
