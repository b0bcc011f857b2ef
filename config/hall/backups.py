"""Snapshots of the hall's SQLite database (issue 34): taken with SQLite's online backup, so the
server keeps running (and writing) while one is taken, and each is a whole, consistent database.

A snapshot is a file of the data folder's `backups/`, named after its moment and its reason
(`20261128-101502-123456-worked-example-round-3-published.sqlite3`); the last `kept` are kept.
`restore` copies a snapshot back into the live database with the same backup API, after a
snapshot of the current state (`before-restore`), so that a restore can itself be undone.
"""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from datetime import datetime
from pathlib import Path

SUFFIX = ".sqlite3"
_NOT_NAME = re.compile(r"[^a-z0-9]+")


class SnapshotError(Exception):
    """A file that is not a usable snapshot, or a database that cannot be snapshotted."""


def _name(reason: str, moment: datetime) -> str:
    words = _NOT_NAME.sub("-", reason.lower()).strip("-")[:80] or "snapshot"
    return f"{moment:%Y%m%d-%H%M%S-%f}-{words}{SUFFIX}"


def snapshots(folder: Path) -> list[Path]:
    """The snapshots of `folder`, oldest first."""
    if not folder.is_dir():
        return []
    return sorted(path for path in folder.glob(f"*{SUFFIX}") if path.is_file())


def snapshot(database: Path, folder: Path, *, reason: str, moment: datetime, kept: int) -> Path:
    """Copy `database` (online) into a new snapshot of `folder`; keep the last `kept`."""
    if not database.is_file():
        raise SnapshotError(f"There is no database at {database}.")
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / _name(reason, moment)
    partial = target.with_suffix(".partial")
    with closing(sqlite3.connect(database)) as source, closing(sqlite3.connect(partial)) as copy:
        source.backup(copy)
    partial.replace(target)  # a snapshot is there whole or not at all
    for old in snapshots(folder)[:-kept] if kept > 0 else []:
        old.unlink(missing_ok=True)
    return target


def check(path: Path) -> None:
    """Refuse (`SnapshotError`) a file that is not an intact database of this application."""
    if not path.is_file():
        raise SnapshotError(f"There is no file at {path}.")
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            (verdict,) = db.execute("PRAGMA quick_check").fetchone()
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master")}
    except sqlite3.DatabaseError as error:
        raise SnapshotError(f"{path.name} is not an SQLite database ({error}).") from None
    if verdict != "ok":
        raise SnapshotError(f"{path.name} is damaged: {verdict}")
    if not {"django_migrations", "tournaments_tournament"} <= tables:
        raise SnapshotError(f"{path.name} is not a database of this application.")


def restore(path: Path, database: Path, *, folder: Path, moment: datetime, kept: int) -> Path:
    """Copy the snapshot `path` into `database`, after a snapshot of the current database (which
    is returned). Checked first: a file that is not an intact snapshot changes nothing."""
    check(path)
    with closing(sqlite3.connect(":memory:")) as held:
        with closing(sqlite3.connect(path)) as source:
            source.backup(held)  # read first: the snapshot below may prune the file restored
        before = snapshot(database, folder, reason="before-restore", moment=moment, kept=kept)
        with closing(sqlite3.connect(database)) as live:
            held.backup(live)
    return before
