"""`worker_heartbeat_record` and its task (run eagerly here; tests/integration runs a worker)."""

from __future__ import annotations

import pytest

from tournaments.models import WorkerHeartbeat
from tournaments.services.base import worker_heartbeat_record
from tournaments.tasks import record_worker_heartbeat

pytestmark = pytest.mark.django_db


def test_it_marks_the_heartbeat_as_seen() -> None:
    heartbeat = WorkerHeartbeat.objects.create()

    worker_heartbeat_record(heartbeat_id=heartbeat.pk)

    heartbeat.refresh_from_db()
    assert heartbeat.seen_at is not None


def test_the_task_records_the_heartbeat() -> None:
    heartbeat = WorkerHeartbeat.objects.create()

    record_worker_heartbeat.delay(heartbeat.pk)

    heartbeat.refresh_from_db()
    assert heartbeat.seen_at is not None
