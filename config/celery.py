"""The Celery application; configured from Django settings (the CELERY_ prefix).

Each worker, once started, sends the pairing runs' sweep (`pairing.tasks.pairing_runs_sweep_task`):
a run whose worker died is sent again as soon as a worker is back, without waiting for beat; and
the check of FIDE's rating list (`tournaments.tasks.fetch_rating_lists_task`, VCL4THP Q135) when
the checks are automatic (`RATING_LISTS_FETCH_AUTOMATIC`), so a site that was off gets the lists
FIDE published meanwhile at once.
"""

from __future__ import annotations

import os
from typing import Any

from celery import Celery
from celery.signals import worker_ready
from django.conf import settings

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("config")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_ready.connect
def sweep_pairing_runs(**_: Any) -> None:
    """Send the pairing runs' and the background jobs' sweeps, and the check of FIDE's rating
    list, once this worker is ready."""
    app.send_task("pairing.tasks.pairing_runs_sweep_task")
    app.send_task("pairing.tasks.background_jobs_sweep_task")
    if settings.RATING_LISTS_FETCH_AUTOMATIC:
        app.send_task("tournaments.tasks.fetch_rating_lists_task")
