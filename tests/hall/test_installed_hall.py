"""Issue 34 acceptance: the wheel built from the repository's files, installed in a fresh virtual
environment, serves the demo with one command (`swiss-arbiter hall`): DEBUG off, its static files,
manual and translations inside the package, the pairing worker up, the hall's network served (a
page asked from another loopback address answers)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import sysconfig
import time
import venv
import zipfile
from contextlib import closing
from pathlib import Path

from tests.hall.servers import ROOT, free_port, get, hall_environment, running, source_copy

ROUND_3 = ROOT / "tests/data/reference/worked-example/rounds/round-3-input.trf"
REQUEST_PAIRING = (
    "from pathlib import Path; "
    "from pairing.services.rounds import round_request_pairing; "
    "from pairing.services.trf_import import tournament_import_trf; "
    "t = tournament_import_trf(text=Path({path!r}).read_text(encoding='utf-8'), slug='round-3'); "
    "round_request_pairing(rnd=t.round_set.get(number=3), by=None)"
)
"""A pairing asked by another process (its in-memory queue reaches no worker): the database
holds it, and the hall's worker pairs it when the clock's sweep finds it."""


def _wheel(tmp_path: Path) -> Path:
    source = source_copy(tmp_path / "source")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp_path, source],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("swissarbiter-*.whl")
    return wheel


def _round_3_state(data: Path, *, seconds: float) -> tuple[str, str]:
    """The pairing run's status and the round's state once the run is done (or the time is up)."""
    query = (
        "SELECT run.status, round.state FROM pairing_pairingrun run "
        "JOIN tournaments_round round ON round.id = run.round_id "
        "JOIN tournaments_tournament t ON t.id = round.tournament_id WHERE t.slug = 'round-3'"
    )
    deadline, row = time.monotonic() + seconds, ("", "")
    while time.monotonic() < deadline:
        with closing(sqlite3.connect(data / "db.sqlite3")) as database, database:
            row = database.execute(query).fetchone() or row
        if row[0] in {"done", "failed"}:
            break
        time.sleep(0.5)
    return row


def test_the_wheel_carries_the_templates_static_files_manual_translations_and_demo(
    tmp_path: Path,
) -> None:
    names = set(zipfile.ZipFile(_wheel(tmp_path)).namelist())

    assert "config/bundled/templates/_base.html" in names
    assert "config/bundled/static/css/app.css" in names
    assert "config/bundled/docs/manual/index.md" in names
    assert "tournaments/locale/fr/LC_MESSAGES/django.mo" in names
    assert "config/locale/ru/LC_MESSAGES/django.mo" in names
    assert "tournaments/fixtures/worked-example.trf" in names
    assert "tournaments/fixtures/ratinglists/players_list.zip" in names
    assert "config/hall/cli.py" in names
    assert "hub/locale/it/LC_MESSAGES/django.mo" in names
    assert not any(name.startswith(("tests/", "build_support")) for name in names)


def test_the_installed_hall_serves_the_demo_to_the_hall_network_with_debug_off(
    tmp_path: Path,
) -> None:
    wheel = _wheel(tmp_path)
    environment = tmp_path / "venv"
    venv.create(environment, with_pip=True)
    bin_dir = environment / "bin"
    subprocess.run(
        [bin_dir / "pip", "install", "--quiet", "--no-deps", wheel], check=True, capture_output=True
    )
    data, elsewhere, port = tmp_path / "data", tmp_path / "elsewhere", free_port()
    elsewhere.mkdir()
    command: list[str | Path] = [bin_dir / "swiss-arbiter", "--data", data, "hall", "--lan"]
    hall = f"http://127.0.0.2:{port}"

    with running(
        [*command, "--port", str(port), "--no-browser"],
        cwd=elsewhere,
        health=f"{hall}/health",
        log=tmp_path / "hall.log",
        # the dependencies from the test's own environment: the test downloads none of them
        PYTHONPATH=sysconfig.get_paths()["purelib"],
        PAIRING_RUN_RESEND_AFTER="1",
        PAIRING_RUN_SWEEP_SECONDS="2",
    ):
        status, page = get(f"{hall}/t/worked-example/")
        assert status == 200
        assert b"Scan to follow on a phone" in page
        french = get(f"{hall}/t/worked-example/", Cookie="django_language=fr")[1]
        assert "Scannez pour suivre sur un téléphone".encode() in french
        stylesheet = page.split(b'href="/static/css/app.', 1)[1].split(b'"', 1)[0]
        assert get(f"{hall}/static/css/app.{stylesheet.decode()}")[0] == 200
        assert get(f"{hall}/help/")[0] == 200
        missing_status, missing = get(f"{hall}/no-such-page/")
        assert missing_status == 404
        assert b"URLconf" not in missing and b"Traceback" not in missing  # DEBUG is off
        health = json.loads(get(f"{hall}/health")[1])
        assert health == {"status": "ok", "database": "ok", "broker": "ok", "worker": "ok"}
        subprocess.run(
            [bin_dir / "swiss-arbiter", "--data", data, "manage", "shell", "-c",
             REQUEST_PAIRING.format(path=str(ROUND_3))],
            cwd=elsewhere,
            env=hall_environment(PYTHONPATH=sysconfig.get_paths()["purelib"]),
            check=True,
            capture_output=True,
        )  # fmt: skip
        assert _round_3_state(data, seconds=60) == ("done", "paired")

    assert (data / "secret_key").stat().st_mode & 0o077 == 0
    with closing(sqlite3.connect(data / "db.sqlite3")) as database, database:
        assert database.execute("PRAGMA journal_mode").fetchone() == ("wal",)
