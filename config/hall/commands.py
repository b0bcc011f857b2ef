"""What `swiss-arbiter`'s commands do once Django is set up (config.hall.cli prepares it)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.utils import timezone

from config.hall.backups import SnapshotError, restore, snapshot
from config.hall.event import SnapshotClock, backup_folder, sqlite_database

logger = logging.getLogger(__name__)


def setup_database(*, demo: bool) -> None:
    """Bring the database up to date, collect the static files, load the demo when asked."""
    call_command("migrate", interactive=False, verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    if demo:
        call_command("load_demo", verbosity=0)
    if not get_user_model().objects.filter(is_superuser=True).exists():
        print("No administrator yet: swiss-arbiter manage createsuperuser")


def serve(*, host: str, port: int, threads: int) -> None:
    """Serve the application with waitress until Ctrl+C, with the hall's worker beside it."""
    from waitress import create_server

    from config.hall.worker import HallWorker
    from config.wsgi import application

    worker = HallWorker(on_tick=SnapshotClock()) if os.environ.get("HALL_WORKER") else None
    server = create_server(application, host=host, port=port, threads=threads, ident="")
    if worker is not None:
        worker.start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        if worker is not None:
            worker.stop()


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
