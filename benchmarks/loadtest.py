"""Load test of the public pages (`make loadtest`; issue 22, issue 14 deliverable 4). Not a test.

    .venv/bin/python benchmarks/loadtest.py [--workers 2] [--threads 1] [--duration 30]

It makes its own PostgreSQL database (`--db`, dropped and created again), imports the
1000-player, 11-round tournament, starts gunicorn (DEBUG off) and runs wrk with 100 connections
for 30 s on each of: the round page, the standings, the player cards, the read API (a round,
the standings, the players, the tournament: issue 35), a mix of phones' polls
(htmx fragments with If-None-Match), then the same mix while two arbiters enter the results of
the last round (reopened for it; one result every 2 s each), timing each of their posts. It
prints one table: requests per second and p50/p95/p99 in milliseconds for each run, and the
arbiters' p50/p95/max.

`--source DIR` serves another checkout (the baseline: `git archive` of an older commit) with this
script and this virtualenv. `--cache-url redis://...` gives the server a Redis cache (CACHE_URL);
without it the server uses its default (local memory per worker). Needs wrk
(`apt-get install -y wrk`) and PostgreSQL at `--pg`.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import http.cookiejar
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.loadtest_server import (  # noqa: E402
    HERE,
    ROOT,
    Server,
    fresh_database,
    run,
    spawn,
)

TRF = ROOT / "tests/data/reference/perf/perf_dev_1000.trf"
ARBITER = "loadtest-arbiter"
PASSWORD = "loadtest-password-1000"  # noqa: S105 - a throwaway account in a throwaway database

SETUP_ARBITER = f"""
from django.contrib.auth.models import User
from tournaments.models import Tournament, TournamentRole
user = User.objects.create_user({ARBITER!r}, password={PASSWORD!r})
TournamentRole.objects.create(tournament=Tournament.objects.get(slug=%r), user=user, role="deputy")
"""

REOPEN_LAST_ROUND = """
from django.db import transaction
from tournaments.models import Game, Round, RoundState, Tournament
from tournaments.services.base import audit
with transaction.atomic():
    tournament = Tournament.objects.get(slug=%r)
    rnd = Round.objects.get(tournament=tournament, number=tournament.rounds)
    Game.objects.filter(round=rnd).update(result="")
    Round.objects.filter(pk=rnd.pk).update(state=RoundState.PUBLISHED)
    audit(tournament=tournament, by=None, entity="round", entity_id=rnd.pk, note="load test")
print(",".join(str(b) for b in Game.objects.filter(round=rnd).values_list("board", flat=True)))
"""
"""The benchmark's fixture: the last round back in play with no result, one audited change."""


@dataclass(frozen=True, slots=True)
class Figures:
    """One line of the table."""

    name: str
    rps: float
    p50: float
    p95: float
    p99: float
    failed: int
    not_modified: int


def warm_up(base: str, paths: list[str], *, poll: bool) -> None:
    """Ask for each page once, as its first visitor after a change does: the runs measure pages
    served at a version already rendered (the arbiters' run measures the renders after each
    change)."""
    headers = {"HX-Request": "true"} if poll else {}
    for path in paths:
        request = urllib.request.Request(base + path, headers=headers)  # noqa: S310 - our server
        with urllib.request.urlopen(request, timeout=120) as answer:  # noqa: S310
            answer.read()


def wrk(
    base: str, paths: list[str], options: argparse.Namespace, *, poll: bool
) -> dict[str, float]:
    warm_up(base, paths, poll=poll)
    env = {**os.environ, "LOADTEST_PATHS": " ".join(paths), "LOADTEST_POLL": "1" if poll else "0"}
    command = [
        "wrk",
        f"-t{len(paths) if poll else options.wrk_threads}",
        f"-c{options.connections}",
        f"-d{options.duration}s",
        "--timeout",
        "10s",
        "-s",
        str(HERE / "loadtest.lua"),
        base,
    ]
    client = spawn(command, nice=0, env=env, stdout=subprocess.PIPE)
    output = client.communicate()[0].decode()
    if client.returncode:
        sys.exit(f"wrk failed with status {client.returncode}")
    line = next(line for line in output.splitlines() if line.startswith("LOADTEST "))
    result: dict[str, float] = json.loads(line.removeprefix("LOADTEST "))
    return result


def figures(name: str, result: dict[str, float]) -> Figures:
    return Figures(
        name=name,
        rps=result["rps"],
        p50=result["p50"],
        p95=result["p95"],
        p99=result["p99"],
        failed=int(result["failed"] + result["socket_errors"]),
        not_modified=int(result["not_modified"]),
    )


PAUSE_SECONDS = 2.0
"""An arbiter's pause between two results (two arbiters: about one result a second)."""


class Arbiter(threading.Thread):
    """An arbiter entering results one board after another, with a pause between posts."""

    def __init__(self, base: str, slug: str, round_number: int, boards: list[int]) -> None:
        super().__init__(daemon=True)
        self.base, self.slug, self.round_number, self.boards = base, slug, round_number, boards
        self.latencies: list[float] = []
        self.failures = 0
        self.stop = threading.Event()
        jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
        self.jar = jar

    def _csrf(self) -> str:
        return next(cookie.value or "" for cookie in self.jar if cookie.name == "csrftoken")

    def login(self) -> None:
        self.opener.open(f"{self.base}/accounts/login/").read()
        form = {"username": ARBITER, "password": PASSWORD, "csrfmiddlewaretoken": self._csrf()}
        data = urllib.parse.urlencode(form).encode()
        self.opener.open(f"{self.base}/accounts/login/", data=data).read()

    def run(self) -> None:
        for board in self.boards:
            if self.stop.is_set():
                return
            url = f"{self.base}/t/{self.slug}/manage/round/{self.round_number}/results/{board}/"
            data = urllib.parse.urlencode({"result": "1-0", "expected": ""}).encode()
            post = urllib.request.Request(  # noqa: S310 - our own server
                url, data=data, headers={"X-CSRFToken": self._csrf(), "HX-Request": "true"}
            )
            started = time.perf_counter()
            try:
                with self.opener.open(post, timeout=30) as answer:
                    answer.read()
            except OSError:  # HTTPError (4xx, 5xx) included
                self.failures += 1
            self.latencies.append((time.perf_counter() - started) * 1000)
            self.stop.wait(PAUSE_SECONDS)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


def arguments() -> argparse.ArgumentParser:
    """The command line; its defaults are the measured setup (docker-compose.yml runs it too)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--source", type=Path, default=ROOT, help="the checkout to serve")
    parser.add_argument("--db", default="loadtest_public", help="database name (re-created)")
    parser.add_argument("--pg", default="postgresql://postgres@127.0.0.1:5432")
    parser.add_argument("--cache-url", default=os.environ.get("LOADTEST_CACHE_URL", ""))
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--connections", type=int, default=100)
    parser.add_argument("--duration", type=int, default=30)
    parser.add_argument("--wrk-threads", type=int, default=2)
    parser.add_argument("--file", type=Path, default=TRF)
    parser.add_argument("--arbiter-workers", type=int, default=2, help="behind nginx (--proxy)")
    parser.add_argument(
        "--listeners", type=int, default=0,
        help="push on (PUBLIC_PUSH_SECONDS=55), and that many phones listening during the push run",
    )  # fmt: skip
    parser.add_argument(
        "--arbiter-nice", type=int, default=-9,
        help="niceness of the arbiters' workers (--proxy; the rest: 0), as their CPU shares in "
        "docker-compose.yml (8192, the others 1024)",
    )  # fmt: skip
    parser.add_argument(
        "--runs", default=",".join(RUNS), help=f"which runs, comma-separated: {','.join(RUNS)}"
    )
    parser.add_argument(
        "--proxy", action="store_true", help="put nginx with its cache in front of gunicorn"
    )
    return parser


def main() -> None:
    options = arguments().parse_args()
    if not shutil.which("wrk"):
        sys.exit("wrk is not installed: apt-get install -y wrk (Debian/Ubuntu), brew install wrk")
    source = options.source.resolve()
    python = sys.executable
    static_root = tempfile.mkdtemp(prefix="loadtest-static-")
    env = {
        **os.environ,
        "DATABASE_URL": fresh_database(options.pg, options.db),
        "SECRET_KEY": "loadtest-only",
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_ROOT": static_root,
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(source),
        # wrk asks from one address: the read API's limit per client would refuse it (issue 35)
        "API_LIMIT_PER_MINUTE": str(10**9),
    }
    for name in ("CELERY_BROKER_URL", "REDIS_URL", "CACHE_URL"):
        env.pop(name, None)
    if options.cache_url:
        env["CACHE_URL"] = options.cache_url
    if options.listeners:
        env["PUBLIC_PUSH_SECONDS"] = "55"
    manage = [python, str(source / "manage.py")]
    print(f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} (1 and 5 min); setting up")
    run([*manage, "migrate", "--no-input"], env, source)
    run([*manage, "collectstatic", "--no-input"], env, source)
    slug = run([*manage, "import_trf", str(options.file.resolve())], env, source).splitlines()[-1]
    run([*manage, "shell", "-c", SETUP_ARBITER % slug], env, source)
    port = options.port + 1 if options.proxy else options.port
    base = f"http://127.0.0.1:{port}"
    try:
        table = measure(Server(options, env, source, f"{base}/t/{slug}/"), manage, base, slug)
    finally:
        shutil.rmtree(static_root, ignore_errors=True)
    print_table(options, table)


RUNS = ("round", "standings", "players", "api", "poll", "push", "arbiters-alone", "arbiters")
"""The runs of `measure`, in order (`--runs`)."""


def measure(server: Server, manage: list[str], base: str, slug: str) -> list[Figures]:
    options = server.options
    runs = options.runs.split(",")
    last = 11
    players = [f"/t/{slug}/player/{number}/" for number in range(1, 1001, 37)]
    pages = {
        "round": ("round page", [f"/t/{slug}/round/{last}/"]),
        "standings": ("standings", [f"/t/{slug}/standings/"]),
        "players": ("player pages", players),
        "api": (
            "read API",
            [
                f"/api/v1/tournaments/{slug}/rounds/{last}",
                f"/api/v1/tournaments/{slug}/standings",
                f"/api/v1/tournaments/{slug}/players",
                f"/api/v1/tournaments/{slug}",
            ],
        ),
    }
    mix = [f"/t/{slug}/round/{last}/", f"/t/{slug}/standings/", *players[:8]]
    table = []
    for run_name, (name, paths) in pages.items():
        if run_name in runs:
            with server:
                table.append(figures(name, wrk(base, paths, options, poll=False)))
            print(table[-1], flush=True)
    if "poll" in runs:
        with server:
            table.append(figures("poll mix", wrk(base, mix, options, poll=True)))
        print(table[-1], flush=True)
    if "push" in runs and options.listeners:
        with server:
            listeners = [Listener(f"{base}/t/{slug}/events/") for _ in range(options.listeners)]
            for listener in listeners:
                listener.start()
            table.append(figures("poll mix + listeners", wrk(base, mix, options, poll=True)))
            connected = sum(listener.connected.is_set() for listener in listeners)
            print(f"push: {connected} of {len(listeners)} listeners connected", flush=True)
            for listener in listeners:
                listener.stop()
    for run_name in ("arbiters-alone", "arbiters"):
        if run_name in runs:
            table += entering_results(server, manage, base, slug, load=run_name == "arbiters")
    return table


class Listener(threading.Thread):
    """A phone listening to the push stream (`--listeners`): `connected` once the stream's
    first event arrived."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.connected = threading.Event()
        self.answer: http.client.HTTPResponse | None = None

    def run(self) -> None:
        try:
            with urllib.request.urlopen(self.url, timeout=70) as answer:  # noqa: S310
                self.answer = answer
                for line in answer:
                    if line.startswith(b"event: version"):
                        self.connected.set()
        except (OSError, ValueError, AttributeError):  # refused, timed out, closed by `stop`
            return

    def stop(self) -> None:
        if self.answer is not None:
            with contextlib.suppress(OSError):
                self.answer.close()


