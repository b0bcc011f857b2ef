"""`/health`: whether the site can serve its pages and pair its rounds.

Three checks, each answered "ok" or what is wrong: the database (one `SELECT 1`), the Celery
broker (a connection to it) and a worker (a Celery `ping` that at least one worker answers).
JSON, no login, never cached; 200 when all three are up, 503 otherwise, so a load balancer, a
container's health check or a monitoring probe can read it (docs/deployment.md). Nothing is
written, and no detail of an error is shown (it goes to the log).

Without a broker (`CELERY_BROKER_URL` unset) Celery runs the tasks in the web process itself
(`settings.CELERY_TASK_ALWAYS_EAGER`): the broker and the worker are then "in process", and up.
"""

from __future__ import annotations

import logging

from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app

logger = logging.getLogger(__name__)

BROKER_TIMEOUT = 2
"""Seconds the broker has to accept a connection."""
WORKER_TIMEOUT = 1.0
"""Seconds the workers have to answer the ping."""

OK = "ok"
IN_PROCESS = "in process"
DOWN = "down"
NO_WORKER = "no worker answered"
UP = frozenset({OK, IN_PROCESS})


def database_status() -> str:
    """ "ok" when the database answers a query."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        logger.exception("health: the database does not answer")
        return DOWN
    return OK


def broker_status() -> str:
    """ "ok" when the broker accepts a connection within `BROKER_TIMEOUT`."""
    if app.conf.task_always_eager:
        return IN_PROCESS
    try:
        with app.connection_for_write(connect_timeout=BROKER_TIMEOUT) as broker:
            broker.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT)
    except Exception:  # kombu raises the transport's own errors: any of them means down
        logger.exception("health: the broker does not answer")
        return DOWN
    return OK


def worker_status() -> str:
    """ "ok" when at least one worker answers a ping within `WORKER_TIMEOUT`."""
    if app.conf.task_always_eager:
        return IN_PROCESS
    try:
        replies = app.control.ping(timeout=WORKER_TIMEOUT)
    except Exception:  # the broker went away between the two checks
        logger.exception("health: the ping could not be sent")
        return DOWN
    return OK if replies else NO_WORKER


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """The three checks; 200 when all are up, 503 otherwise. The worker is asked only when
    the broker answers (the ping goes through it)."""
    broker = broker_status()
    checks = {
        "database": database_status(),
        "broker": broker,
        "worker": worker_status() if broker in UP else DOWN,
    }
    healthy = all(value in UP for value in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )
