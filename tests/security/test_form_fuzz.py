"""Seeded form fuzzer (issue 14): mutated posts to every form-handling URL never answer 500, and
a refused post changes no row.

A post counts as refused when it answers 4xx, queues an error message, re-renders a form with
errors or asks for a confirmation; then the tables must be exactly as before. `make test` runs
a few hundred cases, `make fuzz` thousands (FUZZ_CASES). Each case is seeded by its number, so
a failure names the case that reproduces it.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from io import BytesIO
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import constants, get_messages
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from pairing.models import PairingRun
from tests.fuzzing import fuzz_cases
from tests.security.form_targets import TARGETS, Fields, Target, mutated_post
from tests.security.upload_mutations import mutated_upload
from tests.security.world import World, build_world
from tournaments.models import (
    ArbiterInvitation,
    AuditEntry,
    Bye,
    CheckIn,
    CheckInSettings,
    Entry,
    EntryDesk,
    ForbiddenPair,
    Game,
    IntegrityEvent,
    Player,
    RatingCorrection,
    Round,
    SectionEntryTerms,
    Tournament,
    TournamentRole,
)

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

SEED = 14
log = logging.getLogger(__name__)
pytestmark = [
    pytest.mark.fuzz,
    pytest.mark.django_db,
    pytest.mark.usefixtures("postgresql_required"),
]

_TABLES = (
    Tournament,
    Player,
    Round,
    Game,
    Bye,
    ForbiddenPair,
    TournamentRole,
    ArbiterInvitation,
    IntegrityEvent,
    RatingCorrection,
    AuditEntry,
    CheckIn,
    CheckInSettings,
    PairingRun,
    Entry,
    EntryDesk,
    SectionEntryTerms,
    User,
)


def _rows() -> tuple[object, ...]:
    """A digest of every row a post could write (the users' last login, which a login sets,
    left out): one query, so that thousands of cases stay fast."""
    digests = [
        f"(select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from {table} t)"
        for table in (model._meta.db_table for model in _TABLES if model is not User)
    ]
    users = (
        "(select md5(string_agg(concat_ws(',', id, username, password, is_staff), '|'"
        f" order by id)) from {User._meta.db_table})"
    )
    with connection.cursor() as cursor:
        cursor.execute("select " + ", ".join([*digests, users]))
        row = cursor.fetchone()
    return tuple(row or ())


class _Crashed(Exception):
    """A 500: the case's savepoint is rolled back so the next case starts clean."""

    def __init__(self, response: TestResponse) -> None:
        self.response = response


def _refused(response: TestResponse) -> bool:
    if response.status_code >= 400:
        return True
    levels = {message.level for message in get_messages(response.wsgi_request)}
    if constants.ERROR in levels:
        return True
    context = response.context or {}
    form = context.get("form") if hasattr(context, "get") else None
    templates = {template.name for template in getattr(response, "templates", [])}
    confirming = bool(templates & {"tournaments/confirm.html", "tournaments/_confirmation.html"})
    return confirming or bool(form is not None and getattr(form, "errors", None))


def _client(world: World, kind: str) -> Client:
    client = Client(raise_request_exception=False)
    user = world.users[kind]
    if user is not None:
        client.force_login(user)
    return client


def _post(client: Client, url: str, data: Fields | dict[str, object], htmx: bool) -> TestResponse:
    headers = {"HX-Request": "true"} if htmx else {}
    try:
        with transaction.atomic():
            response = client.post(url, data, headers=headers)
            if response.status_code >= 500:
                raise _Crashed(response)
    except _Crashed as crashed:
        return crashed.response
    return response


@pytest.fixture
def world() -> World:
    return build_world()


def _run(
    world: World, cases: int, case: Callable[[random.Random], tuple[str, str, dict[str, object]]]
) -> tuple[list[str], list[str], dict[str, int]]:
    crashes: list[str] = []
    partial: list[str] = []
    counts = {"posts": 0, "refused": 0, "accepted": 0, "accepted and changed": 0}
    clients = {kind: _client(world, kind) for kind in world.users}
    for number in range(cases):
        rng = random.Random(SEED * 1_000_003 + number)
        world.keep_team()
        kind, url, data = case(rng)
        before = _rows()
        clients[kind].cookies.pop("messages", None)  # only this post's messages count
        response = _post(clients[kind], url, data, htmx=rng.random() < 0.3)
        counts["posts"] += 1
        if response.status_code >= 500:
            crashes.append(f"case {number}: {url} {data!r:.300}")
            continue
        if _refused(response):
            counts["refused"] += 1
            if _rows() != before:
                partial.append(f"case {number}: {url} {data!r:.300} ({response.status_code})")
        else:
            counts["accepted"] += 1
            counts["accepted and changed"] += _rows() != before
    return crashes, partial, counts


def test_no_mutated_form_post_crashes_or_half_writes(world: World) -> None:
    def case(rng: random.Random) -> tuple[str, str, dict[str, object]]:
        target: Target = rng.choice(TARGETS)
        return target.user, target.url(world), dict(mutated_post(rng, world, target.fields(world)))

    crashes, partial, counts = _run(world, fuzz_cases(300), case)
    log.warning("form posts: %s", counts)
    assert crashes == []
    assert partial == []
    assert counts["refused"] > counts["posts"] // 3
    assert counts["accepted and changed"] > 0, "the digest sees the rows a post writes"


def test_no_mutated_player_file_crashes_or_half_imports(world: World) -> None:
    url = reverse("manage-players-import", args=[world.ours.tournament.slug])

    def case(rng: random.Random) -> tuple[str, str, dict[str, object]]:
        file_format, content = mutated_upload(rng)
        upload = BytesIO(content)
        upload.name = rng.choice(["players.csv", "players.trf", "", "ü.txt"])
        data: dict[str, object] = {"format": file_format, "file": upload}
        if rng.random() < 0.1:
            del data["file"]
        return "arbiter", url, data

    crashes, partial, counts = _run(world, max(fuzz_cases(300) // 10, 30), case)
    log.warning("player file uploads: %s", counts)
    assert crashes == []
    assert partial == []
