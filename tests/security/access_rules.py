"""Who may GET and POST each URL: the declared access table the permissions matrix checks.

Every URL pattern of the URLconf must have a rule here (the test fails on one without), so a
new URL is covered as soon as it exists. A rule gives, for each kind of user of
`tests.security.world.USER_KINDS`, the expected answer to a GET and to a POST: a status code,
`LOGIN` (sent to the login page), `ADMIN_LOGIN` (sent to the admin's login page), `THROUGH`
(let in: the view answers, with anything but a refusal of access or a server error),
`ANSWERED` (anything but a login page or a server error), `NO_PAGE` (refused or sent
elsewhere: anything but a 200, a login page or a server error).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from django.apps import apps
from django.urls import URLPattern, URLResolver, get_resolver

from tests.security.world import USER_KINDS

LOGIN = "login"
ADMIN_LOGIN = "admin login"
THROUGH = "through"
ANSWERED = "answered"
NO_PAGE = "no page"
Expect = int | str
ByUser = dict[str, Expect]


@dataclass(frozen=True)
class Rule:
    get: ByUser
    post: ByUser


@dataclass(frozen=True)
class Route:
    """One URL pattern: its name (namespaced; the route itself when unnamed) and keywords."""

    key: str
    name: str | None
    route: str
    keywords: tuple[str, ...]


def routes() -> Iterator[Route]:
    """Every URL pattern of the project, walked from `get_resolver().url_patterns`."""

    def walk(
        patterns: Sequence[URLPattern | URLResolver],
        prefix: str,
        namespace: str,
        keywords: tuple[str, ...],
    ) -> Iterator[Route]:
        for entry in patterns:
            pattern = entry.pattern
            own = tuple(getattr(pattern, "converters", {})) or tuple(pattern.regex.groupindex)
            if isinstance(entry, URLResolver):
                inner = namespace + (f"{entry.namespace}:" if entry.namespace else "")
                yield from walk(entry.url_patterns, prefix + str(pattern), inner, keywords + own)
            elif isinstance(entry, URLPattern):
                route = prefix + str(pattern)
                name = namespace + entry.name if entry.name else None
                yield Route(name or route, name, route, keywords + own)

    yield from walk(get_resolver().url_patterns, "", "", ())


def everyone(expect: Expect) -> ByUser:
    return dict.fromkeys(USER_KINDS, expect)


def arbiters(allowed: Expect) -> ByUser:
    """This tournament's arbiters only: anonymous users log in, everyone else gets a 403."""
    return {**everyone(403), "anonymous": LOGIN, "arbiter": allowed}


def logged_in(allowed: Expect) -> ByUser:
    return {**everyone(allowed), "anonymous": LOGIN}


def officers(allowed: Expect) -> ByUser:
    """Federation officers (of any federation) and staff; anonymous users log in."""
    officer_kinds = ("officer", "foreign_officer", "staff")
    return {**everyone(403), "anonymous": LOGIN, **dict.fromkeys(officer_kinds, allowed)}


def report_readers(allowed: Expect) -> ByUser:
    """Who reads this tournament's reports: its arbiters, the officers of its federation (not
    those of another) and staff."""
    return {**arbiters(allowed), "officer": allowed, "staff": allowed}


def staff(allowed: Expect) -> ByUser:
    return {**everyone(403), "anonymous": LOGIN, "staff": allowed}


PUBLIC_PAGE = Rule(get=everyone(200), post=everyone(405))
ARBITER_PAGE = Rule(get=arbiters(200), post=arbiters(405))
ARBITER_FORM = Rule(get=arbiters(200), post=arbiters(THROUGH))
ARBITER_ACTION = Rule(get=arbiters(405), post=arbiters(THROUGH))
ARBITER_PAGE_GET_ONLY = Rule(get=arbiters(200), post=everyone(405))
"""`require_safe` before the access check: a POST is refused for everyone alike."""
ARBITER_ACTION_POST_ONLY = Rule(get=everyone(405), post=arbiters(THROUGH))
"""`require_POST` before the access check (the pairing actions)."""
AUTH_PAGE = Rule(get=everyone(200), post=everyone(THROUGH))
AUTH_NOTICE = Rule(get=everyone(200), post=everyone(405))

