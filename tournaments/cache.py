"""Public pages kept by version: cached once, revalidated with a 304 (issue 22).

A tournament's version is its `revision`, which `tournaments.services.base.audit` moves on in the
same transaction as every recorded change (a result, a correction, a publication, a bye, a
withdrawal, a player's edit, an undo). A public page is the same for every anonymous visitor of
one version, so it is rendered once per version and kept in the cache (Redis in production, local
memory otherwise), its ETag is made from the version, and a poll that sends that ETag back in
`If-None-Match` is answered 304 without rendering anything. The keys hold the version: a change
makes every older entry unreachable, so a stale page is never served.

Only anonymous requests (no session cookie) go through the cache: they are answered without
reading the session or making a CSRF token, so no cookie is set and no `Vary: Cookie` sent, and a
reverse proxy may keep them for `PUBLIC_MAX_AGE` seconds (`s-maxage`; browsers revalidate). A
signed-in arbiter's request is rendered as before and marked private.
"""

from __future__ import annotations

import hashlib
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import wraps
from typing import Concatenate, ParamSpec, TypeVar, cast

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.http import HttpResponse, HttpResponseNotModified
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import parse_etags
from django.utils.translation import get_language

from tournaments.http import HtmxHttpRequest
from tournaments.models import Tournament
from tournaments.versions import site_version, tournament_version

P = ParamSpec("P")
T = TypeVar("T")
PublicView = Callable[Concatenate[HtmxHttpRequest, P], HttpResponse]

PUBLIC_MAX_AGE = 5
"""Seconds a browser or a reverse proxy may reuse a public page before asking again."""

VARY = ("HX-Request", "HX-Target", "Accept-Language")
"""The request headers a public page depends on besides its URL: the htmx fragments and the
language. The language may also come from the switcher's cookie (`django_language`); a page
sends no `Vary: Cookie`, so a shared proxy must key its pages on that cookie too (the shipped
nginx does, config/nginx.conf). Browsers ask again each time, and the ETag holds the language."""


def per_version(tournament: Tournament, name: str, compute: Callable[[], T]) -> T:
    """`compute()` once per version of `tournament` (the standings, the crosstable): a later
    call at the same revision gets the value kept in the cache."""
    key = f"{name}:{tournament.pk}.{tournament.created.timestamp():.6f}.{tournament.revision}"
    kept: T | None = cache.get(key)
    if kept is None:
        kept = compute()
        cache.set(key, kept)
    return kept


def _signed_in(request: HtmxHttpRequest) -> bool:
    """Whether the request may belong to a signed-in user (it carries a session cookie)."""
    return settings.SESSION_COOKIE_NAME in request.COOKIES


def page_etag(request: HtmxHttpRequest, version: str) -> str:
    """The ETag of the page `request` asks for at `version`: one per URL, host, fragment and
    language (the request's, chosen by LocaleMiddleware)."""
    parts = [version, request.get_host(), request.get_full_path(), get_language()]
    parts += [request.headers.get(name, "") for name in VARY]
    digest = hashlib.blake2b("\n".join(parts).encode(), digest_size=12).hexdigest()
    return f'W/"{digest}"'


def _matches(request: HtmxHttpRequest, etag: str) -> bool:
    asked = parse_etags(request.headers.get("If-None-Match", ""))
    return "*" in asked or etag in asked or etag.removeprefix("W/") in asked


Page = tuple[bytes, str]
"""A kept page: its bytes and its Content-Type."""


class _PageMemory:
    """The pages kept by a worker in its own memory, in front of the shared cache.

    A page is kept under its ETag, which holds its version: what is kept under a key never
    changes, so a worker may answer from memory without asking the shared cache (one Redis round
    trip less for each page served). Holds at most `limit` bytes; the oldest go first.
    """

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.pages: OrderedDict[str, Page] = OrderedDict()
        self.size = 0
        self.lock = threading.Lock()

    def get(self, key: str) -> Page | None:
        with self.lock:
            page = self.pages.get(key)
        if page is None:
            page = cache.get(key)
            if page is not None:
                self._remember(key, page)
        return page

    def set(self, key: str, page: Page) -> None:
        cache.set(key, page)
        self._remember(key, page)

    def _remember(self, key: str, page: Page) -> None:
        with self.lock:
            if key in self.pages:
                return
            self.pages[key] = page
            self.size += len(page[0])
            while self.size > self.limit:
                _, (content, _) = self.pages.popitem(last=False)
                self.size -= len(content)


_PAGES = _PageMemory(limit=16 * 1024 * 1024)


def _public(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    # A browser asks again every time (a 304 while the version holds): a player reloading the
    # round page just after publication sees it. A shared proxy may answer for a few seconds.
    patch_cache_control(response, public=True, max_age=0, s_maxage=PUBLIC_MAX_AGE)
    patch_vary_headers(response, VARY)
    return response


def cached_by_version(
    version_of: Callable[..., str | None],
) -> Callable[[PublicView[P]], PublicView[P]]:
    """Serve an anonymous GET of the decorated public view from the cache of its version.

    `version_of` receives the view's URL arguments and gives the version (None: no such
    tournament, the view answers 404 itself). A request whose `If-None-Match` holds the current
    ETag gets a 304; otherwise the page cached for this version, or the view's answer (kept when
    it is a 200).
    """

    def decorate(view: PublicView[P]) -> PublicView[P]:
        @wraps(view)
        def wrapper(request: HtmxHttpRequest, *args: P.args, **kwargs: P.kwargs) -> HttpResponse:
            if _signed_in(request):
                response = view(request, *args, **kwargs)
                patch_cache_control(response, private=True, no_cache=True)
                return response
            request.user = AnonymousUser()  # no session read: no Vary: Cookie
            version = version_of(*args, **kwargs)
            if version is None:
                return view(request, *args, **kwargs)
            etag = page_etag(request, version)
            if _matches(request, etag):
                return _public(HttpResponseNotModified(), etag)
            key = f"public-page:{etag}"
            kept = _PAGES.get(key)
            if kept is not None:
                content, content_type = kept
                return _public(HttpResponse(content, content_type=content_type), etag)
            response = view(request, *args, **kwargs)
            if response.status_code == 200 and not response.streaming:
                _PAGES.set(key, (response.content, response["Content-Type"]))
            return _public(response, etag)

        return cast(PublicView[P], wrapper)

    return decorate


def events_url(tournament: Tournament) -> str:
    """Where a public page of `tournament` listens for its new versions (`version_events`); ""
    when push is off (`PUBLIC_PUSH_SECONDS` = 0: the page polls only)."""
    if not settings.PUBLIC_PUSH_SECONDS:
        return ""
    return reverse("tournament-events", args=[tournament.slug])


def version_events(slug: str, version: str, *, seconds: float, interval: float) -> Iterator[str]:
    """Server-sent events announcing the versions of the tournament `slug`: `version` at once,
    then again each time it changes (checked every `interval` seconds) for `seconds`; the browser
    then reconnects by itself after `retry` milliseconds."""
    yield f"retry: {int(interval * 1000)}\nevent: version\ndata: {version}\n\n"
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(interval)
        current = tournament_version(slug)
        if current is not None and current != version:
            version = current
            yield f"event: version\ndata: {version}\n\n"


def _tournament_of(*args: object, slug: str, **kwargs: object) -> str | None:
    return tournament_version(slug)


def _site_of(*args: object, **kwargs: object) -> str:
    return site_version()


by_tournament_version = cached_by_version(_tournament_of)
"""For a tournament's public page (its URL has the `slug`)."""

by_site_version = cached_by_version(_site_of)
"""For the list of tournaments."""
