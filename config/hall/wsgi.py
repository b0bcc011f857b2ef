"""The hall's WSGI application, made by granian in its serving process (`factory=True`): Django's
application, and, without Redis, the in-process Celery worker and the clock started beside it in
that same process (the in-memory transport reaches only its own process: config.hall.worker)."""

from __future__ import annotations

import atexit
import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from django.core.handlers.wsgi import WSGIHandler


def hall_application() -> WSGIHandler:
    from config.wsgi import application

    if os.environ.get("HALL_WORKER"):
        from config.hall.event import SnapshotClock
        from config.hall.worker import HallWorker

        worker = HallWorker(on_tick=SnapshotClock())
        worker.start()
        atexit.register(worker.stop)
    return application
