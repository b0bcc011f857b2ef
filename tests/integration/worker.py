"""Starting and stopping a real `celery worker` process for integration tests."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

ROOT = Path(__file__).resolve().parents[2]


@dataclass
class Worker:
    """A running `celery worker` subprocess consuming one private queue."""

    queue: str
    process: subprocess.Popen[bytes]
    log: Path

    def output(self) -> str:
        return self.log.read_text(errors="replace")


def _test_database_url() -> str:
    db = connection.settings_dict
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{db['USER']}{password}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def start_worker(tmp_path: Path, queue: str, *, slow_engine: float | None = None) -> Worker:
    """A worker consuming `queue`; with `slow_engine`, its engine first waits that many seconds
    (`tests.integration.slow_worker`), so the test can kill it in the middle of a pairing."""
    entry = "celery" if slow_engine is None else "tests.integration.slow_worker"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "SECRET_KEY": "integration-tests",
        "DATABASE_URL": _test_database_url(),
        "CELERY_BROKER_URL": str(settings.CELERY_BROKER_URL),
        "RATING_LISTS_FETCH_URL": "",  # no test reaches FIDE
    }
    if slow_engine is not None:
        env["SLOW_ENGINE_SECONDS"] = str(slow_engine)
    log = tmp_path / f"worker-{queue}.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                entry,
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-Q",
                queue,
                "--loglevel=INFO",
            ],
            cwd=ROOT,
            env=env,
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    worker = Worker(queue=queue, process=process, log=log)
    deadline = time.monotonic() + 30
    while "ready." not in worker.output():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"the Celery worker did not start:\n{worker.output()}")
        time.sleep(0.2)
    return worker


def stop_worker(worker: Worker) -> None:
    if worker.process.poll() is None:
        worker.process.terminate()
        try:
            worker.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.process.kill()
            worker.process.wait()
