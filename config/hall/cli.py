"""`swiss-arbiter`: the hall's command (issue 34; docs/manual/running-the-hall.md).

    swiss-arbiter hall [--lan] [--port 8000] [--data DIR] [--wifi NAME] [--no-browser]
    swiss-arbiter backup | restore SNAPSHOT | manage COMMAND ...

`hall` keeps everything in one data folder (the SQLite database in WAL mode, a generated secret
key, the collected static files, the snapshots), brings the database up to date, loads the demo
on the first start, and serves the application with granian, DEBUG off, the static files by
WhiteNoise, the pairing worker in a thread of the same process (`config.hall.worker`; with
CELERY_BROKER_URL set, the real Celery worker instead), then opens the browser. `--lan` serves
the hall's network: the address the players' phones reach, which the QR codes and printed sheets
name. The settings are the environment's (README "Configuration"): the command only fills in
what the hall needs and the environment did not say.
"""

from __future__ import annotations

import argparse
import os
import secrets
import sys
import threading
import webbrowser
from pathlib import Path

from config.hall.network import LOOPBACK, base_url, lan_address

DATA_ENV = "SWISS_ARBITER_DATA"
SECRET_FILE = "secret_key"
DATABASE_FILE = "db.sqlite3"
DEFAULT_PORT = 8000
DEFAULT_THREADS = 8
"""granian's threads running the application: requests served at once (docs/deployment.md)."""


def default_data_folder() -> Path:
    """Where the hall keeps its data: SWISS_ARBITER_DATA, else the system's place for it."""
    chosen = os.environ.get(DATA_ENV)
    if chosen:
        return Path(chosen)
    home = Path.home()
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / "swiss-arbiter"
    if sys.platform == "darwin":
        return home / "Library" / "Application Support" / "swiss-arbiter"
    return Path(os.environ.get("XDG_DATA_HOME") or home / ".local" / "share") / "swiss-arbiter"


def secret_key(folder: Path) -> str:
    """The data folder's secret key, made on the first start (readable by its owner only)."""
    path = folder / SECRET_FILE
    if not path.exists():
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="ascii") as file:
            file.write(secrets.token_urlsafe(50))
    return path.read_text(encoding="ascii").strip()


def prepare(folder: Path, *, allowed_hosts: str, public_address: str = "", wifi: str = "") -> None:
    """The environment of the settings for the data folder `folder` (before Django starts)."""
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    os.environ["DEBUG"] = "0"
    os.environ["VAR_DIR"] = str(folder)
    os.environ.setdefault("SECRET_KEY", secret_key(folder))
    os.environ.setdefault("ALLOWED_HOSTS", allowed_hosts)
    if not (os.environ.get("CELERY_BROKER_URL") or os.environ.get("REDIS_URL")):
        os.environ["CELERY_BROKER_URL"] = "memory://"  # config.hall.worker runs the worker
        os.environ["HALL_WORKER"] = "1"
    if public_address:
        os.environ.setdefault("PUBLIC_ADDRESS", public_address)
    if wifi:
        os.environ.setdefault("HALL_WIFI", wifi)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="swiss-arbiter", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, default=None, help=f"the data folder (default: {DATA_ENV} or ...)"
    )
    commands = parser.add_subparsers(dest="command", required=True)
    hall = commands.add_parser("hall", help="serve the hall (the default address: this machine)")
    hall.add_argument("--lan", action="store_true", help="serve the hall's network too")
    hall.add_argument("--host", default=None, help="the address to listen on (default 127.0.0.1)")
    hall.add_argument("--port", type=int, default=DEFAULT_PORT)
    hall.add_argument("--wifi", default="", help="the hall's Wi-Fi name, printed on the sheets")
    hall.add_argument("--threads", type=int, default=DEFAULT_THREADS)
    hall.add_argument("--no-browser", action="store_true", help="do not open the browser")
    hall.add_argument("--no-demo", action="store_true", help="do not load the demo tournament")
    commands.add_parser("backup", help="snapshot the database now")
    restore = commands.add_parser("restore", help="put a snapshot back as the database")
    restore.add_argument("snapshot", type=Path)
    manage = commands.add_parser("manage", help="a Django command (e.g. createsuperuser)")
    manage.add_argument("arguments", nargs=argparse.REMAINDER)
    return parser


def main(argv: list[str] | None = None) -> int:
    options = _parser().parse_args(argv)
    folder: Path = (options.data or default_data_folder()).resolve()
    if options.command == "hall":
        return _hall(options, folder)
    prepare(folder, allowed_hosts="localhost,127.0.0.1")
    if options.command == "manage":
        from django.core.management import execute_from_command_line

        execute_from_command_line(["swiss-arbiter manage", *options.arguments])
        return 0
    import django

    django.setup()
    from config.hall.commands import backup_now, restore_snapshot

    if options.command == "backup":
        return backup_now()
    return restore_snapshot(options.snapshot)


def _hall(options: argparse.Namespace, folder: Path) -> int:
    shown = lan_address() if options.lan else LOOPBACK
    host: str = options.host or ("0.0.0.0" if options.lan else LOOPBACK)  # noqa: S104 - --lan
    public = base_url(shown, options.port) if options.lan else ""
    # On the hall's network the laptop's address may change (a new Wi-Fi lease) and phones may
    # name it by any of its addresses: every Host is answered. Links are made from
    # PUBLIC_ADDRESS, never from the Host a request names.
    hosts = "*" if options.lan else f"localhost,127.0.0.1,[::1],{host}"
    first_start = not (folder / DATABASE_FILE).exists()
    prepare(folder, allowed_hosts=hosts, public_address=public, wifi=options.wifi)
    import django

    django.setup()
    from config.hall.commands import serve, setup_database

    setup_database(demo=first_start and not options.no_demo)
    local = base_url(LOOPBACK if host in {"0.0.0.0", LOOPBACK} else host, options.port)  # noqa: S104
    print(f"The hall is served at {public or local}/ (data: {folder}); Ctrl+C stops it.")
    if not options.no_browser:
        threading.Timer(1.0, webbrowser.open, [f"{local}/"]).start()
    serve(host=host, port=options.port, threads=options.threads)
    return 0
