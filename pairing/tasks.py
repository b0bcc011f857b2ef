"""Celery tasks: each takes ids, calls one service and returns.

A `DjangoTask`, so the web side enqueues it after commit with `delay_on_commit` (Celery ≥ 5.4).
"""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask

from pairing.exceptions import PairingRunInProgress
from pairing.services.runs import pairing_run_execute, pairing_runs_lost


@shared_task(
    base=DjangoTask,
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(PairingRunInProgress,),
    retry_backoff=5,
    retry_backoff_max=120,
    max_retries=50,
)
def pair_round_task(run_id: int) -> None:
    """Pair the run's round; a duplicate or a retry after a crash finds the run claimed or done."""
    pairing_run_execute(run_id=run_id)


@shared_task(ignore_result=True)
def pairing_runs_sweep_task() -> None:
    """Send the lost runs again (Celery beat every `PAIRING_RUN_SWEEP_SECONDS`, and each
    worker's start): pending runs the queue refused or lost, runs of a dead worker."""
    for run_id in pairing_runs_lost():
        pair_round_task.delay(run_id)
