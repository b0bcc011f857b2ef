"""The fault suite's own servers: a PostgreSQL cluster (initdb into a temporary directory, run as
the `postgres` user when the suite runs as root, since initdb refuses root), a Redis server, the
application under gunicorn and Celery worker and beat processes, each on a free port and each
started and stopped by the suite. The shared servers of the machine are never touched."""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_for_port(
    port: int, seconds: float, process: subprocess.Popen[bytes] | None = None
) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the process on port {port} exited with {process.returncode}")
        time.sleep(0.1)
    raise RuntimeError(f"nothing answers on port {port} after {seconds} s")


def _pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    if not found:
        raise RuntimeError(f"no {name} under /usr/lib/postgresql/*/bin: install postgresql")
    return found[-1]


@dataclass
class Postgres:
    """A throw-away PostgreSQL cluster on 127.0.0.1:`port`, trust authentication."""

    root: Path
    port: int = field(default_factory=free_port)

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/faults"

    def _run(self, *command: str) -> None:
        as_root = os.geteuid() == 0
        prefix = ["runuser", "-u", "postgres", "--"] if as_root else []
        subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)  # noqa: S603

    def init(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.root, user.pw_uid, user.pw_gid)
        self._run(_pg_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust")
        self.start()
        self._run(
            _pg_bin("createdb"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "faults"
        )

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(
            _pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-o",
            options,
            "-l",
            str(self.root / "postgres.log"),
            "-w",
            "start",
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(_pg_bin("pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self._run(
            _pg_bin("pg_ctl"),
            "-D",
            str(self.data),
            "-m",
            "fast",
            "-w",
            "restart",
            "-l",
            str(self.root / "postgres.log"),
            "-o",
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off",
        )


@dataclass
class Redis:
    """A redis-server on 127.0.0.1:`port` without persistence."""

    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    def url(self, db: int) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.process = subprocess.Popen(  # noqa: S603
            [
                shutil.which("redis-server") or "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_port(self.port, 10, self.process)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


@dataclass
class Service:
    """A process of the application (gunicorn, a Celery worker, beat) and its log."""

    name: str
    command: list[str]
    env: dict[str, str]
    log: Path
    process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with self.log.open("ab") as sink:
            self.process = subprocess.Popen(  # noqa: S603
                self.command,
                cwd=ROOT,
                env=self.env,
                stdout=sink,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for_text(self, text: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while text not in self.output():
            if (
                self.process is None
                or self.process.poll() is not None
                or time.monotonic() > deadline
            ):
                raise RuntimeError(f"{self.name} did not say {text!r}:\n{self.output()[-3000:]}")
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL the process and all of its children (a worker's pool), as `kill -9` would."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self.process = None

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self.process = None


@dataclass
class Stack:
    """PostgreSQL, Redis and the application's processes of one fault test module."""

    root: Path
    postgres: Postgres
    redis: Redis
    web_port: int = field(default_factory=free_port)
    services: dict[str, Service] = field(default_factory=dict)

    def env(self, **extra: str) -> dict[str, str]:
        keep = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "CELERY_"))}
        for name in ("DATABASE_URL", "CACHE_URL", "REDIS_URL", "PYTEST_XDIST_WORKER"):
            keep.pop(name, None)
        return {
            **keep,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "SECRET_KEY": "fault-suite-secret-key-not-for-production-0123456789",
            "DEBUG": "0",
            "ALLOWED_HOSTS": "127.0.0.1",
            "DATABASE_URL": self.postgres.url,
            "CELERY_BROKER_URL": self.redis.url(0),
            "CACHE_URL": self.redis.url(1),
            "VAR_DIR": str(self.root / "var"),
            "STATIC_ROOT": str(self.root / "static"),
            "PAIRING_RUN_HEARTBEAT": "1",
            "PAIRING_RUN_STALE_AFTER": "5",
            "PAIRING_RUN_RESEND_AFTER": "5",
            "PAIRING_RUN_SWEEP_SECONDS": "2",
            "DATABASE_RETRY_SECONDS": "8",
            "RATING_LISTS_FETCH_URL": "",  # no test reaches FIDE
            "LOG_LEVEL": "WARNING",
            **extra,
        }

    def manage(self, *args: str, **extra: str) -> str:
        done = subprocess.run(  # noqa: S603
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env(**extra),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)}:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def python(self, module: str, *args: str) -> str:
        done = subprocess.run(  # noqa: S603
            [sys.executable, "-m", module, *args],
            cwd=ROOT,
            env=self.env(),
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        if done.returncode:
            raise RuntimeError(f"python -m {module}:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def start(self, name: str, **extra: str) -> Service:
        commands = {
            "web": [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{self.web_port}",
                "--workers",
                "1",
                "--threads",
                "4",
                "--timeout",
                "300",  # the compose stack's arbiters' workers
            ],
            "worker": [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=INFO",
            ],
            "slow-worker": [
                sys.executable,
                "-m",
                "tests.integration.slow_worker",
                "-A",
                "config",
                "worker",
                "--pool=solo",
                "--without-gossip",
                "--without-mingle",
                "--loglevel=INFO",
            ],
            "beat": [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config",
                "beat",
                "--loglevel=INFO",
                "--schedule",
                str(self.root / "celerybeat-schedule"),
            ],
        }
        service = Service(name, commands[name], self.env(**extra), self.root / f"{name}.log")
        service.start()
        self.services[name] = service
        if name == "web":
            wait_for_port(self.web_port, 60, service.process)
        elif name.endswith("worker"):
            service.wait_for_text("ready.", 60)
        return service

    def stop(self, name: str) -> None:
        service = self.services.pop(name, None)
        if service is not None:
            service.stop()

    def kill(self, name: str) -> None:
        service = self.services.pop(name, None)
        if service is not None:
            service.kill()

    def sql(self, query: str, *params: object) -> list[tuple[Any, ...]]:
        """Rows of `query` on the stack's database (a connection of its own, closed after)."""
        import psycopg

        with psycopg.connect(
            self.postgres.url.replace("postgres://", "postgresql://"), connect_timeout=5
        ) as db:
            return list(db.execute(query, params).fetchall())


@contextlib.contextmanager
def stack() -> Iterator[Stack]:
    """A fresh stack: PostgreSQL initialised and migrated, Redis, the fault tournaments seeded."""
    root = Path(tempfile.mkdtemp(prefix="faults-"))
    root.chmod(0o755)
    postgres, redis = Postgres(root / "pg"), Redis()
    the_stack = Stack(root, postgres, redis)
    try:
        postgres.init()
        redis.start()
        the_stack.manage("migrate", "--no-input")
        the_stack.manage("collectstatic", "--no-input", "--verbosity", "0")
        the_stack.python("tests.faults.seed")
        yield the_stack
    finally:
        for name in list(the_stack.services):
            the_stack.kill(name)
        redis.stop()
        with contextlib.suppress(Exception):
            postgres.stop("immediate")
        shutil.rmtree(root, ignore_errors=True)
