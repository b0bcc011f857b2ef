"""`run_generator`: the job behind `python -m pairing --dutch -g CONFIG -o OUT.trf [-s SEED]`."""

from __future__ import annotations

import functools
import io
import re
from pathlib import Path

import pytest

from pairing.generator import run_generator
from standings.cli import main as standings_main
from standings.ranks import file_ranks
from tournaments.domain.trf import parse_trf

SMALL = "PlayersNumber=12\nRoundsNumber=4\nHalfPointByeRate=6\n"

generate = functools.partial(run_generator, rank=file_ranks)
"""The generator as the command line composes it (`pairing.cli`)."""


@pytest.fixture
def config_file(tmp_path: Path) -> Path:
    path = tmp_path / "rtg.txt"
    path.write_text(SMALL, encoding="utf-8")
    return path


def test_it_writes_a_complete_tournament_the_reader_accepts(
    config_file: Path, tmp_path: Path
) -> None:
    output = tmp_path / "out.trf"
    assert generate(str(config_file), str(output), 42) == 0
    doc = parse_trf(output.read_text(encoding="utf-8"))
    assert len(doc.players) == 12
    assert doc.total_rounds == 4
    assert all(len(player.rounds) == 4 for player in doc.players)


def test_the_same_seed_writes_the_same_file(config_file: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"
    assert generate(str(config_file), str(first), 7) == 0
    assert generate(str(config_file), str(second), 7) == 0
    assert first.read_bytes() == second.read_bytes()


def test_without_a_seed_it_draws_one_and_reports_it(config_file: Path, tmp_path: Path) -> None:
    errors = io.StringIO()
    output = tmp_path / "out.trf"
    assert generate(str(config_file), str(output), None, stderr=errors) == 0
    reported = re.fullmatch(r"seed (\d+)\n", errors.getvalue())
    assert reported is not None
    again = tmp_path / "again.trf"
    assert generate(str(config_file), str(again), int(reported.group(1))) == 0
    assert again.read_bytes() == output.read_bytes()


def test_a_dash_writes_to_standard_output(
    config_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert generate(str(config_file), "-", 3) == 0
    assert parse_trf(capsys.readouterr().out).total_rounds == 4


def test_a_bad_configuration_exits_with_3_and_names_the_problem(tmp_path: Path) -> None:
    config = tmp_path / "bad.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=4\nDraws=3\n", encoding="utf-8")
    errors = io.StringIO()
    assert generate(str(config), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert "line 3: unknown key 'Draws'" in errors.getvalue()
    assert not (tmp_path / "out.trf").exists()


def test_a_missing_configuration_file_exits_with_3(tmp_path: Path) -> None:
    errors = io.StringIO()
    missing = tmp_path / "missing.txt"
    assert generate(str(missing), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert "cannot read" in errors.getvalue()


def test_an_impossible_tournament_exits_with_1(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=4\nRoundsNumber=5\n", encoding="utf-8")
    errors = io.StringIO()
    assert generate(str(config), str(tmp_path / "out.trf"), 1, stderr=errors) == 1
    assert "no tournament" in errors.getvalue()


def test_keys_left_out_are_drawn_from_the_seed_and_recorded(tmp_path: Path) -> None:
    config = tmp_path / "minimal.txt"
    config.write_text("PlayersNumber=20\nRoundsNumber=5\n", encoding="utf-8")
    first, second, again = tmp_path / "a.trf", tmp_path / "b.trf", tmp_path / "c.trf"

    assert generate(str(config), str(first), 1) == 0
    assert generate(str(config), str(second), 2) == 0
    assert generate(str(config), str(again), 1) == 0

    def recorded(path: Path) -> dict[str, str]:
        comment = parse_trf(path.read_text(encoding="utf-8")).comments[0]
        return dict(re.findall(r"(\w+)=(\S+)", comment))

    assert recorded(first) != recorded(second)
    assert int(recorded(first)["ForfeitRate"]) > 0  # not "off"
    assert again.read_bytes() == first.read_bytes()


def test_it_writes_the_tie_break_list_and_ranks_the_players_by_it(
    config_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config_file.write_text(SMALL + "TieBreaks=BH/C1,SB,DE\n", encoding="utf-8")
    output = tmp_path / "out.trf"
    assert generate(str(config_file), str(output), 42) == 0

    text = output.read_text(encoding="utf-8")
    assert "202 BH/C1,SB,DE\n212 PTS,BH/C1,SB,DE\n" in text
    doc = parse_trf(text)
    assert sorted(player.rank or 0 for player in doc.players) == list(range(1, 13))
    capsys.readouterr()
    assert standings_main([str(output), "--check"]) == 0
    assert "all 12 ranks follow the tie-break list" in capsys.readouterr().out


def test_a_bad_tie_break_list_exits_with_3(config_file: Path, tmp_path: Path) -> None:
    config_file.write_text(SMALL + "TieBreaks=BH/C1,XYZ\n", encoding="utf-8")
    errors = io.StringIO()
    assert generate(str(config_file), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert "Unknown tie-break: XYZ." in errors.getvalue()


def test_it_takes_the_players_from_a_csv_file_next_to_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "players.csv").write_text(
        "name,rating,federation,title\n"
        "Carlsen Magnus,2830,NOR,GM\n"
        "Ding Liren,2750,CHN,GM\n"
        "Young Player,,ENG,\n"
        "Lagno Kateryna,2750,RUS,WGM\n"
        "Club Player,1800,FRA,\n"
        "Smith Ann,1800,USA,WFM\n",
        encoding="utf-8",
    )
    config = tmp_path / "rtg.txt"
    config.write_text("RoundsNumber=3\nPlayersFile=players.csv\n", encoding="utf-8")
    output = tmp_path / "out.trf"

    assert generate(str(config), str(output), 4) == 0

    players = parse_trf(output.read_text(encoding="utf-8")).players
    assert [(p.name, p.rating, p.federation, p.title) for p in players] == [
        ("Carlsen Magnus", 2830, "NOR", "GM"),
        ("Ding Liren", 2750, "CHN", "GM"),
        ("Lagno Kateryna", 2750, "RUS", "WGM"),
        ("Smith Ann", 1800, "USA", "WFM"),
        ("Club Player", 1800, "FRA", ""),
        ("Young Player", None, "ENG", ""),
    ]  # C.04.2 B.2: rating, title, name; the unrated player last


def test_it_takes_the_players_from_a_trf_file(tmp_path: Path) -> None:
    source = tmp_path / "source.trf"
    assert (
        generate(str(_config(tmp_path, "PlayersNumber=9\nRoundsNumber=2\n")), str(source), 3) == 0
    )
    config = _config(tmp_path, "RoundsNumber=4\nPlayersNumber=9\nPlayersFile=source.trf\n")
    output = tmp_path / "out.trf"

    assert generate(str(config), str(output), 8) == 0

    before = parse_trf(source.read_text(encoding="utf-8")).players
    after = parse_trf(output.read_text(encoding="utf-8")).players
    assert [(p.name, p.rating) for p in after] == [(p.name, p.rating) for p in before]
    assert all(len(player.rounds) == 4 for player in after)


@pytest.mark.parametrize(
    ("players", "configuration", "message"),
    [
        ("name,rating\nA,2000\nB,x\n", "", "line 3: rating must be a whole number"),
        ("name,elo\nA,2000\n", "", "missing rating"),
        ("name,rating\nA,2000\nB,1900\n", "PlayersNumber=3\n", "lists 2 players"),
        ("name,rating,federation\nA,2000,FRAN\nB,1,\n", "", "longer than the TRF's 3"),
        ('name,rating\nA,2000\n"B\nC",1900\n', "", "line 4: a field holds a line break"),
        ("name,rating\nA,2000\n", "", "lists 1 players, at least 2"),
    ],
)
def test_a_bad_players_file_exits_with_3_and_names_the_problem(
    tmp_path: Path, players: str, configuration: str, message: str
) -> None:
    (tmp_path / "players.csv").write_text(players, encoding="utf-8")
    config = _config(tmp_path, f"RoundsNumber=1\nPlayersFile=players.csv\n{configuration}")
    errors = io.StringIO()
    assert generate(str(config), str(tmp_path / "out.trf"), 1, stderr=errors) == 3
    assert message in errors.getvalue()


def _config(folder: Path, text: str) -> Path:
    path = folder / "rtg.txt"
    path.write_text(text, encoding="utf-8")
    return path
