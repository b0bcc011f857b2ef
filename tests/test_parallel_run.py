"""The parallel run's isolation (config/settings_test.py): under pytest-xdist each worker has its
own PostgreSQL test database and its own Redis database for the broker, so the Celery workers the
integration tests start read their own worker's broker."""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.db import connection

from config.settings_test import CONFIGURED_BROKER_URL, worker_broker_url


def test_outside_xdist_the_broker_url_is_kept() -> None:
    assert worker_broker_url("redis://127.0.0.1:6379/15", "") == "redis://127.0.0.1:6379/15"


def test_each_worker_counts_down_from_the_configured_database() -> None:
    assert worker_broker_url("redis://127.0.0.1:6379/15", "gw0") == "redis://127.0.0.1:6379/15"
    assert worker_broker_url("redis://127.0.0.1:6379/15", "gw3") == "redis://127.0.0.1:6379/12"
    assert worker_broker_url("redis://:pw@redis:6380/9", "gw1") == "redis://:pw@redis:6380/8"


def test_a_worker_beyond_database_0_stops_the_run_with_a_clear_message() -> None:
    with pytest.raises(SystemExit, match="use fewer workers or a higher database"):
        worker_broker_url("redis://127.0.0.1:6379/1", "gw2")


@pytest.mark.django_db
def test_this_worker_has_its_own_test_database_and_broker_database() -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker:
        pytest.skip("not a parallel run (pytest -n)")
    assert connection.settings_dict["NAME"].endswith(f"_{worker}")
    if CONFIGURED_BROKER_URL:
        expected = worker_broker_url(CONFIGURED_BROKER_URL, worker)
        assert expected == settings.CELERY_BROKER_URL
