"""Celery tasks: each takes ids, calls one service and returns.

`PAIRING_TASK_TEST_DELAY` (seconds; tests only, unset in production) makes the task's engine
wait before pairing, so an integration test can kill the worker in the middle of a pairing.
The engine itself never reads it.
"""

from __future__ import annotations

import os
import time

from celery import shared_task

from pairing import services
from pairing.engine import DutchConfig, RoundPairing, pair
from pairing.exceptions import PairingRunInProgress
from tournaments.domain.state import TournamentState


def _delayed_pair(state: TournamentState, config: DutchConfig) -> RoundPairing:
    time.sleep(float(os.environ["PAIRING_TASK_TEST_DELAY"]))
    return pair(state, config)


@shared_task(
    acks_late=True,
    reject_on_worker_lost=True,
    autoretry_for=(PairingRunInProgress,),
    retry_backoff=5,
    retry_backoff_max=120,
    max_retries=50,
)
def pair_round_task(run_id: int) -> None:
    """Pair the run's round; a duplicate or a retry after a crash finds the run claimed or done."""
    engine = _delayed_pair if os.environ.get("PAIRING_TASK_TEST_DELAY") else pair
    services.pairing_run_execute(run_id=run_id, engine=engine)
