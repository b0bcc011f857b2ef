"""Fixtures of the end-to-end tests: Debian's Chromium driven by Playwright, and a real Celery
worker on Redis that the web process (pytest-django's live server) sends its tasks to.

With CI set, a missing Chromium, PostgreSQL or Redis fails the test instead of
skipping it (tests/conftest.py `require_server`).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection, connections
from playwright.sync_api import Browser, expect, sync_playwright

from config.celery import app as celery_app
from pairing import tasks
from tests.conftest import require_server
from tests.integration.worker import Worker, start_worker, stop_worker

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
EXPECT_TIMEOUT_MS = 30_000
"""Playwright's assertions wait this long (5 s by default): the test machine may be busy."""


@pytest.fixture
def chromium() -> Iterator[Browser]:
    """Debian's Chromium (never a browser downloaded by `playwright install`)."""
    require_server(shutil.which(CHROMIUM) is not None, f"Chromium ({CHROMIUM})")

    # The test's own ORM calls run beside Playwright's event loop.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    # The live server's threads must not keep their connections, or the test database could
    # not be dropped at the end.
    database = connection.settings_dict
    max_age = database["CONN_MAX_AGE"]
    database["CONN_MAX_AGE"] = 0
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser
            finally:
                browser.close()
                # Connections opened while Playwright's loop ran belong to its context.
                connections.close_all()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        database["CONN_MAX_AGE"] = max_age
        expect.set_options(timeout=None)


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
