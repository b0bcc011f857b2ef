"""A task's round trip: the test process enqueues on Redis, a real worker writes the database."""

from __future__ import annotations

import time

from tests.integration.worker import Worker
from tournaments.models import WorkerHeartbeat
from tournaments.tasks import record_worker_heartbeat


def test_a_real_worker_records_a_heartbeat_through_redis_and_the_database(
    celery_worker: Worker,
) -> None:
    heartbeat = WorkerHeartbeat.objects.create()

    record_worker_heartbeat.apply_async(args=(heartbeat.pk,), queue=celery_worker.queue)

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        heartbeat.refresh_from_db()
        if heartbeat.seen_at is not None:
            break
        time.sleep(0.2)
    assert heartbeat.seen_at is not None, celery_worker.output()
    assert "record_worker_heartbeat[" in celery_worker.output()
