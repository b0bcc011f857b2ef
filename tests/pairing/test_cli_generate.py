"""`python -m pairing --dutch -g CONFIG -o OUT [-s SEED]`: the generator behind the command line."""

from __future__ import annotations

from pathlib import Path

from pairing.cli import main
from tournaments.domain.trf import parse_trf

CONFIG = "PlayersNumber=16\nRoundsNumber=5\nDrawPercentage=40\nHalfPointByeRate=8\n"


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
