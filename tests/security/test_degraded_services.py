"""Issue 30, "degrade, don't fail": the cache answered from local memory while Redis is down,
sessions in the database, a short wait for the database before a 500."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.db import OperationalError, connection
from django.test import Client

from config.fallback_cache import FallbackRedisCache

DEAD_REDIS = "redis://127.0.0.1:9/1"  # nothing listens on the discard port


def test_a_cache_on_a_dead_redis_answers_from_local_memory_at_once() -> None:
    cache = FallbackRedisCache(DEAD_REDIS, {"TIMEOUT": 60})
    started = time.monotonic()

    cache.set("version:t", "v1")
    assert cache.get("version:t") == "v1"
    assert cache.add("new", 1) and cache.incr("new") == 2
    cache.delete_many(["version:t"])
    assert cache.get("version:t") is None
    assert cache.redis_down
    assert time.monotonic() - started < 2


def test_a_cache_on_a_live_redis_uses_it(settings: Any) -> None:
    url = str(settings.CELERY_BROKER_URL or "")
    if not url.startswith("redis://"):
        pytest.skip("no Redis server")
    cache = FallbackRedisCache(url, {"TIMEOUT": 60, "KEY_PREFIX": f"fallback-test-{time.time()}"})
    cache.set("k", "v")
    assert cache.primary.get("k") == "v"
    assert not cache.redis_down


def test_sessions_never_live_in_redis(settings: Any) -> None:
    assert settings.SESSION_ENGINE == "django.contrib.sessions.backends.db"


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("retry_seconds", [8, 0])
def test_a_page_waits_for_the_database_to_come_back(
    settings: Any, client: Client, retry_seconds: int
) -> None:
    """The connection is refused for 3 s (the database's port made wrong, then right again):
    with the wait the page answers 200 after it; without it (0) the request fails."""
    settings.DATABASE_RETRY_SECONDS = retry_seconds
    connection.close()
    real_port = connection.settings_dict["PORT"]
    connection.settings_dict["PORT"] = "9"

    def restart() -> None:
        time.sleep(3)
        connection.settings_dict["PORT"] = real_port

    back = threading.Thread(target=restart)
    back.start()
    started = time.monotonic()
    try:
        if retry_seconds:
            assert client.get("/").status_code == 200
            assert time.monotonic() - started > 2.9, "it waited for the database"
        else:
            with pytest.raises(OperationalError):
                client.get("/")
    finally:
        back.join()
        connection.settings_dict["PORT"] = real_port
