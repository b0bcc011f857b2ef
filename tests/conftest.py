"""Test-run wiring shared by every test: which servers the run uses, the CI rule, and the
repository left as it was found.

With CI set, a test that needs PostgreSQL, Redis or a Celery worker fails instead of skipping
(config/settings_test.py already refuses to start when a server does not answer). A run that
changes, adds or removes a file git would see (`git status`) fails at its end: tests write to their
temporary folders, never under the repository (`make screenshots` is the one exception).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

IN_CI = bool(os.environ.get("CI"))
ROOT = Path(__file__).resolve().parents[1]

pytest_plugins = ["tests.browser", "tests.slow_server", "tests.screenshots"]
"""The `chromium` fixture of the browser tests, the `slow_server` of the result entry's, and
the run's folder of their pictures."""


def pytest_report_header() -> list[str]:
    database = settings.DATABASES["default"]
    engine = str(database["ENGINE"]).rsplit(".", 1)[-1]
    where = database.get("HOST") or database["NAME"]
    broker = settings.CELERY_BROKER_URL or "none (tasks run eagerly)"
    return [f"database backend: {engine} ({where})", f"celery broker: {broker}"]


GitState = dict[str, str]
"""`git status --porcelain` of the repository: each path git reports, with its status and the
hash of its content (a file already changed before the run must not change again)."""
_GIT_STATE = pytest.StashKey[GitState]()


def git_state() -> GitState | None:
    """The repository's state as git sees it (ignored files aside); None outside a checkout."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        return None
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all", "-z"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    if status.returncode != 0:
        return None
    state: GitState = {}
    for entry in filter(None, status.stdout.split("\0")):
        path = ROOT / entry[3:]
        digest = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "-"
        state[entry[3:]] = f"{entry[:2]} {digest}"
    return state


def _checks_the_repository(config: pytest.Config) -> bool:
    """The controller of the run checks (not each xdist worker), except under `make screenshots`,
    which writes the manual's pictures on purpose."""
    return not hasattr(config, "workerinput") and os.environ.get("MAKE_SCREENSHOTS") != "1"


def pytest_sessionstart(session: pytest.Session) -> None:
    if _checks_the_repository(session.config):
        state = git_state()
        if state is not None:
            session.config.stash[_GIT_STATE] = state


def pytest_sessionfinish(session: pytest.Session) -> None:
    """Fails the run when its tests changed what git sees in the repository."""
    before = session.config.stash.get(_GIT_STATE, None)
    if before is None:
        return
    after = git_state() or {}
    changed = sorted(
        path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
    )
    if not changed:
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.write("\n")
        reporter.write_sep("=", "the tests wrote under the repository", red=True)
        for path in changed:
            reporter.write_line(
                f"{path}: {before.get(path, 'clean')} -> {after.get(path, 'clean')}"
            )
    session.exitstatus = pytest.ExitCode.TESTS_FAILED


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
