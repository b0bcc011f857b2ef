"""Limits on the forms a stranger can post: sign-up, password reset and an event's entry form.

Each limit counts posts per client address (`config.client_address`) in a fixed window of an
hour in the cache (Redis in the compose stack, shared by every worker); the password reset and
the entry form also count per e-mail address, so that nobody can flood one mailbox. A post over
the limit is answered 429 with a page that says when to try again; GETs are never limited. If
the cache does not answer, the post goes through: a limit must not take the forms down with
Redis.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render

from config.client_address import client_address

logger = logging.getLogger(__name__)
WINDOW_SECONDS = 3600

View = Callable[..., HttpResponseBase]


def over_limit(scope: str, key: str, limit: int, *, seconds: int = WINDOW_SECONDS) -> bool:
    """Count one request for `key` in the current window of `seconds` (an hour by default) of
    `scope`; whether it is over `limit`."""
    window = int(time.time()) // seconds
    name = f"rate:{scope}:{window}:{key}"
    try:
        cache.add(name, 0, seconds)
        count = cache.incr(name)
    except Exception:  # noqa: BLE001 - any cache failure: let the post through, say so in the log
        logger.warning("rate limit %s not counted: the cache does not answer", scope)
        return False
    return count > limit


def rate_limited(scope: str, *, per_email: bool = False) -> Callable[[View], View]:
    """Refuse (429) a POST to the view once the address (and, with `per_email`, the posted
    e-mail) has used up `RATE_LIMITS[scope]` posts this hour."""

    def decorate(view: View) -> View:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
            if request.method == "POST":
                limit = settings.RATE_LIMITS[scope]
                keys = [f"addr:{client_address(request)}"]
                email = str(request.POST.get("email", "")).strip().lower()[:254]
                if per_email and email:
                    keys.append(f"email:{hashlib.sha256(email.encode()).hexdigest()}")
                counted = [over_limit(scope, key, limit) for key in keys]  # count every key
                if any(counted):
                    return render(request, "registration/rate_limited.html", status=429)
            return view(request, *args, **kwargs)

        return limited

    return decorate
