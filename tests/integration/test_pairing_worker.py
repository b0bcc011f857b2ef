"""Pairing through a real Celery worker on Redis, and a worker killed in the middle of it.

The kill test makes "the middle" reliable with a worker whose engine is slow (test code only:
`tests.integration.slow_worker` patches the engine the worker service calls): the worker claims
the run, then waits before the engine runs, and the test SIGKILLs it while the run is claimed.
The restarted (ordinary) worker gets the message back from Redis (visibility timeout shortened
to 2 s) and takes the run over once its claim is stale (`PAIRING_RUN_STALE_AFTER`, 2 s here):
exactly one pairing for the round.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from config.celery import app as celery_app
from pairing import tasks
from pairing.models import PairingRun, RunStatus
from pairing.services.rounds import round_request_pairing
from tests.integration.worker import Worker, start_worker, stop_worker
from tests.pairing.fixtures import expected_pairs, import_round_input
from tournaments.models import AuditEntry, Round, RoundState


def route_to(worker: Worker, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send the pairing task to the test worker's private queue."""

    def send(run_id: int) -> None:
        tasks.pair_round_task.apply_async(args=(run_id,), queue=worker.queue)

    monkeypatch.setattr(tasks.pair_round_task, "delay", send)


def wait_for(run: PairingRun, statuses: set[str], worker: Worker, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.status in statuses:
            return
        time.sleep(0.1)
    pytest.fail(f"run {run.pk} is {run.status}, not {statuses}:\n{worker.output()}")


def pairs(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def test_a_real_worker_pairs_the_worked_example_round_3_once(
    celery_worker: Worker, monkeypatch: pytest.MonkeyPatch
) -> None:
    route_to(celery_worker, monkeypatch)
    rnd = import_round_input(3).round_set.get(number=3)

    run = round_request_pairing(rnd=rnd, by=None)
    wait_for(run, {RunStatus.DONE, RunStatus.FAILED}, celery_worker)

    assert run.status == RunStatus.DONE, run.error
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PAIRED
    assert pairs(rnd) == expected_pairs(3)

    # A duplicated message finds the run done and changes nothing.
    tasks.pair_round_task.apply_async(args=(run.pk,), queue=celery_worker.queue)
    deadline = time.monotonic() + 30
    while celery_worker.output().count("succeeded") < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert celery_worker.output().count("succeeded") == 2, celery_worker.output()
    run.refresh_from_db()
    assert run.attempts == 1
    assert pairs(rnd) == expected_pairs(3)


@pytest.fixture
def not_eager() -> Iterator[None]:
    """Tasks sent from the test go through Redis (the `celery_worker` fixture does the same)."""
    celery_app.conf.task_always_eager = False
    try:
        yield
    finally:
        celery_app.conf.task_always_eager = True


def test_killing_the_worker_in_the_middle_of_a_pairing_still_gives_exactly_one_pairing(
    transactional_db: None,
    postgresql_required: None,
    redis_required: None,
    not_eager: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("CELERY_VISIBILITY_TIMEOUT", "2")
    monkeypatch.setenv("PAIRING_RUN_STALE_AFTER", "2")
    queue = f"test-kill-{time.monotonic_ns()}"
    first = start_worker(tmp_path, queue, slow_engine=30)
    route_to(first, monkeypatch)
    rnd = import_round_input(3).round_set.get(number=3)
    try:
        run = round_request_pairing(rnd=rnd, by=None)
        wait_for(run, {RunStatus.RUNNING}, first)
        first.process.send_signal(signal.SIGKILL)
        first.process.wait(10)
    finally:
        stop_worker(first)

    run.refresh_from_db()
    assert run.status == RunStatus.RUNNING
    assert not rnd.games.exists()

    time.sleep(3)  # past the visibility timeout and the claim's staleness
    (tmp_path / "restarted").mkdir()
    second = start_worker(tmp_path / "restarted", queue)
    try:
        wait_for(run, {RunStatus.DONE, RunStatus.FAILED}, second)
    finally:
        stop_worker(second)

    assert run.status == RunStatus.DONE, run.error
    assert run.attempts == 2
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PAIRED
    assert pairs(rnd) == expected_pairs(3)
    assert PairingRun.objects.filter(round=rnd).count() == 1
    assert (
        AuditEntry.objects.filter(entity="round", note__contains="paired by the engine").count()
        == 1
    )
