"""The processes of `loadtest.py`: a fresh PostgreSQL database, the application server (gunicorn,
with or without the nginx proxy of the production set-up) and the commands run beside it."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psycopg

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


def spawn(
    args: list[str],
    *,
    nice: int,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    stdout: int | None = None,
) -> subprocess.Popen[bytes]:
    """Start `args` in a session of its own with the niceness `nice`: its scheduling group (Linux
    autogroup) gets it, as docker-compose.yml gives the containers their CPU shares; without
    autogroups (or the right to), the process itself is niced."""
    process = subprocess.Popen(
        ["nice", "-n", str(nice), *args], env=env, cwd=cwd, stdout=stdout, start_new_session=True
    )
    with contextlib.suppress(OSError):  # no autogroups: the process's own niceness stays
        Path(f"/proc/{process.pid}/autogroup").write_text(str(nice))
    return process


def run(args: list[str], env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(args, env=env, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"{' '.join(args[:3])} failed:\n{done.stderr[-2000:]}")
    return done.stdout.strip()


def fresh_database(pg: str, name: str) -> str:
    with psycopg.connect(f"{pg}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"{pg}/{name}"


def wait_for(url: str, seconds: float = 180) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=60):  # noqa: S310 - our own server
                return
        except OSError:
            time.sleep(0.5)
    sys.exit(f"gunicorn did not answer {url} within {seconds} s")


class Server:
    """gunicorn serving `source`, started afresh for each run: requests still queued from the
    previous run (the baseline answers slower than wrk asks) never weigh on the next one."""

    def __init__(
        self, options: argparse.Namespace, env: dict[str, str], source: Path, ready: str
    ) -> None:
        self.options, self.env, self.source, self.ready = options, env, source, ready
        self.processes: list[subprocess.Popen[bytes]] = []
        self.proxy_root = Path()

    def _gunicorn(self, port: int, workers: int, *, nice: int) -> subprocess.Popen[bytes]:
        return spawn(
            [sys.executable, "-m", "gunicorn", "config.wsgi",
             "-b", f"127.0.0.1:{port}",
             "-w", str(workers), "--threads", str(self.options.threads),
             "--timeout", "120", "--graceful-timeout", "1", "--log-level", "warning",
             "--error-logfile", str(Path(tempfile.gettempdir(), "loadtest-gunicorn.log"))],
            nice=nice, env=self.env, cwd=self.source,
        )  # fmt: skip

    def __enter__(self) -> Server:
        self.processes = [self._gunicorn(self.options.port, self.options.workers, nice=0)]
        if self.options.proxy:
            self.processes.append(
                self._gunicorn(
                    self.options.port + 2,
                    self.options.arbiter_workers,
                    nice=self.options.arbiter_nice,
                )
            )
            self.proxy_root = Path(tempfile.mkdtemp(prefix="loadtest-nginx-"))
            self.proxy_root.chmod(0o755)  # nginx's workers (www-data) keep their cache there
            self.processes.append(start_nginx(self.options.port, self.proxy_root))
        try:
            wait_for(self.ready)
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        for process in reversed(self.processes):
            process.send_signal(signal.SIGQUIT)
            process.wait(60)
        self.processes = []
        if self.options.proxy:
            errors = self.proxy_root / "error.log"
            if errors.exists():
                with Path(tempfile.gettempdir(), "loadtest-nginx.log").open("a") as log:
                    log.write(errors.read_text())
            shutil.rmtree(self.proxy_root, ignore_errors=True)


NGINX = """
worker_processes 1;
daemon off;
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  client_body_temp_path {root}/body;
  proxy_temp_path {root}/proxy;
  fastcgi_temp_path {root}/fastcgi;
  uwsgi_temp_path {root}/uwsgi;
  scgi_temp_path {root}/scgi;
  include {root}/swiss.conf;
}}
"""
"""nginx's main configuration around the deployment's proxy configuration (`config/nginx.conf`,
the file docker-compose.yml runs), as the nginx image's own main configuration includes it."""


def proxy_configuration(port: int, root: Path) -> str:
    """`config/nginx.conf` with this run's addresses: the public workers at `port`, nginx at
    `port + 1`, the arbiters' workers at `port + 2`, the cache under `root`."""
    text = (ROOT / "config/nginx.conf").read_text()
    for deployed, here in (
        ("server web:8000;", f"server 127.0.0.1:{port};"),
        ("server arbiters:8000;", f"server 127.0.0.1:{port + 2};"),
        ("listen 80;", f"listen 127.0.0.1:{port + 1};"),
        ("/var/cache/nginx/swiss", f"{root}/cache"),
    ):
        if deployed not in text:
            sys.exit(
                f"config/nginx.conf no longer holds {deployed!r}: update benchmarks/loadtest.py"
            )
        text = text.replace(deployed, here)
    return text


def start_nginx(port: int, root: Path) -> subprocess.Popen[bytes]:
    if not shutil.which("nginx"):
        sys.exit("--proxy needs nginx: apt-get install -y nginx-light")
    (root / "swiss.conf").write_text(proxy_configuration(port, root))
    config = root / "nginx.conf"
    config.write_text(NGINX.format(root=root))
    return spawn(["nginx", "-c", str(config), "-p", str(root)], nice=0)
