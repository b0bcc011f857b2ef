"""Celery tasks: each takes ids, calls one service and returns.

A `DjangoTask`, so the web side enqueues it after commit with `delay_on_commit` (Celery ≥ 5.4).
"""

from __future__ import annotations

import logging

from celery import shared_task
from celery.contrib.django.task import DjangoTask
from django.db import transaction
from django.utils import timezone

from pairing.exceptions import PairingRunInProgress
from pairing.services.runs import pairing_run_execute, pairing_runs_lost
from pairing.services.trf_import import IMPORT_CHECKS
from tournaments.models import BackgroundJob
from tournaments.services.jobs import background_job_execute, background_jobs_lost

logger = logging.getLogger(__name__)


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


@shared_task(base=DjangoTask, acks_late=True, reject_on_worker_lost=True)
def trf_import_job_task(job_id: int) -> None:
    """Do a TRF import's background job (its preview or the import itself, issue 30) with this
    app's engine checks; a duplicate finds the job claimed or ended."""
    background_job_execute(job_id=job_id, checks=IMPORT_CHECKS)


@shared_task(ignore_result=True)
def background_jobs_sweep_task() -> None:
    """Send the lost background jobs again (Celery beat, and each worker's start): pending jobs
    the queue refused or lost, jobs of a dead worker (`background_jobs_lost`)."""
    for job_id in background_jobs_lost():
        trf_import_job_send(job_id)


def trf_import_job_send(job_id: int) -> bool:
    """Send the job's task now; whether the queue took it. Never raises for a broker error: the
    job stays pending without `queued_at` and the sweep sends it when the queue is back."""
    try:
        trf_import_job_task.delay(job_id)
    except Exception:  # noqa: BLE001 - a broker error of any kind: the sweep sends it later
        logger.exception("background job %s not sent: the queue does not answer", job_id)
        return False
    BackgroundJob.objects.filter(pk=job_id).update(queued_at=timezone.now())
    return True


def trf_import_job_send_on_commit(job_id: int) -> None:
    """Send the job's task once the transaction that stored it commits (the import pages get
    this from config/urls.py: the tournaments app may not import this one)."""
    transaction.on_commit(lambda: trf_import_job_send(job_id))
