"""Test-run wiring shared by every test: which servers the run uses, and the CI rule.

With CI set, a test that needs PostgreSQL, Redis or a Celery worker fails instead of skipping
(config/settings_test.py already refuses to start when a server does not answer).
"""

from __future__ import annotations

import os

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

IN_CI = bool(os.environ.get("CI"))

pytest_plugins = ["tests.browser", "tests.slow_server"]
"""The `chromium` fixture of the browser tests, and the `slow_server` of the result entry's."""


def pytest_report_header() -> list[str]:
    database = settings.DATABASES["default"]
    engine = str(database["ENGINE"]).rsplit(".", 1)[-1]
    where = database.get("HOST") or database["NAME"]
    broker = settings.CELERY_BROKER_URL or "none (tasks run eagerly)"
    return [f"database backend: {engine} ({where})", f"celery broker: {broker}"]


def require_server(available: bool, what: str) -> None:
    """Skip a test whose server is missing, except in CI, where that is a failure."""
    if available:
        return
    if IN_CI:
        pytest.fail(f"{what} is required in CI but is not available")
    pytest.skip(f"{what} is not available")


@pytest.fixture
def postgresql_required() -> None:
    require_server(
        settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql", "PostgreSQL"
    )


@pytest.fixture
def redis_required() -> None:
    require_server(bool(settings.CELERY_BROKER_URL), "Redis")


@pytest.fixture(autouse=True)
def _english() -> None:
    """Each test starts in English, the default language: a request of an earlier test in
    another language leaves that language active in the thread (LocaleMiddleware), and
    services called directly would then answer in it."""
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Each test starts with an empty cache: the public pages' versions are kept by slug, and
    tests reuse slugs (tournaments/versions.py)."""
    cache.clear()
