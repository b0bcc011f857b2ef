"""`python -m pairing --dutch -g CONFIG -o OUT [-s SEED]`: the generator behind the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from tournaments.domain.trf import parse_trf

CONFIG = "PlayersNumber=16\nRoundsNumber=5\nHalfPointByeRate=8\n"


def test_it_generates_a_tournament_the_checker_agrees_with(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text(CONFIG)
    output = tmp_path / "generated.trf"

    assert main(["--dutch", "-g", str(config), "-o", str(output), "-s", "11"]) == 0

    document = parse_trf(output.read_text())
    assert len(document.players) == 16
    assert document.total_rounds == 5
    assert main(["--dutch", str(output), "-c"]) == 0


def test_the_same_seed_gives_the_same_tournament(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text(CONFIG)
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"

    main(["--dutch", "-g", str(config), "-o", str(first), "-s", "5"])
    main(["--dutch", "-g", str(config), "-o", str(second), "-s", "5"])

    assert first.read_text() == second.read_text()


def test_a_2025_tournament_records_its_edition_and_is_paired_by_it(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text(CONFIG + "ForfeitRate=6\nRetiredRate=8\nEdition=2025\n")
    output = tmp_path / "generated.trf"

    assert main(["--dutch", "-g", str(config), "-o", str(output), "-s", "3"]) == 0

    text = output.read_text()
    assert "192 FIDE_DUTCH_2025" in text
    assert main(["--dutch", str(output), "-c"]) == 0  # the checker reads 192: 2025 rules
    # Without the Edition line the same seed is paired by the 2017 rules, differently here.
    config.write_text(CONFIG + "ForfeitRate=6\nRetiredRate=8\n")
    older = tmp_path / "older.trf"
    assert main(["--dutch", "-g", str(config), "-o", str(older), "-s", "3"]) == 0
    assert "192" not in older.read_text()
    assert parse_trf(older.read_text()).players != parse_trf(text).players


def test_the_command_line_edition_must_agree_with_the_file(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text(CONFIG + "Edition=2017\n")
    output = tmp_path / "generated.trf"

    assert main(["--dutch", "-g", str(config), "-o", str(output), "--edition", "2025"]) == 3
    assert not output.exists()
    config.write_text(CONFIG)
    assert main(["--dutch", "-g", str(config), "-o", str(output), "--edition", "2025"]) == 0
    assert "192 FIDE_DUTCH_2025" in output.read_text()


@pytest.mark.parametrize("edition", ["2017", "2025"])
def test_a_baku_tournament_is_paired_with_its_virtual_points_and_checks(
    tmp_path: Path, edition: str
) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text(CONFIG + f"Acceleration=baku\nEdition={edition}\n")
    output = tmp_path / "generated.trf"

    assert main(["--dutch", "-g", str(config), "-o", str(output), "-s", "9"]) == 0

    document = parse_trf(output.read_text())
    assert document.pairing_system is not None and document.pairing_system.endswith("_BAKU")
    assert len(document.accelerations) == 8  # group A: 2 * ceil(16 / 4) (C.04.7 1.2)
    assert main(["--dutch", str(output), "-c"]) == 0
