"""The hall's server chosen by measurement (issue 34): waitress against granian, serving the same
application and data folder with DEBUG off, asked by wrk. Not a test.

    swiss-arbiter --data DIR hall --no-browser   # once: the data folder with the demo; Ctrl+C
    .venv/bin/pip install waitress granian
    .venv/bin/python benchmarks/hall_servers.py --data DIR [--rounds 3] [--seconds 15]

Each server in turn (waitress with 8 threads; granian with one serving process and 4 or 8
threads), `--rounds` times, so that the machine's drift falls on both; each page with wrk (2
threads, 50 connections). It prints requests per second and p50/p99 in milliseconds for each run,
then the median of each server's runs.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

PORT = 8163
PAGES = ("/t/worked-example/", "/t/worked-example/round/6/")
SERVERS = {
    "waitress-8": [
        sys.executable,
        "-c",
        "from waitress import serve; from config.wsgi import application; "
        f"serve(application, host='127.0.0.1', port={PORT}, threads=8)",
    ],
    **{
        f"granian-{threads}": [
            sys.executable,
            "-m",
            "granian",
            "--interface",
            "wsgi",
            "--host",
            "127.0.0.1",
            "--port",
            str(PORT),
            "--workers",
            "1",
            "--blocking-threads",
            str(threads),
            "--log-level",
            "warning",
            "config.wsgi:application",
        ]  # fmt: skip
        for threads in (4, 8)
    },
}
LATENCY = re.compile(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.M)
UNIT = {"us": 0.001, "ms": 1.0, "s": 1000.0}


def _wrk(url: str, seconds: int) -> tuple[float, float, float]:
    out = subprocess.run(
        ["wrk", "-t2", "-c50", f"-d{seconds}s", "--latency", url],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    percent = {p: float(v) * UNIT[u] for p, v, u in LATENCY.findall(out)}
    return rate, percent["50"], percent["99"]


def _up(url: str) -> None:
    for _ in range(240):
        with contextlib.suppress(OSError):
            urllib.request.urlopen(url, timeout=2)  # noqa: S310 - loopback
            return
        time.sleep(0.5)
    raise SystemExit(f"no answer from {url}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=15)
    options = parser.parse_args()
    environment = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "VAR_DIR": str(options.data),
        "SECRET_KEY": (options.data / "secret_key").read_text().strip(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "CELERY_BROKER_URL": "memory://",
    }
    results: dict[tuple[str, str], list[tuple[float, float, float]]] = {}
    print("server       page                           req/s    p50 ms   p99 ms")
    for _ in range(options.rounds):
        for name, command in SERVERS.items():
            server = subprocess.Popen(
                command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
            )
            try:
                _up(f"http://127.0.0.1:{PORT}{PAGES[0]}")
                for page in PAGES:
                    run = _wrk(f"http://127.0.0.1:{PORT}{page}", options.seconds)
                    results.setdefault((name, page), []).append(run)
                    print(f"{name:12} {page:30} {run[0]:7.1f} {run[1]:8.1f} {run[2]:8.1f}")
            finally:
                server.terminate()
                server.wait()
    print("\nmedians")
    for (name, page), runs in results.items():
        rate, p50, p99 = (statistics.median(column) for column in zip(*runs, strict=True))
        print(f"{name:12} {page:30} {rate:7.1f} {p50:8.1f} {p99:8.1f}")


if __name__ == "__main__":
    main()
