"""`run_generator`: the job behind `python -m pairing --dutch -g CONFIG -o OUT.trf [-s SEED]`."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from pairing.generator import run_generator
from tournaments.domain.trf import parse_trf

SMALL = "PlayersNumber=12\nRoundsNumber=4\nDrawPercentage=40\nHalfPointByeRate=6\n"


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "rtg.txt"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_it_writes_a_complete_tournament_the_reader_accepts(
    config_file: Path, tmp_path: Path
) -> None:
    output = tmp_path / "out.trf"
    assert run_generator(str(config_file), str(output), 42) == 0
    doc = parse_trf(output.read_text(encoding="utf-8"))
    assert len(doc.players) == 12
    assert doc.total_rounds == 4
    assert all(len(player.rounds) == 4 for player in doc.players)


def test_the_same_seed_writes_the_same_file(config_file: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"
    assert run_generator(str(config_file), str(first), 7) == 0
    assert run_generator(str(config_file), str(second), 7) == 0
    assert first.read_bytes() == second.read_bytes()


def test_without_a_seed_it_draws_one_and_reports_it(config_file: Path, tmp_path: Path) -> None:
    errors = io.StringIO()
    output = tmp_path / "out.trf"
    assert run_generator(str(config_file), str(output), None, stderr=errors) == 0
    reported = re.fullmatch(r"seed (\d+)\n", errors.getvalue())
    assert reported is not None
    again = tmp_path / "again.trf"
    assert run_generator(str(config_file), str(again), int(reported.group(1))) == 0
    assert again.read_bytes() == output.read_bytes()


def test_a_dash_writes_to_standard_output(
    config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run_generator(str(config_file), "-", 3) == 0
    assert parse_trf(capsys.readouterr().out).total_rounds == 4


def test_a_bad_configuration_exits_with_3_and_names_the_problem(tmp_path: Path) -> None:
    config = tmp_path / "bad.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=4\nDraws=3\n", encoding="utf-8")
    errors = io.StringIO()
    assert run_generator(str(config), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert "line 3: unknown key 'Draws'" in errors.getvalue()
    assert not (tmp_path / "out.trf").exists()


def test_a_missing_configuration_file_exits_with_3(tmp_path: Path) -> None:
    errors = io.StringIO()
    missing = tmp_path / "missing.txt"
    assert run_generator(str(missing), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert "cannot read" in errors.getvalue()


def test_an_impossible_tournament_exits_with_1(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=4\nRoundsNumber=5\n", encoding="utf-8")
    errors = io.StringIO()
    assert run_generator(str(config), str(tmp_path / "out.trf"), 1, stderr=errors) == 1
    assert "no tournament" in errors.getvalue()


def test_keys_left_out_are_drawn_from_the_seed_and_recorded(tmp_path: Path) -> None:
    config = tmp_path / "minimal.txt"
    config.write_text("PlayersNumber=20\nRoundsNumber=5\n", encoding="utf-8")
    first, second, again = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"

    assert run_generator(str(config), str(first), 1) == 0
    assert run_generator(str(config), str(second), 2) == 0
    assert run_generator(str(config), str(again), 1) == 0

    def recorded(path: Path) -> dict[str, str]:
        comment = parse_trf(path.read_text(encoding="utf-8")).comments[0]
        return dict(re.findall(r"(\w+)=(\S+)", comment))

    assert recorded(first) != recorded(second)
    assert int(recorded(first)["ForfeitRate"]) > 0  # not "off"
    assert again.read_bytes() == first.read_bytes()
