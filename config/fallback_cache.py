"""The shared Redis cache with a way out: when Redis does not answer, each process carries on
with a small cache in its own memory (issue 30, "degrade, don't fail").

Every page and the standings are built from the database; the cache only saves work. So a cache
call that fails with a Redis error is answered by the process's local memory instead, Redis is
not asked again for `RETRY_SECONDS` (a page does not wait for a dead server on each call), and
the local entries live at most `LOCAL_SECONDS`: the tournaments' versions kept there cannot go
stale for long in the other processes. When Redis answers again, the process empties it once:
changes made meanwhile only invalidated local copies, and Redis still holds the versions from
before the outage.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)
RETRY_SECONDS = 5.0
LOCAL_SECONDS = 5
FAILURES = (RedisError, OSError)


class FallbackRedisCache(BaseCache):
    """Django's `RedisCache`, answered from local memory while Redis is down (see the module)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        options = {"socket_connect_timeout": 0.5, "socket_timeout": 0.5}
        options.update(params.get("OPTIONS", {}))
        self.primary = RedisCache(server, {**params, "OPTIONS": options})
        self.local = LocMemCache(
            f"fallback-{id(self)}", {"TIMEOUT": LOCAL_SECONDS, "OPTIONS": {"MAX_ENTRIES": 1000}}
        )
        self._lock = threading.Lock()
        self._down_until = 0.0
        self._was_down = False

    @property
    def redis_down(self) -> bool:
        """Whether Redis failed within the last `RETRY_SECONDS`."""
        return time.monotonic() < self._down_until

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if not self.redis_down:
            try:
                if self._was_down:
                    self.primary.clear()  # versions from before the outage: stale
                    with self._lock:
                        self._was_down = False
                    self.local.clear()
                    logger.warning("Redis answers again: the shared cache was emptied")
                return getattr(self.primary, name)(*args, **kwargs)
            except FAILURES as error:
                with self._lock:
                    self._down_until = time.monotonic() + RETRY_SECONDS
                    self._was_down = True
                logger.warning("Redis does not answer (%s): the cache is local for now", error)
        kwargs.pop("timeout", None)  # local entries keep LOCAL_SECONDS
        return getattr(self.local, name)(*args, **kwargs)

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("add", key, value, timeout=timeout, version=version)

    def get(self, key: Any, default: Any = None, version: Any = None) -> Any:
        return self._call("get", key, default=default, version=version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("set", key, value, timeout=timeout, version=version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("touch", key, timeout=timeout, version=version)

    def delete(self, key: Any, version: Any = None) -> Any:
        self.local.delete(key, version=version)
        return self._call("delete", key, version=version)

    def get_many(self, keys: Any, version: Any = None) -> Any:
        return self._call("get_many", keys, version=version)

    def has_key(self, key: Any, version: Any = None) -> Any:
        return self._call("has_key", key, version=version)

    def incr(self, key: Any, delta: int = 1, version: Any = None) -> Any:
        return self._call("incr", key, delta=delta, version=version)

    def set_many(self, data: Any, timeout: Any = DEFAULT_TIMEOUT, version: Any = None) -> Any:
        return self._call("set_many", data, timeout=timeout, version=version)

    def delete_many(self, keys: Any, version: Any = None) -> Any:
        self.local.delete_many(keys, version=version)
        return self._call("delete_many", keys, version=version)

    def clear(self) -> Any:
        self.local.clear()
        return self._call("clear")

    def close(self, **kwargs: Any) -> None:
        self.primary.close(**kwargs)
