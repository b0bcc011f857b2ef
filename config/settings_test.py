"""Settings for the test suite and the type checker: the real servers when they answer.

PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and Redis
(CELERY_BROKER_URL, default redis://127.0.0.1:6379/15) are used when reachable. Outside CI a
missing server falls back to the embedded default (SQLite, no broker) with a warning; with CI set
the run fails at start instead, so no test that needs them can be skipped silently.
"""

from __future__ import annotations

import os
import socket
import sys
from urllib.parse import urlsplit

DEFAULT_TEST_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/test"
DEFAULT_TEST_BROKER_URL = "redis://127.0.0.1:6379/15"
IN_CI = bool(os.environ.get("CI"))


def _reachable(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme.startswith("sqlite"):
        return True
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 0), 2):
            return True
    except OSError:
        return False


def _use_server(variable: str, default: str, what: str) -> None:
    url = os.environ.get(variable) or default
    if _reachable(url):
        os.environ[variable] = url
    elif IN_CI:
        raise SystemExit(f"CI: {what} at {url} does not answer; the test run cannot use it.")
    else:
        os.environ.pop(variable, None)
        sys.stderr.write(f"warning: {what} at {url} does not answer; using the embedded default.\n")


os.environ.setdefault("SECRET_KEY", "tests-only-secret-key")
_use_server("DATABASE_URL", DEFAULT_TEST_DATABASE_URL, "PostgreSQL")
_use_server("CELERY_BROKER_URL", DEFAULT_TEST_BROKER_URL, "Redis")

from config.settings import *  # noqa: E402,F403

# Unit tests run tasks in-process; the integration tests start a real worker on the broker.
CELERY_TASK_ALWAYS_EAGER = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405

# WhiteNoise warns (an error under pytest) when STATIC_ROOT does not exist before collectstatic.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405
