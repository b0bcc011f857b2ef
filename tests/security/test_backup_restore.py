"""Backups (issue 14): the `pg_dump` routine of docs/deployment.md, restored into a fresh
database with `pg_restore`, gives back the tournament's rows."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.db import connection

from tests.conftest import require_server
from tests.security.world import build_world
from tournaments.models import Game, Player, Tournament

pytestmark = pytest.mark.usefixtures("postgresql_required")


def _environment() -> dict[str, str]:
    database = connection.settings_dict
    return {
        **os.environ,
        "PGHOST": str(database["HOST"] or "127.0.0.1"),
        "PGPORT": str(database["PORT"] or 5432),
        "PGUSER": str(database["USER"]),
        "PGPASSWORD": str(database["PASSWORD"] or ""),
    }


def _run(*command: str) -> str:
    result = subprocess.run(
        command, env=_environment(), capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, f"{' '.join(command)}: {result.stderr}"
    return result.stdout


@pytest.mark.django_db(transaction=True)
def test_a_custom_format_dump_restores_into_a_fresh_database(tmp_path: Path) -> None:
    require_server(bool(shutil.which("pg_dump") and shutil.which("pg_restore")), "pg_dump")
    world = build_world()
    ours = world.ours.tournament
    expected = (
        Tournament.objects.count(),
        Player.objects.filter(tournament=ours).count(),
        Game.objects.filter(round__tournament=ours).count(),
    )
    source = str(connection.settings_dict["NAME"])
    restored = f"{source}_restored"
    dump = tmp_path / "chess.dump"
    _run("pg_dump", "--format=custom", f"--file={dump}", source)
    _run("dropdb", "--if-exists", restored)
    _run("createdb", restored)
    try:
        _run("pg_restore", "--no-owner", "--exit-on-error", f"--dbname={restored}", str(dump))
        query = (
            "select (select count(*) from tournaments_tournament),"
            " (select count(*) from tournaments_player p join tournaments_tournament t"
            f"  on p.tournament_id = t.id where t.slug = '{ours.slug}'),"
            " (select count(*) from tournaments_game g join tournaments_round r"
            "  on g.round_id = r.id join tournaments_tournament t on r.tournament_id = t.id"
            f"  where t.slug = '{ours.slug}')"
        )
        counts = _run("psql", "--no-psqlrc", "-At", "-F", " ", "-d", restored, "-c", query)
    finally:
        _run("dropdb", "--if-exists", restored)
    assert tuple(int(value) for value in counts.split()) == expected
    assert expected[1] == 14 and expected[2] > 0
