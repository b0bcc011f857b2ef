"""A real worker on the Redis broker answers the health check (`/health`, config/health.py),
which then reports the database, the broker and the worker up."""

from __future__ import annotations

from django.test import Client

from tests.integration.worker import Worker


def test_a_real_worker_answers_the_health_check(celery_worker: Worker) -> None:
    response = Client().get("/health")

    assert response.status_code == 200, (response.content, celery_worker.output())
    assert response.json() == {"status": "ok", "database": "ok", "broker": "ok", "worker": "ok"}
