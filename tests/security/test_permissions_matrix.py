"""The permissions matrix (issue 14): every URL pattern, resolved from the URLconf, for seven
kinds of user (`world.USER_KINDS`), GET and POST, against the declared table of
`access_rules`; then CSRF (a POST without a token is refused) and IDOR (another tournament's
ids under this tournament's slug are 404s and its rows stay as they were)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.db import transaction
from django.test import Client
from django.urls import reverse

from tests.security.access_rules import (
    ADMIN_LOGIN,
    ANSWERED,
    LOGIN,
    NO_PAGE,
    THROUGH,
    Expect,
    Route,
    routes,
    rule_for,
)
from tests.security.world import USER_KINDS, Rows, World, build_world
from tournaments.models import (
    ArbiterInvitation,
    Bye,
    ForbiddenPair,
    Game,
    IntegrityEvent,
    Player,
    TournamentRole,
)

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

log = logging.getLogger(__name__)
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("postgresql_required")]

_EXTRA_KWARGS = {
    "object_id": "1",
    "content_type_id": "1",
    "id": "1",
    "app_label": "tournaments",
    "url": "nothing-here/",
    "uidb64": "MQ",
    "page": "results",  # the manual's pages and screenshots (/help/)
    "name": "dashboard",
    "fide_id": "4100018",  # a player's profile (issue 35)
    "player_name": "Alice",
}


@pytest.fixture
def world() -> World:
    return build_world()


def _url(route: Route, world: World, rows: Rows | None = None) -> str:
    values = {**_EXTRA_KWARGS, **world.url_kwargs(rows)}
    if route.name == "password_reset_confirm":
        values["token"] = "set-password"
    kwargs = {name: values[name] for name in route.keywords}
    if route.name is None:
        return "/" + route.route.replace("(?P<url>.*)$", "nothing-here/").replace(
            "<path:object_id>", "1"
        )
    return reverse(route.name, kwargs=kwargs)


def _answer(client: Client, user: User | None, method: str, url: str) -> TestResponse:
    """One request in a savepoint rolled back afterwards, so every request sees the same rows
    (a logout included), the user logged in afresh for it."""
    client.cookies.clear()
    with transaction.atomic():
        if user is not None:
            client.force_login(user)
        response = client.get(url) if method == "GET" else client.post(url, {})
        transaction.set_rollback(True)
    return response


def _matches(response: TestResponse, expect: Expect) -> bool:
    location = response.get("Location", "")
    if expect == LOGIN:
        return response.status_code == 302 and location.startswith(reverse("login"))
    if expect == ADMIN_LOGIN:
        return response.status_code == 302 and location.startswith(reverse("admin:login"))
    to_login = "login/?next=" in location
    if expect == THROUGH:
        return (
            response.status_code < 500 and response.status_code not in {403, 405} and not to_login
        )
    if expect == ANSWERED:
        return response.status_code < 500 and not to_login
    if expect == NO_PAGE:
        return (
            response.status_code not in {200, 500} and response.status_code < 500 and not to_login
        )
    return response.status_code == expect


def _all_routes() -> Iterator[Route]:
    seen: set[str] = set()
    for route in routes():
        if route.route not in seen:  # a route listed twice resolves to its first pattern
            seen.add(route.route)
            yield route


def covered_routes() -> list[Route]:
    """The URL patterns the matrix asks, each once: those with a declared rule (the others fail
    the test below). docs/deployment.md's figures count them (test_documented_figures.py)."""
    return [route for route in _all_routes() if rule_for(route) is not None]


def test_every_url_pattern_has_a_declared_access_rule() -> None:
    missing = [route.key for route in _all_routes() if rule_for(route) is None]
    assert missing == [], (
        f"URLs without an access rule in tests/security/access_rules.py: {missing}"
    )


def test_every_url_answers_each_kind_of_user_as_declared(world: World) -> None:
    wrong: list[str] = []
    checked = 0
    covered = covered_routes()
    clients = {kind: Client(raise_request_exception=False) for kind in USER_KINDS}
    for route in covered:
        rule = rule_for(route)
        assert rule is not None
        url = _url(route, world)
        for method, expected in (("GET", rule.get), ("POST", rule.post)):
            for kind in USER_KINDS:
                response = _answer(clients[kind], world.users[kind], method, url)
                checked += 1
                if not _matches(response, expected[kind]):
                    got = f"{response.status_code} {response.get('Location', '')}".strip()
                    wrong.append(f"{method} {url} as {kind}: expected {expected[kind]}, got {got}")
    log.warning("permissions matrix: %d URL patterns, %d requests", len(covered), checked)
    assert not wrong, "\n".join(wrong)


CSRF_EXEMPT = {"set_language"}
"""The language switcher (config/urls.py): the cached public pages carry no token, and a forged
post only changes the language a browser sees."""

READ_ONLY_API = "api-v1:"
"""The read API (issue 35): django-ninja's views skip Django's CSRF check (ninja checks it
itself for cookie-authenticated operations), and every operation is a GET: a post is refused
405 whatever its token, and writes nothing."""


def test_a_post_without_a_csrf_token_is_refused_everywhere(world: World) -> None:
    accepted: list[str] = []
    for route in _all_routes():
        if route.name in CSRF_EXEMPT:
            continue
        url = _url(route, world)
        for kind in ("anonymous", "arbiter"):
            client = Client(enforce_csrf_checks=True, raise_request_exception=False)
            user = world.users[kind]
            if user is not None:
                client.force_login(user)
            with transaction.atomic():
                response = client.post(url, {"name": "x"})
                transaction.set_rollback(True)
            refused = {403, 405} if (route.name or "").startswith(READ_ONLY_API) else {403}
            if response.status_code not in refused:
                accepted.append(f"POST {url} as {kind}: {response.status_code}")
    assert accepted == []


def _their_rows(rows: Rows) -> dict[str, list[tuple[object, ...]]]:
    tournament = rows.tournament
    querysets = {
        "players": Player.objects.filter(tournament=tournament),
        "games": Game.objects.filter(round__tournament=tournament),
        "byes": Bye.objects.filter(round__tournament=tournament),
        "pairs": ForbiddenPair.objects.filter(tournament=tournament),
        "roles": TournamentRole.objects.filter(tournament=tournament),
        "invitations": ArbiterInvitation.objects.filter(tournament=tournament),
        "events": IntegrityEvent.objects.filter(tournament=tournament),
    }
    return {name: sorted(rows.values_list(), key=repr) for name, rows in querysets.items()}


def test_ids_of_another_tournament_in_urls_are_not_found(world: World) -> None:
    foreign = [r for r in _all_routes() if {"bye_id", "pair_id", "game_id"} & set(r.keywords)]
    assert len(foreign) >= 4
    client = Client(raise_request_exception=False)
    client.force_login(world.arbiter)
    before = _their_rows(world.theirs)
    for route in foreign:
        values = world.url_kwargs(world.theirs)
        values["slug"] = world.ours.tournament.slug
        url = reverse(str(route.name), kwargs={name: values[name] for name in route.keywords})
        assert client.post(url).status_code == 404, url
    assert _their_rows(world.theirs) == before


def test_ids_of_another_tournament_in_posted_fields_change_nothing_there(world: World) -> None:
    theirs = world.theirs.tournament
    their_players = [str(pk) for pk in theirs.players.order_by("pk").values_list("pk", flat=True)]
    their_chief = str(theirs.roles.get().user_id)
    posts = {
        "manage-forbidden-new": {"first": their_players[0], "second": their_players[1]},
        "manage-arbiters-remove": {"user": their_chief},
        "manage-arbiters-hand-over": {"user": their_chief},
        "manage-arbiters-withdraw": {"invitation": str(theirs.arbiter_invitations.get().pk)},
        "manage-events-undo": {
            "event": str(theirs.integrity_events.values_list("pk", flat=True).first() or 0)
        },
    }
    round_posts = {
        "pairing-manual-pair": {"white": their_players[0], "black": their_players[1]},
        "pairing-manual-bye": {"player": their_players[2]},
        "pairing-exchange": {
            "game_a": str(world.theirs.game_id),
            "game_b": str(world.theirs.game_id + 1),
        },
    }
    client = Client(raise_request_exception=False)
    client.force_login(world.arbiter)
    before = _their_rows(world.theirs)
    slug = world.ours.tournament.slug
    for name, data in posts.items():
        assert client.post(reverse(name, args=[slug]), data).status_code < 500, name
    client.post(reverse("pairing-edit", args=[slug, 3]))
    for name, data in round_posts.items():
        assert client.post(reverse(name, args=[slug, 3]), data).status_code < 500, name
    assert _their_rows(world.theirs) == before
