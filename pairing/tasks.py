"""Celery tasks: each takes ids, calls one service and returns.

A `DjangoTask`, so the web side enqueues it after commit with `delay_on_commit` (Celery ≥ 5.4).
"""

from __future__ import annotations

from celery import shared_task
from celery.contrib.django.task import DjangoTask

from pairing.exceptions import PairingRunInProgress
from pairing.services.runs import pairing_run_execute


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
