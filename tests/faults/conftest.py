"""The fault suite (issue 30, `make test` runs it; marker `faults`): real PostgreSQL, Redis,
gunicorn and Celery processes of its own (tests/faults/servers.py), stopped, killed and
restarted while the application works; each test asserts that no data is lost or half-written
and measures the recovery. Needs PostgreSQL's server binaries (/usr/lib/postgresql/*/bin) and
redis-server; as root, the cluster runs as the `postgres` user."""

from __future__ import annotations

import glob
import shutil
from collections.abc import Iterator

import pytest

from tests.conftest import require_server
from tests.faults.servers import Stack, stack


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "tests/faults/" in str(item.fspath):
            item.add_marker(pytest.mark.faults)


@pytest.fixture(scope="module")
def fault_stack() -> Iterator[Stack]:
    require_server(bool(glob.glob("/usr/lib/postgresql/*/bin/initdb")), "PostgreSQL's initdb")
    require_server(shutil.which("redis-server") is not None, "redis-server")
    with stack() as started:
        yield started
