"""The hall's snapshots and the whole event in one download (issue 34).

`SnapshotClock` is the clock's work: it snapshots the database (`config.hall.backups`) when a
round has been published or completed since it last looked. `event_archive` is the event for
the arbiter's USB stick: a snapshot of the database and each tournament's TRF-2026 file.
"""

from __future__ import annotations

import io
import tempfile
import zipfile
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils import timezone

from config.hall.backups import snapshot
from standings.export_ranks import trf_ranks
from tournaments.domain.trf import TrfWriteError
from tournaments.models import Round, RoundState, Tournament
from tournaments.selectors.trf import tournament_trf_report

Mark = tuple[str, int, str]
"""A tournament's slug, a round's number and its state: published or completed."""

MARKED_STATES = (RoundState.PUBLISHED, RoundState.COMPLETED)


def sqlite_database() -> Path | None:
    """The file of the default database when it is SQLite (snapshots are SQLite's), else None."""
    if connection.vendor != "sqlite":
        return None
    return Path(settings.DATABASES["default"]["NAME"])


def backup_folder() -> Path:
    return Path(settings.HALL_BACKUP_DIR)


def round_marks() -> frozenset[Mark]:
    """Every round published or completed, as (tournament, number, state)."""
    rows = Round.objects.filter(state__in=MARKED_STATES).values_list(
        "tournament__slug", "number", "state"
    )
    return frozenset((slug, number, str(state)) for slug, number, state in rows)


class SnapshotClock:
    """Called by the hall's clock: a snapshot after each new publication or completed round."""

    def __init__(self) -> None:
        self._seen: frozenset[Mark] | None = None

    def __call__(self) -> None:
        database = sqlite_database()
        if database is None:
            return
        marks = round_marks()
        new = sorted(marks - self._seen) if self._seen is not None else []
        self._seen = marks
        if new:
            slug, number, state = new[-1]
            reason = f"{slug}-round-{number}-{state}"
            snapshot(
                database,
                backup_folder(),
                reason=reason,
                moment=timezone.now(),
                kept=settings.HALL_BACKUPS_KEPT,
            )


def event_archive() -> bytes:
    """A zip: `database.sqlite3` (a snapshot, SQLite only) and `<slug>.trf` in TRF-2026 for each
    tournament (`<slug>.txt` says why when the flavour cannot hold one)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        database = sqlite_database()
        if database is not None:
            with tempfile.TemporaryDirectory() as folder:
                copy = snapshot(
                    database, Path(folder), reason="event", moment=timezone.now(), kept=1
                )
                archive.write(copy, "database.sqlite3")
        for tournament in Tournament.objects.order_by("slug"):
            try:
                text = tournament_trf_report(tournament, "trf26", ranker=trf_ranks, mode="exchange")
            except TrfWriteError as error:
                archive.writestr(f"{tournament.slug}.txt", f"No TRF-2026 file: {error}\n")
                continue
            archive.writestr(f"{tournament.slug}.trf", text)
    return buffer.getvalue()
