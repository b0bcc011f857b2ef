"""A real Celery worker process on the Redis broker, reading the test database."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app as celery_app
from tests.integration.worker import Worker, start_worker, stop_worker


@pytest.fixture
def celery_worker(
    transactional_db: None, postgresql_required: None, redis_required: None, tmp_path: Path
) -> Iterator[Worker]:
    """A worker on a fresh queue; tasks sent from the test go through Redis, not eagerly."""
    queue = f"test-{uuid.uuid4().hex[:12]}"
    celery_app.conf.task_always_eager = False
    worker = start_worker(tmp_path, queue)
    try:
        yield worker
    finally:
        stop_worker(worker)
        celery_app.conf.task_always_eager = True
