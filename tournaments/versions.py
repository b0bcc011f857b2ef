"""The versions of the tournaments, kept in the cache so that a public page costs no database
query (issue 22, docs/public-pages.md).

A tournament's version is its row, the moment it was created (a database made again reuses ids)
and its `revision`, which `tournaments.services.base.audit` moves on in the same transaction as
every change a public page shows. The version is read from the cache (Redis in production, shared
by every worker); when it is not there it is read from the database and kept. Each audited change
forgets the kept versions once its transaction commits (`forget_versions`), so the next request
reads the new one.

One race remains: a request that read the old revision just before the commit may keep it just
after the change forgot it. The versions are therefore kept for `VERSION_SECONDS` only: such a
stale version lives at most that long, as long as a reverse proxy may keep a page anyway
(`s-maxage`).
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import transaction
from django.db.models import Count, Max, Sum

from tournaments.models import Tournament

VERSION_SECONDS = 5
"""How long a version read from the database is kept (the bound on a stale version)."""

SITE_KEY = "version:site"


def _tournament_key(slug: str) -> str:
    return f"version:t:{slug}"


def tournament_version(slug: str) -> str | None:
    """The version of the tournament `slug` (None when there is none)."""
    key = _tournament_key(slug)
    version: str | None = cache.get(key)
    if version is not None:
        return version
    row = Tournament.objects.filter(slug=slug).values_list("pk", "created", "revision").first()
    if row is None:
        return None
    pk, created, revision = row
    version = f"{pk}.{created.timestamp():.6f}.{revision}"
    cache.add(key, version, timeout=VERSION_SECONDS)  # add: a newer version kept meanwhile wins
    return version


def site_version() -> str:
    """The version of the list of tournaments: changes when one is added, removed or changed."""
    version: str | None = cache.get(SITE_KEY)
    if version is not None:
        return version
    totals = Tournament.objects.aggregate(count=Count("pk"), last=Max("pk"), sum=Sum("revision"))
    version = f"{totals['count']}.{totals['last']}.{totals['sum']}"
    cache.add(SITE_KEY, version, timeout=VERSION_SECONDS)
    return version


def forget_versions(tournament: Tournament) -> None:
    """Forget the kept versions of `tournament` and of the list of tournaments, now and again
    once the current transaction commits: the next request reads the new ones (`audit` calls
    this; a request inside the transaction reads its own change)."""
    keys = [_tournament_key(tournament.slug), SITE_KEY]
    cache.delete_many(keys)
    transaction.on_commit(lambda: cache.delete_many(keys))
