"""Celery tasks: each takes ids, calls one service and returns."""

from __future__ import annotations

from celery import shared_task

from tournaments.services.base import worker_heartbeat_record


@shared_task
def record_worker_heartbeat(heartbeat_id: int) -> None:
    """Mark a heartbeat as seen: proves a worker reached the broker and the database."""
    worker_heartbeat_record(heartbeat_id=heartbeat_id)
