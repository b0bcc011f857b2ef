"""Two tournaments created with the same name at once, on PostgreSQL: both are created, under
two slugs (the second insert, refused by the unique slug, takes the next free one).

The race is made to happen, not hoped for: the first creation keeps its transaction open after
its insert; the second then finds the slug free (the first row is not committed), inserts it
and waits on the first's row; only once PostgreSQL shows that wait does the first commit."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, connection, transaction

from tests.factories import UserFactory
from tournaments.models import Tournament
from tournaments.services.base import tournament_insert
from tournaments.services.tournaments import TournamentSettings, tournament_create

pytestmark = pytest.mark.django_db(transaction=True)


def _waiting_locks() -> int:
    """Locks not granted in this test database: the second insert waiting on the first."""
    with connection.cursor() as cursor:
        cursor.execute(  # a row lock waits on the other's transaction id: no database column
            "SELECT count(*) FROM pg_locks JOIN pg_stat_activity USING (pid) "
            "WHERE NOT granted AND datname = current_database()"
        )
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def _race(create: Callable[[], Tournament]) -> list[object]:
    """`create` twice, the second inserting while the first's insert is not committed yet;
    each one's tournament or exception, first then second."""
    inserted, commit = threading.Event(), threading.Event()
    outcomes: dict[str, object] = {}

    def first() -> None:
        try:
            with transaction.atomic():
                outcomes["first"] = create()
                inserted.set()
                commit.wait(30)
        except Exception as error:  # noqa: BLE001 - reported to the test
            outcomes["first"] = error
        finally:
            inserted.set()
            connection.close()

    def second() -> None:
        try:
            outcomes["second"] = create()
        except Exception as error:  # noqa: BLE001 - reported to the test
            outcomes["second"] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    threads[0].start()
    assert inserted.wait(30)
    threads[1].start()
    deadline = time.monotonic() + 30
    while _waiting_locks() == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    waited = _waiting_locks() > 0
    commit.set()
    for thread in threads:
        thread.join(60)
    assert waited, "the second insert never waited on the first: no race was made"
    return [outcomes.get("first"), outcomes.get("second")]


def test_two_tournaments_created_with_one_name_at_once_get_two_slugs(
    postgresql_required: None,
) -> None:
    arbiter: User = UserFactory.create()

    outcomes = _race(
        lambda: tournament_create(settings=TournamentSettings(name="Spring Open"), by=arbiter)
    )

    assert all(isinstance(outcome, Tournament) for outcome in outcomes), outcomes
    assert sorted(Tournament.objects.values_list("slug", flat=True)) == [
        "spring-open",
        "spring-open-2",
    ]
    assert sorted(Tournament.objects.values_list("roles__user", flat=True)) == [arbiter.pk] * 2


def test_a_refusal_other_than_the_slug_is_not_retried(postgresql_required: None) -> None:
    """A row the database refuses for another reason keeps its error (no endless retry)."""
    tournament = Tournament(name="Open", rounds=-1)  # the rounds' check constraint

    with pytest.raises(IntegrityError):
        tournament_insert(tournament, name="Open")

    assert not Tournament.objects.exists()
