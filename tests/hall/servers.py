"""A hall (`swiss-arbiter`) in a subprocess for the tests: its own data folder, SQLite, no Redis."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SERVER_VARIABLES = (
    "DATABASE_URL",
    "CELERY_BROKER_URL",
    "REDIS_URL",
    "CACHE_URL",
    "DEBUG",
    "SECRET_KEY",
    "ALLOWED_HOSTS",
    "DJANGO_SETTINGS_MODULE",
    "VAR_DIR",
    "STATIC_ROOT",
    "PUBLIC_ADDRESS",
    "HALL_WIFI",
    "HALL_BACKUP_DIR",
)
"""The test run's settings, which a hall on its own must not inherit."""


def hall_environment(**extra: str) -> dict[str, str]:
    environment = {k: v for k, v in os.environ.items() if k not in SERVER_VARIABLES}
    return {**environment, **extra}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def get(url: str, timeout: float = 10, **headers: str) -> tuple[int, bytes]:
    """The status and body of a GET (an error status too)."""
    request = urllib.request.Request(url, headers=headers)  # noqa: S310 - loopback
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def repository_hall(data: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    """`python -m config.hall --data DATA ARGUMENTS` from the checkout (`make run`'s way)."""
    return subprocess.run(
        [sys.executable, "-m", "config.hall", "--data", str(data), *arguments],
        cwd=ROOT,
        env=hall_environment(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@contextlib.contextmanager
def running(
    command: Sequence[str | Path], *, cwd: Path, health: str, log: Path, **extra: str
) -> Iterator[None]:
    """Run the server `command` until the block ends; wait (90 s at most) for `health` first."""
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=hall_environment(**extra),
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            deadline, answer = time.monotonic() + 120, ""
            while time.monotonic() < deadline:
                assert process.poll() is None, log.read_text(errors="replace")
                try:
                    status, body = get(health, timeout=5)
                except OSError as error:
                    answer = repr(error)
                else:
                    if status == 200:
                        break
                    answer = f"{status} {body!r}"
                time.sleep(0.5)
            else:
                raise AssertionError(f"the hall did not start ({answer}): {log.read_text()}")
            yield
        finally:
            process.terminate()
            process.wait(timeout=30)


def source_copy(target: Path) -> Path:
    """The checkout's files a package is built from, copied (a build writes into its tree)."""
    ignored = shutil.ignore_patterns(
        ".git", ".venv", "var", "tests", "benchmarks", "build", "*.egg-info", "__pycache__",
        ".*_cache", ".hypothesis", "*.mo",
    )  # fmt: skip
    shutil.copytree(ROOT, target, ignore=ignored)
    return target
