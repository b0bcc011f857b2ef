"""Sending pairing runs to the queue, and what happens when the queue (the broker) is down.

A run is stored first and sent after commit (`run_send_on_commit`); `queued_at` records each
send. If the broker does not answer, the send is logged, not raised: the request stays in the
database as a pending run without `queued_at`, the arbiter's page says the queue is down and the
request is kept, and the sweep (`pairing.tasks.pairing_runs_sweep_task`, Celery beat and each
worker's start-up) sends it when the queue is back. A service that would first destroy
something (discarding a draft to pair again) asks `require_queue` before, and is refused with
nothing changed while the queue is down.
"""

from __future__ import annotations

import logging

from celery import current_app
from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from pairing.exceptions import QueueUnavailable
from pairing.models import PairingRun
from pairing.tasks import pair_round_task

logger = logging.getLogger(__name__)
BROKER_CHECK_SECONDS = 2


def broker_answers() -> bool:
    """Whether the broker accepts a connection now (always, when tasks run in-process)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return True
    try:
        with current_app.connection_for_write() as connection:
            connection.ensure_connection(
                max_retries=1, interval_start=0, interval_step=0, timeout=BROKER_CHECK_SECONDS
            )
            client = getattr(connection.default_channel, "client", None)
            if client is not None:  # Redis connects lazily: ask it
                client.ping()
    except Exception:  # noqa: BLE001 - kombu raises several kinds; each means "not now"
        logger.warning("the Celery broker does not answer")
        return False
    return True


def require_queue() -> None:
    """Refuse (`QueueUnavailable`) while the broker does not answer."""
    if not broker_answers():
        raise QueueUnavailable(
            _(
                "The pairing queue is not answering (the server's Redis is down): nothing was "
                "changed. Try again in a minute."
            )
        )


def run_send(run_id: int) -> bool:
    """Send the run's task now; whether the queue took it. Never raises for a broker error."""
    try:
        pair_round_task.delay(run_id)
    except Exception:  # noqa: BLE001 - a broker error of any kind: the sweep sends it later
        logger.exception("pairing run %s not sent: the queue does not answer", run_id)
        return False
    PairingRun.objects.filter(pk=run_id).update(queued_at=timezone.now())
    return True


def run_send_on_commit(run_id: int) -> None:
    """Send the run's task once the transaction that stored it commits."""
    transaction.on_commit(lambda: run_send(run_id))
