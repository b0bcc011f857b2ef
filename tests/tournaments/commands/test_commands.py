"""The import_trf, export_trf and load_demo management commands."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from standings.selectors import tournament_standings
from tests.factories import TournamentFactory, UserFactory
from tests.tournaments.conftest import WORKED_EXAMPLE, Snapshot
from tournaments.models import ArbiterRole, Tournament

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[3]


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_trf_prints_the_new_tournaments_slug() -> None:
    slug = run("import_trf", str(WORKED_EXAMPLE)).strip()

    assert slug == "worked-example-fide-dutch-swiss-system-6-rounds"
    assert Tournament.objects.get(slug=slug).players.count() == 14


def test_import_trf_prints_the_report_and_makes_the_chief_arbiter(tmp_path: Path) -> None:
    chief = UserFactory.create(username="chief")
    lines = WORKED_EXAMPLE.read_text(encoding="utf-8").splitlines()
    column = 96 + 50  # round 6's colour: swap one game's colours
    game = next(
        (line[4:8].strip(), line[column - 5 : column - 1].strip())
        for line in lines
        if line.startswith("001") and line[column] == "w"
    )
    altered = tmp_path / "altered.trf"
    altered.write_text(
        "\n".join(
            line[:column] + ("b" if line[column] == "w" else "w") + line[column + 1 :]
            if line.startswith("001") and line[4:8].strip() in game
            else line
            for line in lines
        ),
        encoding="utf-8",
    )
    out, err = io.StringIO(), io.StringIO()

    call_command("import_trf", str(altered), "--chief", "chief", stdout=out, stderr=err)

    tournament = Tournament.objects.get(slug=out.getvalue().strip())
    assert list(tournament.roles.values_list("user", "role")) == [(chief.pk, ArbiterRole.CHIEF)]
    report = err.getvalue().splitlines()
    assert report[0] == (
        "Worked example - FIDE (Dutch) Swiss System, 6 rounds: 14 players, 6 of 6 rounds "
        "paired, FIDE Dutch system (2017 rules)"
    )
    assert "  line 3: ignored: the tournament type (092) is not kept" in report
    white, black = game
    assert any(line.startswith("round 6: the recorded pairing differs") for line in report)
    assert any(line.split()[1:] == [black, "-", white, white, "-", black, "*"] for line in report)


def test_import_trf_refuses_an_unknown_chief_and_saves_nothing() -> None:
    with pytest.raises(CommandError, match="no user is named 'nobody'"):
        run("import_trf", str(WORKED_EXAMPLE), "--chief", "nobody")

    assert not Tournament.objects.exists()


def test_import_trf_refuses_a_bad_file_with_its_line_and_column(
    tmp_path: Path, snapshot: Callable[[], Snapshot]
) -> None:
    TournamentFactory.create()
    before = snapshot()
    bad = tmp_path / "bad.trf"
    text = WORKED_EXAMPLE.read_text(encoding="utf-8").replace("8 w 1", "8 x 1", 1)
    bad.write_text(text, encoding="utf-8")

    with pytest.raises(CommandError) as refusal:
        run("import_trf", str(bad))

    assert str(refusal.value) == f"{bad}: line 6, column 97: round 1: unknown colour 'x'"
    assert snapshot() == before


def test_import_trf_refuses_a_missing_file_and_a_binary_one(tmp_path: Path) -> None:
    with pytest.raises(CommandError, match="No such file"):
        run("import_trf", str(tmp_path / "missing.trf"))
    binary = tmp_path / "latin1.trf"
    binary.write_bytes("012 Città\n".encode("latin-1"))
    with pytest.raises(CommandError, match="not UTF-8"):
        run("import_trf", str(binary))
    assert not Tournament.objects.exists()


def test_import_trf_exits_non_zero_on_a_bad_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text("012 Broken\nXXR 1\n001    1      Short\n", encoding="utf-8")

    process = subprocess.run(
        [sys.executable, "manage.py", "import_trf", str(bad)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={"PATH": "", "DEBUG": "1", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"},
        check=False,
    )

    assert process.returncode != 0
    assert "line 3, column 20: player line too short" in process.stderr


def test_export_trf_writes_the_file_to_standard_output() -> None:
    slug = run("import_trf", str(WORKED_EXAMPLE)).strip()

    text = run("export_trf", slug)

    original = WORKED_EXAMPLE.read_text(encoding="utf-8")
    players = [line for line in original.splitlines() if line.startswith("001")]
    exported = [line for line in text.splitlines() if line.startswith("001")]
    # Everything but the rank column (86-89), which is the standings' under the tournament's
    # tie-break list (the file has none: the default list), not the file's (Q217).
    assert [line[:85] + line[89:] for line in exported] == [
        line[:85] + line[89:] for line in players
    ]
    standings = tournament_standings(tournament=Tournament.objects.get(slug=slug))
    ranks = {line.player.pairing_number: line.rank for line in standings.lines}
    assert {int(line[4:8]): int(line[85:89]) for line in exported} == ranks
    assert "XXR 6" in text and "XXC white1" in text


def test_export_trf_writes_trf26_to_a_file(tmp_path: Path) -> None:
    slug = run("import_trf", str(WORKED_EXAMPLE)).strip()
    output = tmp_path / "out.trf"

    assert run("export_trf", slug, "--format", "trf26", "-o", str(output)) == ""

    header = output.read_text(encoding="utf-8").splitlines()[:5]
    assert header == [
        "012 Worked example - FIDE (Dutch) Swiss System, 6 rounds",
        "142 6",
        "152 W",
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0",
        "192 FIDE_DUTCH",
    ]


def test_export_trf_refuses_an_unknown_slug() -> None:
    with pytest.raises(CommandError, match="No tournament has the slug 'nope'"):
        run("export_trf", "nope")


def test_load_demo_loads_the_worked_example_once() -> None:
    first = run("load_demo")
    second = run("load_demo")

    assert "Loaded the demo tournament: /t/worked-example/" in first
    assert "already loaded" in second
    demo = Tournament.objects.get()
    assert (demo.slug, demo.players.count(), demo.round_set.count()) == ("worked-example", 14, 6)


def test_the_demo_fixture_is_the_worked_example() -> None:
    fixture = ROOT / "tournaments" / "fixtures" / "worked-example.trf"

    assert fixture.read_bytes() == WORKED_EXAMPLE.read_bytes()
