"""What every read of the API and the feeds goes through (issue 35): the limit per client, then
the cache of the public pages.

A client address (`config.client_address`, behind the trusted proxies) may make
`RATE_LIMITS["api"]` requests a minute (300 by default), 304s included: past it, 429 with
`Retry-After`. Below it, an anonymous request is answered as a public page is
(`tournaments.cache.cached_by_version`): the answer is kept once per version of what it shows
(the tournament's, or the site's for what spans tournaments), its ETag made from that version,
and a request sending that ETag back in `If-None-Match` gets a 304 without a query.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import wraps
from typing import Any, cast

from django.conf import settings
from django.db.models import Count, Max
from django.http import HttpRequest, HttpResponseBase, JsonResponse
from django.utils.translation import gettext as _

from config.client_address import client_address
from config.rate_limits import over_limit
from tournaments.cache import PublicView, cached_by_version
from tournaments.models import Event
from tournaments.versions import site_version, tournament_version

LIMIT_SECONDS = 60
"""The window of the limit per client."""

View = Callable[..., HttpResponseBase]


def rate_limited(view: View) -> View:
    """Refuse (429) a request once its client has used up `RATE_LIMITS["api"]` this minute."""

    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        limit = settings.RATE_LIMITS["api"]
        if over_limit("api", f"addr:{client_address(request)}", limit, seconds=LIMIT_SECONDS):
            message = _("Too many requests: at most %(limit)d a minute. Try again shortly.")
            response = JsonResponse({"detail": message % {"limit": limit}}, status=429)
            response["Retry-After"] = str(LIMIT_SECONDS - int(time.time()) % LIMIT_SECONDS)
            return response
        return view(request, *args, **kwargs)

    return limited


def _tournament_of(*args: object, slug: str, **kwargs: object) -> str | None:
    return tournament_version(slug)


def _site_of(*args: object, **kwargs: object) -> str:
    return site_version()


def events_version() -> str:
    """The site's version and the events' (one query: an event's own details change no
    tournament's revision)."""
    events = Event.objects.aggregate(count=Count("pk"), last=Max("updated"))
    last = events["last"].timestamp() if events["last"] else 0
    return f"{site_version()}.{events['count']}.{last:.6f}"


def _events_of(*args: object, **kwargs: object) -> str:
    return events_version()


def _limited_and_cached(version_of: Callable[..., str | None]) -> Callable[[View], View]:
    cached = cached_by_version(version_of)

    def decorate(view: View) -> View:
        return rate_limited(cast(View, cached(cast(PublicView[...], view))))

    return decorate


by_tournament = _limited_and_cached(_tournament_of)
"""For a read of one tournament (its URL has the `slug`)."""

by_site = _limited_and_cached(_site_of)
"""For a read spanning tournaments (the list, the search, a profile)."""

by_events = _limited_and_cached(_events_of)
"""For a read of the events."""