def entering_results(
    server: Server, manage: list[str], base: str, slug: str, *, load: bool
) -> list[Figures]:
    """Two arbiters enter the results of the last round (reopened first) for the run's duration,
    while wrk runs the poll mix (`load`) or with nothing else asked of the server."""
    options, env, source = server.options, server.env, server.source
    last = 11
    players = [f"/t/{slug}/player/{number}/" for number in range(1, 1001, 37)]
    mix = [f"/t/{slug}/round/{last}/", f"/t/{slug}/standings/", *players[:8]]
    boards = [int(b) for b in run([*manage, "shell", "-c", REOPEN_LAST_ROUND % slug], env, source)
              .splitlines()[-1].split(",")]  # fmt: skip
    table = []
    with server:
        arbiters = [Arbiter(base, slug, last, boards[index::2]) for index in range(2)]
        for arbiter in arbiters:
            arbiter.login()
            arbiter.start()
        if load:
            table.append(figures("poll mix + arbiters", wrk(base, mix, options, poll=True)))
        else:
            time.sleep(options.duration)
        for arbiter in arbiters:
            arbiter.stop.set()
            arbiter.join()
    latencies = [value for arbiter in arbiters for value in arbiter.latencies]
    failures = sum(arbiter.failures for arbiter in arbiters)
    table.append(
        Figures(
            name=f"result entry{'' if load else ' alone'} ({len(latencies)} posts)",
            rps=len(latencies) / options.duration,
            p50=statistics.median(latencies) if latencies else 0.0,
            p95=percentile(latencies, 0.95),
            p99=percentile(latencies, 0.99),
            failed=failures,
            not_modified=0,
        )
    )
    return table


def print_table(options: argparse.Namespace, table: list[Figures]) -> None:
    arbiters = f" (+ {options.arbiter_workers} for the arbiters)" if options.proxy else ""
    print(
        f"\ngunicorn {options.workers} workers x {options.threads} threads{arbiters}"
        f"{f' (nice {options.arbiter_nice})' if options.proxy else ''}, wrk "
        f"{options.connections} connections {options.duration} s, cache "
        f"{options.cache_url or 'server default'}{', behind nginx' if options.proxy else ''}; "
        f"load now {os.getloadavg()[0]:.2f}\n"
    )
    print("| run | req/s | p50 ms | p95 ms | p99 ms | errors | 304s |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for line in table:
        print(
            f"| {line.name} | {line.rps:.1f} | {line.p50:.1f} | {line.p95:.1f} | "
            f"{line.p99:.1f} | {line.failed} | {line.not_modified} |"
        )


if __name__ == "__main__":
    main()
