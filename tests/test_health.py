"""`/health`: the database, the broker and a worker, in JSON, without a login (config/health.py).

The broker and the database are real servers, and so are their failures: a broker URL or a
database port where nothing listens. A real worker answering is tests/integration's."""

from __future__ import annotations

import copy
from collections.abc import Iterator

import pytest
from django.db import connection
from django.db.utils import ConnectionHandler
from django.test import Client

from config import health
from config.celery import app as celery_app
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = "/health"
NOTHING_LISTENS = "redis://127.0.0.1:8129/2"
"""A port of this session's range where no server runs."""


@pytest.fixture
def through_the_broker(redis_required: None) -> Iterator[None]:
    """Tasks go through the broker (as in production), not eagerly in the test process."""
    celery_app.conf.task_always_eager = False
    yield
    celery_app.conf.task_always_eager = True


@pytest.fixture
def broker_down(through_the_broker: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """Celery reads its broker's address from the environment first (`Settings.broker_url`)."""
    monkeypatch.setenv("CELERY_BROKER_URL", NOTHING_LISTENS)


def test_it_answers_ok_in_json_to_anyone_and_is_never_cached() -> None:
    response = Client().get(URL)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "status": "ok",
        "database": "ok",
        "broker": "in process",
        "worker": "in process",
    }
    assert "no-cache" in response["Cache-Control"]


def test_a_signed_in_user_gets_the_same_answer() -> None:
    client = Client()
    client.force_login(UserFactory.create())

    assert client.get(URL).json()["status"] == "ok"


def test_it_only_answers_get() -> None:
    assert Client().post(URL).status_code == 405


@pytest.mark.usefixtures("through_the_broker")
def test_without_a_worker_it_is_unavailable() -> None:
    response = Client().get(URL)

    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "ok",
        "broker": "ok",
        "worker": "no worker answered",
    }


@pytest.mark.usefixtures("broker_down")
def test_without_the_broker_it_is_unavailable_and_does_not_ask_the_workers() -> None:
    response = Client().get(URL)

    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "ok",
        "broker": "down",
        "worker": "down",
    }


def test_without_the_database_it_is_unavailable(
    postgresql_required: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = copy.deepcopy(connection.settings_dict)
    settings["PORT"] = "8128"  # this session's range: no PostgreSQL there
    unreachable = ConnectionHandler({"default": settings})["default"]
    monkeypatch.setattr(health, "connection", unreachable)

    response = Client().get(URL)

    assert response.status_code == 503
    assert response.json()["database"] == "down"
    assert "8128" not in response.content.decode()  # no detail of the error is shown