_STAFF_ONLY = {**everyone(ADMIN_LOGIN), "staff": ANSWERED}
ADMIN_SITE = Rule(get=_STAFF_ONLY, post=_STAFF_ONLY)
"""The admin site's own pages: staff accounts only, the others (federation officers
included) go to the admin's login."""
ADMIN_MODEL = ADMIN_SITE
"""A model's admin pages (the tournament models' are read-only: the superuser's add, change
and delete are refused too)."""

RULES: dict[str, Rule] = {
    "home": PUBLIC_PAGE,
    "favicon.ico": Rule(get=everyone(301), post=everyone(405)),
    "health": PUBLIC_PAGE,
    "help": PUBLIC_PAGE,
    "help-page": PUBLIC_PAGE,
    "help-print": PUBLIC_PAGE,
    "help-pdf": PUBLIC_PAGE,
    "help-screenshot": PUBLIC_PAGE,
    "tournament-detail": PUBLIC_PAGE,
    "round-detail": PUBLIC_PAGE,
    "player-detail": PUBLIC_PAGE,
    "tournament-events": Rule(get=everyone(THROUGH), post=everyone(405)),
    "standings": PUBLIC_PAGE,
    "standings-csv": PUBLIC_PAGE,
    "standings-player": PUBLIC_PAGE,
    "standings-rank": PUBLIC_PAGE,
    "crosstable": PUBLIC_PAGE,
    "crosstable-csv": PUBLIC_PAGE,
    # The hub (issue 35): the search, and the profiles (the world's players have no FIDE ID:
    # the one asked for is unknown; "Alice" plays in both tournaments without one)
    "players-search": PUBLIC_PAGE,
    "player-profile": Rule(get=everyone(404), post=everyone(405)),
    "player-profile-by-name": PUBLIC_PAGE,
    "feed-rounds": PUBLIC_PAGE,
    "tournament-feed-rounds": PUBLIC_PAGE,
    "tournament-calendar": PUBLIC_PAGE,
    "widget-standings": PUBLIC_PAGE,
    "widget-pairings": PUBLIC_PAGE,
    "widget-current": PUBLIC_PAGE,
    # The read API (issue 35): anyone reads; a POST is refused (405). The world's tournament is
    # not finished (no TRF yet), is in no event, and its players have no FIDE ID.
    "api-v1:api-root": Rule(get=everyone(404), post=everyone(404)),
    "api-v1:openapi-json": PUBLIC_PAGE,
    "api-v1:openapi-view": PUBLIC_PAGE,
    "api-v1:tournaments": PUBLIC_PAGE,
    "api-v1:tournament": PUBLIC_PAGE,
    "api-v1:players": PUBLIC_PAGE,
    "api-v1:round": PUBLIC_PAGE,
    "api-v1:standings": PUBLIC_PAGE,
    "api-v1:trf": Rule(get=everyone(404), post=everyone(405)),
    "api-v1:search": PUBLIC_PAGE,
    "api-v1:profile": Rule(get=everyone(404), post=everyone(405)),
    "api-v1:profile-by-name": PUBLIC_PAGE,
    "api-v1:events": PUBLIC_PAGE,
    "api-v1:event": Rule(get=everyone(404), post=everyone(405)),
    "tournament-trf": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-round-pairings": PUBLIC_PAGE,
    "pdf-round-pairings-by-name": PUBLIC_PAGE,
    "pdf-round-slips": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-players": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-check-in": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-player-cards": Rule(get=report_readers(200), post=everyone(405)),
    # the badges carry the check-in codes: arbiters only (issue 32)
    "pdf-badges": ARBITER_PAGE_GET_ONLY,
    # a player's own check-in from a phone: anonymous, with the code (a wrong one is a 400)
    "self-check-in": Rule(get=everyone(200), post=everyone(THROUGH)),
    "manage-check-in": ARBITER_PAGE_GET_ONLY,
    "manage-check-in-player": ARBITER_ACTION_POST_ONLY,
    "manage-check-in-settings": ARBITER_ACTION_POST_ONLY,
    "manage-check-in-closing": ARBITER_ACTION_POST_ONLY,
    "manage-check-in-absentees": ARBITER_ACTION_POST_ONLY,
    "pdf-standings": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-crosstable": Rule(get=report_readers(200), post=everyone(405)),
    "pdf-report": Rule(get=report_readers(200), post=everyone(405)),
    "exports": Rule(get=officers(200), post=everyone(405)),
    "exports-zip": Rule(get=officers(200), post=everyone(405)),
    "hall-event": Rule(get=staff(200), post=everyone(405)),
    "rating-report": Rule(get=report_readers(200), post=everyone(405)),
    "rating-report-file": Rule(get=report_readers(THROUGH), post=everyone(405)),
    "manage-rating-report": ARBITER_FORM,
    "rating-lists": Rule(get=staff(200), post=staff(THROUGH)),
    "rating-lists-update": Rule(get=staff(405), post=staff(THROUGH)),
    "tournament-new": Rule(get=logged_in(200), post=logged_in(THROUGH)),
    "tournament-import": Rule(get=logged_in(200), post=logged_in(THROUGH)),
    "tournament-import-confirm": Rule(get=logged_in(405), post=logged_in(THROUGH)),
    # a background job (issue 30): its owner (the arbiter, who uploaded the file) and staff
    "background-job": Rule(
        get={**everyone(404), "anonymous": LOGIN, "arbiter": 200, "staff": 200},
        post=everyone(405),
    ),
    "arbiter-join": Rule(get=logged_in(THROUGH), post=logged_in(THROUGH)),
    "manage-dashboard": ARBITER_PAGE,
    "manage-edit": ARBITER_FORM,
    "manage-arbiters": ARBITER_PAGE,
    "manage-arbiters-invite": ARBITER_ACTION,
    "manage-arbiters-withdraw": ARBITER_ACTION,
    "manage-arbiters-remove": ARBITER_ACTION,
    "manage-arbiters-hand-over": ARBITER_ACTION,
    "manage-players": ARBITER_FORM,
    "manage-list-search": ARBITER_PAGE,
    "manage-initial-ranking": ARBITER_ACTION,
    "manage-rating-sequence": ARBITER_ACTION,
    "manage-update-preview": ARBITER_PAGE,
    "manage-update-from-list": ARBITER_ACTION,
    "manage-players-import": ARBITER_ACTION,
    "manage-players-renumber": ARBITER_ACTION,
    "manage-player": ARBITER_PAGE,
    "manage-player-details": ARBITER_ACTION,
    "manage-player-bye": ARBITER_ACTION,
    "manage-player-half-point-byes": ARBITER_ACTION,
    "manage-player-rating": ARBITER_ACTION,
    "manage-player-manual-tiebreak": ARBITER_ACTION,
    "manage-player-withdraw": ARBITER_ACTION,
    "manage-player-reinstate": ARBITER_ACTION,
    "manage-bye-cancel": ARBITER_ACTION,
    "manage-forbidden-new": ARBITER_ACTION,
    "manage-forbidden-delete": ARBITER_ACTION,
    "manage-results": ARBITER_PAGE,
    "manage-result": ARBITER_ACTION,
    "manage-result-colours": ARBITER_ACTION,
    "manage-rating-correction": ARBITER_ACTION,
    "manage-round-chess960": ARBITER_ACTION,
    "manage-fide-mode": ARBITER_PAGE,
    "manage-fide-mode-leave": ARBITER_ACTION,
    "manage-events": ARBITER_PAGE,
    "manage-events-undo": ARBITER_ACTION,
    "standings-live": ARBITER_PAGE_GET_ONLY,
    "prizes": PUBLIC_PAGE,
    "pdf-prizes": PUBLIC_PAGE,
    "pdf-prize-receipts": ARBITER_PAGE_GET_ONLY,
    "prizes-csv": ARBITER_PAGE_GET_ONLY,
    "manage-prizes": ARBITER_FORM,
    "manage-prizes-category": ARBITER_ACTION,
    "manage-prizes-category-delete": ARBITER_ACTION,
    "manage-prizes-prize": ARBITER_ACTION,
    "manage-prizes-prize-delete": ARBITER_ACTION,
    "manage-player-k-factor": ARBITER_ACTION,
    "pairing-round": ARBITER_PAGE_GET_ONLY,
    "pairing-request": ARBITER_ACTION_POST_ONLY,
    "pairing-repair": ARBITER_ACTION_POST_ONLY,
    "pairing-publish": ARBITER_ACTION_POST_ONLY,
    "pairing-unpublish": ARBITER_ACTION_POST_ONLY,
    "pairing-swap": ARBITER_ACTION_POST_ONLY,
    "pairing-exchange": ARBITER_ACTION_POST_ONLY,
    "pairing-edit": ARBITER_ACTION_POST_ONLY,
    "pairing-manual-pair": ARBITER_ACTION_POST_ONLY,
    "pairing-manual-unpair": ARBITER_ACTION_POST_ONLY,
    "pairing-manual-bye": ARBITER_ACTION_POST_ONLY,
    "pairing-manual-validate": ARBITER_ACTION_POST_ONLY,
    "pairing-numbers": ARBITER_PAGE_GET_ONLY,
    "pairing-numbers-draw": ARBITER_ACTION_POST_ONLY,
    "login": AUTH_PAGE,
    "logout": Rule(get=everyone(405), post=everyone(THROUGH)),
    "signup": AUTH_PAGE,
    "password_reset": AUTH_PAGE,
    "password_reset_done": AUTH_NOTICE,
    "password_reset_confirm": AUTH_PAGE,
    "password_reset_complete": AUTH_NOTICE,
    "set_language": Rule(get=everyone(THROUGH), post=everyone(THROUGH)),
    # events (issue 32): the public page; the event's pages for its organisers and arbiters
    # (the world's arbiter is our event's organiser and chief arbiter)
    "event-detail": PUBLIC_PAGE,
    "event-new": Rule(get=logged_in(200), post=logged_in(THROUGH)),
    "event-manage": ARBITER_PAGE,
    "event-edit": ARBITER_FORM,
    "event-section-new": ARBITER_FORM,
    "event-section-setup": ARBITER_ACTION,
    "event-section-attach": ARBITER_ACTION,
    "event-role-give": ARBITER_ACTION,
    "event-role-remove": ARBITER_ACTION,
    "event-move": ARBITER_ACTION,
    # online entries (issue 32): the form and the entry list for everyone; the queue for the
    # event's arbiters; the form's settings and the treasurer's list for its organisers (the
    # world's arbiter is both: tests/tournaments/views/test_online_entries.py tells them apart)
    "event-enter": Rule(get=everyone(200), post=everyone(THROUGH)),
    "event-entries": PUBLIC_PAGE,
    "event-entry-queue": ARBITER_PAGE_GET_ONLY,
    "event-entry-decide": ARBITER_ACTION_POST_ONLY,
    "event-entry-move": ARBITER_ACTION_POST_ONLY,
    "event-entry-desk": ARBITER_FORM,
    "event-entry-terms": ARBITER_ACTION_POST_ONLY,
    "event-entry-fees": ARBITER_FORM,
    "event-entry-fees-csv": ARBITER_PAGE_GET_ONLY,
    "admin:login": Rule(get=everyone(THROUGH), post=everyone(THROUGH)),
    "admin:logout": Rule(get=everyone(ANSWERED), post=everyone(ANSWERED)),
}
"""The rule of each named URL; the admin's are given by `rule_for`."""


def rule_for(route: Route) -> Rule | None:
    """The declared rule of `route`; None when nobody declared one (a test failure)."""
    if route.key in RULES:
        return RULES[route.key]
    if route.route.startswith("admin/"):
        parts = route.route.split("/")
        labels = {config.label for config in apps.get_app_configs()}
        model_page = len(parts) > 3 and parts[1] in labels
        return ADMIN_MODEL if model_page else ADMIN_SITE
    return None
