"""Fixtures of the end-to-end tests: Debian's Chromium driven by Playwright, and a real Celery
worker on Redis that the web process (pytest-django's live server) sends its tasks to.

With CI set, a missing Chromium, PostgreSQL or Redis fails the test instead of
skipping it (tests/conftest.py `require_server`).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app as celery_app
from pairing import tasks
from tests.integration.worker import Worker, start_worker, stop_worker


@pytest.fixture
def celery_worker(
    transactional_db: None,
    postgresql_required: None,
    redis_required: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[Worker]:
    """A `celery worker` process on a private Redis queue; the pairing task that any thread of
    this process sends (the live server's included) goes to that queue, not eagerly."""
    queue = f"e2e-{uuid.uuid4().hex[:12]}"

    def send(run_id: int) -> None:
        tasks.pair_round_task.apply_async(args=(run_id,), queue=queue)

    monkeypatch.setattr(tasks.pair_round_task, "delay", send)
    celery_app.conf.task_always_eager = False
    worker = start_worker(tmp_path, queue)
    try:
        yield worker
    finally:
        stop_worker(worker)
        celery_app.conf.task_always_eager = True
