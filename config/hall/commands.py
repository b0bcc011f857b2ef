"""What `swiss-arbiter`'s commands do once Django is set up (config.hall.cli prepares it)."""

from __future__ import annotations

import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from config.hall.backups import SnapshotError, restore, snapshot
from config.hall.event import backup_folder, sqlite_database


def setup_database(*, demo: bool) -> None:
    """Bring the database up to date, collect the static files, load the demo when asked."""
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    if demo:
        call_command("load_demo", verbosity=0)
    if not get_user_model().objects.filter(is_superuser=True).exists():
        print("No administrator yet: swiss-arbiter manage createsuperuser")


def serve(*, host: str, port: int, threads: int) -> None:
    """Serve the application with granian (one serving process, `threads` threads running the
    application, the worker beside them: config.hall.wsgi) until Ctrl+C."""
    from granian import Granian
    from granian.constants import Interfaces

    Granian(
        "config.hall.wsgi:hall_application",
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=1,
        blocking_threads=threads,
        factory=True,
        respawn_failed_workers=True,
    ).serve()


def backup_now() -> int:
    database = sqlite_database()
    if database is None:
        print("The database is not SQLite: back it up with its own tools (pg_dump).")
        return 1
    kept = settings.HALL_BACKUPS_KEPT
    path = snapshot(database, backup_folder(), reason="by-hand", moment=timezone.now(), kept=kept)
    print(f"Snapshot: {path}")
    return 0


def restore_snapshot(path: Path) -> int:
    """Put the snapshot back, then bring it up to date (a snapshot of an older version)."""
    database = sqlite_database()
    if database is None:
        print("The database is not SQLite: restore it with its own tools.", file=sys.stderr)
        return 1
    try:
        before = restore(
            path,
            database,
            folder=backup_folder(),
            moment=timezone.now(),
            kept=settings.HALL_BACKUPS_KEPT,
        )
    except SnapshotError as error:
        print(f"Nothing was restored: {error}", file=sys.stderr)
        return 1
    call_command("migrate", interactive=False, verbosity=0)
    print(f"Restored {path.name}; the database as it was is in {before}.")
    return 0
