"""Settings for the test suite and the type checker: the real servers when they answer.

PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test) and Redis
(CELERY_BROKER_URL, default redis://127.0.0.1:6379/15) are used when reachable. Outside CI a
missing server falls back to the embedded default (SQLite, no broker) with a warning; with CI set
the run fails at start instead, so no test that needs them can be skipped silently.

Parallel runs (pytest-xdist, `make test`): each worker has its own PostgreSQL test database
(pytest-django names them test_<name>_gw0, test_<name>_gw1, ...) and its own Redis database for the
broker: worker gwN uses the database number of CELERY_BROKER_URL minus N (15, 14, 13, ... with the
default), so the Celery workers the integration tests start read their own worker's broker. A run
without xdist uses CELERY_BROKER_URL as it is.
"""

from __future__ import annotations

import os
import socket
import sys
from urllib.parse import urlsplit, urlunsplit

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


def worker_broker_url(url: str, worker: str) -> str:
    """The broker URL of xdist worker `worker` ("gw0", "gw1", ...; "" outside xdist): the Redis
    database of `url` minus the worker's number, so that each worker has its own database."""
    if not worker:
        return url
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    number = base - int(worker.removeprefix("gw"))
    if number < 0:
        raise SystemExit(
            f"pytest-xdist worker {worker} would need Redis database {number} (databases "
            f"{base} down to 0 for the workers): use fewer workers or a higher database in "
            "CELERY_BROKER_URL."
        )
    return urlunsplit(parts._replace(path=f"/{number}"))


os.environ.setdefault("SECRET_KEY", "tests-only-secret-key")
_use_server("DATABASE_URL", DEFAULT_TEST_DATABASE_URL, "PostgreSQL")
_use_server("CELERY_BROKER_URL", DEFAULT_TEST_BROKER_URL, "Redis")
CONFIGURED_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "")
"""The broker the run was given, before the worker's database is chosen."""
if CONFIGURED_BROKER_URL:
    os.environ["CELERY_BROKER_URL"] = worker_broker_url(
        CONFIGURED_BROKER_URL, os.environ.get("PYTEST_XDIST_WORKER", "")
    )

from config.settings import *  # noqa: E402,F403

# No test reaches FIDE: the fetch tests serve the list from a server on localhost.
RATING_LISTS_FETCH_URL = ""
RATING_LISTS_FETCH_AUTOMATIC = False
CELERY_BEAT_SCHEDULE.pop("rating-lists-fetch", None)  # noqa: F405

# Unit tests run tasks in-process; the integration tests start a real worker on the broker.
CELERY_TASK_ALWAYS_EAGER = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405

# WhiteNoise warns (an error under pytest) when STATIC_ROOT does not exist before collectstatic.
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # noqa: F405
# Most tests reach views without the database; the retry's own tests (and tests/faults) turn it on.
DATABASE_RETRY_SECONDS = 0.0
