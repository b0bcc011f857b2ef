"""The tournaments' versions kept in the cache (issue 22, tournaments/versions.py): read once from
the database, forgotten by every audited change (at once and when it commits), and kept no
longer than `VERSION_SECONDS` in case a request kept an old one during a commit."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from pytest_django import DjangoAssertNumQueries, DjangoCaptureOnCommitCallbacks

from tests.tournaments.conftest import tournament_with_players
from tournaments.models import Tournament
from tournaments.services.base import audit
from tournaments.versions import VERSION_SECONDS, site_version, tournament_version

pytestmark = pytest.mark.django_db


def _change(tournament: Tournament, arbiter: User) -> None:
    audit(tournament=tournament, by=arbiter, entity="tournament", entity_id=tournament.pk)


def test_a_version_once_read_costs_no_query(
    arbiter: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = tournament_with_players(4)
    version = tournament_version(tournament.slug)
    site = site_version()

    with django_assert_num_queries(0):
        assert tournament_version(tournament.slug) == version
        assert site_version() == site


def test_an_audited_change_gives_the_new_version_at_once_and_after_its_commit(
    arbiter: User, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    tournament = tournament_with_players(4)
    before, site_before = tournament_version(tournament.slug), site_version()

    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        _change(tournament, arbiter)
        inside = tournament_version(tournament.slug)
    after = tournament_version(tournament.slug)

    assert after is not None
    assert inside == after != before
    assert after.endswith(f".{tournament.revision}")
    assert site_version() != site_before


def test_the_commit_forgets_a_version_kept_meanwhile(
    arbiter: User, django_capture_on_commit_callbacks: DjangoCaptureOnCommitCallbacks
) -> None:
    tournament = tournament_with_players(4)
    old = tournament_version(tournament.slug)

    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        _change(tournament, arbiter)
        cache.set(f"version:t:{tournament.slug}", old)  # another worker read before the commit

    assert tournament_version(tournament.slug) != old


def test_an_old_version_kept_during_a_commit_lives_at_most_version_seconds(
    arbiter: User,
) -> None:
    tournament = tournament_with_players(4)
    with time_machine.travel(timezone.now(), tick=False) as clock:
        old = tournament_version(tournament.slug)
        Tournament.objects.filter(pk=tournament.pk).update(revision=tournament.revision + 1)
        assert tournament_version(tournament.slug) == old  # the race: the change not forgotten

        clock.shift(timedelta(seconds=VERSION_SECONDS + 1))

        assert tournament_version(tournament.slug) != old


def test_an_unknown_tournament_has_no_version_and_none_is_kept() -> None:
    assert tournament_version("no-such-tournament") is None
    assert cache.get("version:t:no-such-tournament") is None
