"""Issue 34 deliverable 4: the hall's snapshots (SQLite's online backup), the last N kept, and
`swiss-arbiter restore`, which gives the tournament back exactly."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from config.hall.backups import SnapshotError, check, restore, snapshot, snapshots
from tests.hall.servers import repository_hall

MOMENT = datetime(2026, 11, 28, 10, 15, tzinfo=UTC)
CHANGE_A_RESULT = (
    "from tournaments.models import Game; "
    "game = Game.objects.filter(round__tournament__slug='worked-example', round__number=3)"
    ".order_by('board').first(); "
    "Game.objects.filter(pk=game.pk).update(result='0-1' if game.result != '0-1' else '1-0')"
)
SNAPSHOT_MARKS = (
    "from config.hall.event import SnapshotClock; from tournaments.models import Round; "
    "clock = SnapshotClock(); clock(); "
    "Round.objects.filter(tournament__slug='worked-example', number=6).update(state='published'); "
    "clock(); clock(); "
    "Round.objects.filter(tournament__slug='worked-example', number=6).update(state='completed'); "
    "clock()"
)


def _database(path: Path, *, tables: tuple[str, ...], rows: int = 0) -> Path:
    with closing(sqlite3.connect(path)) as database, database:
        for table in tables:
            database.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY)")
        database.executemany(
            f"INSERT INTO {tables[-1]} (id) VALUES (?)", [(n,) for n in range(rows)]
        )
    return path


def _application_database(path: Path, rows: int) -> Path:
    return _database(path, tables=("django_migrations", "tournaments_tournament"), rows=rows)


def _count(path: Path) -> int:
    with closing(sqlite3.connect(path)) as database, database:
        (count,) = database.execute("SELECT count(*) FROM tournaments_tournament").fetchone()
        return int(count)


def test_a_snapshot_is_the_whole_database_and_the_last_n_are_kept(tmp_path: Path) -> None:
    live = _application_database(tmp_path / "db.sqlite3", rows=3)
    folder = tmp_path / "backups"

    taken = [
        snapshot(live, folder, reason=f"Round {n} published", moment=MOMENT + timedelta(n), kept=3)
        for n in range(5)
    ]

    assert snapshots(folder) == taken[2:]
    assert taken[4].name == "20261202-101500-000000-round-4-published.sqlite3"
    assert _count(taken[4]) == 3
    assert not list(folder.glob("*.partial"))


def test_it_refuses_to_restore_what_is_not_a_snapshot_of_the_application(tmp_path: Path) -> None:
    live = _application_database(tmp_path / "db.sqlite3", rows=2)
    folder = tmp_path / "backups"
    text = tmp_path / "notes.sqlite3"
    text.write_text("not a database", encoding="utf-8")
    other = _database(tmp_path / "other.sqlite3", tables=("accounts",), rows=1)

    for wrong in (text, other, tmp_path / "missing.sqlite3"):
        with pytest.raises(SnapshotError):
            restore(wrong, live, folder=folder, moment=MOMENT, kept=5)

    assert _count(live) == 2
    assert snapshots(folder) == []


def test_a_restore_keeps_the_database_it_replaces(tmp_path: Path) -> None:
    live = _application_database(tmp_path / "db.sqlite3", rows=2)
    folder = tmp_path / "backups"
    old = snapshot(live, folder, reason="round 1 published", moment=MOMENT, kept=1)
    with closing(sqlite3.connect(live)) as database, database:
        database.execute("INSERT INTO tournaments_tournament (id) VALUES (99)")

    # kept=1: the snapshot of the database replaced prunes the one restored, read before
    before = restore(old, live, folder=folder, moment=MOMENT + timedelta(hours=1), kept=1)

    assert _count(live) == 2
    assert _count(before) == 3
    assert snapshots(folder) == [before]
    check(before)


def test_restore_gives_the_tournament_back_exactly(tmp_path: Path) -> None:
    data = tmp_path / "data"

    def hall(*arguments: str) -> str:
        done = repository_hall(data, *arguments)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def trf26() -> str:
        return hall("manage", "export_trf", "worked-example", "--format", "trf26")

    hall("manage", "migrate", "--verbosity", "0")
    hall("manage", "load_demo")
    before = trf26()
    taken = Path(hall("backup").split("Snapshot: ", 1)[1].strip())
    hall("manage", "shell", "-c", CHANGE_A_RESULT)
    changed = trf26()

    said = hall("restore", str(taken))

    assert changed != before
    assert trf26() == before
    assert "before-restore" in said
    assert len(snapshots(data / "backups")) == 2


def test_the_hall_snapshots_after_each_publication_and_completed_round(tmp_path: Path) -> None:
    data = tmp_path / "data"
    for arguments in (
        ("manage", "migrate", "--verbosity", "0"),
        ("manage", "load_demo"),
        ("manage", "shell", "-c", "from tournaments.models import Round; "
         "Round.objects.filter(number=6).update(state='paired')"),
        ("manage", "shell", "-c", SNAPSHOT_MARKS),
    ):  # fmt: skip
        done = repository_hall(data, *arguments)
        assert done.returncode == 0, done.stderr

    names = [path.name.split("-", 3)[3] for path in snapshots(data / "backups")]
    assert names == [
        "worked-example-round-6-published.sqlite3",
        "worked-example-round-6-completed.sqlite3",
    ]
