"""The hall's background work, in threads of the server's process (issue 34).

Without Redis the hall sends Celery's tasks through Kombu's in-memory transport (`memory://`)
to a real Celery worker running in a thread of this process (`WorkController`, one task at a
time): a pairing or a TRF import runs off the request's thread, with the claims, heartbeats and
retries of a worker on its own (docs/pairing-runs.md). The in-memory queue is lost when the
process stops, but the database holds the work: the runs and jobs are stored before they are
sent, and the sweep, which a clock thread sends every `PAIRING_RUN_SWEEP_SECONDS` as Celery
beat would, sends again whatever was not done. The same clock takes the database snapshots
after each publication and each completed round (`config.hall.snapshots`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from celery.worker import WorkController
from django.conf import settings
from django.db import close_old_connections, connection

from config.celery import app

logger = logging.getLogger(__name__)

CLOCK_SECONDS = 2.0
"""How often the clock looks for a new publication to snapshot."""


class HallWorker:
    """The in-process Celery worker and the clock (`start`, then `stop` at the end)."""

    def __init__(self, *, on_tick: Callable[[], None]) -> None:
        self._stop = threading.Event()
        self._on_tick = on_tick
        self._controller = WorkController(
            app=app,
            hostname="hall@localhost",
            pool="solo",
            concurrency=1,
            without_heartbeat=True,
            without_mingle=True,
            without_gossip=True,
            loglevel="INFO",
        )
        self._threads = [
            threading.Thread(target=self._work, name="hall-celery-worker", daemon=True),
            threading.Thread(target=self._clock, name="hall-clock", daemon=True),
        ]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._controller.stop()
        for thread in self._threads:
            thread.join(timeout=10)

    def _work(self) -> None:
        try:
            self._controller.start()
        finally:
            connection.close()

    def _clock(self) -> None:
        sweep_every = max(1, round(settings.PAIRING_RUN_SWEEP_SECONDS / CLOCK_SECONDS))
        ticks = 0
        try:
            while not self._stop.wait(CLOCK_SECONDS if ticks else 0):
                close_old_connections()
                if ticks % sweep_every == 0:
                    app.send_task("pairing.tasks.pairing_runs_sweep_task")
                    app.send_task("pairing.tasks.background_jobs_sweep_task")
                try:
                    self._on_tick()
                except Exception:  # the clock goes on: a snapshot failed, the next may not
                    logger.exception("the hall's clock: a snapshot failed")
                ticks += 1
        finally:
            connection.close()
