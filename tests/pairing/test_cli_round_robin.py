"""`python -m pairing --round-robin`: a round robin generated (`-g`), checked against the Berger
tables (`-c`) and paired (`-p`) from the command line (C.05 Annex 1)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing.cli import main
from tournaments.domain.state import Color, Points
from tournaments.domain.trf import parse_trf, write_trf


def _generate(tmp_path: Path, config: str, seed: int = 3) -> Path:
    (tmp_path / "rtg.txt").write_text(config)
    output = tmp_path / "rr.trf"
    assert (
        main(["--round-robin", "-g", str(tmp_path / "rtg.txt"), "-o", str(output), "-s", str(seed)])
        == 0
    )
    return output


def test_a_generated_round_robin_passes_the_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = _generate(
        tmp_path, "PlayersNumber=10\nFormat=doubleroundrobin\nSwapLastTwoRounds=yes\n"
    )

    assert main(["--round-robin", str(output), "-c"]) == 0
    assert capsys.readouterr().out == (
        "all 18 rounds agree with the Berger tables (double round robin of 10 players, "
        "the first cycle's last two rounds exchanged)\n"
    )


def _rewrite(path: Path, rounds: int, recolour: frozenset[int] = frozenset()) -> None:
    """Keep the file's first `rounds` rounds, with the colours of round 1 swapped for the
    players in `recolour`, and the points they give."""
    document = parse_trf(path.read_text())
    players = []
    for player in document.players:
        entries = list(player.rounds[:rounds])
        if player.pairing_number in recolour:
            first = entries[0]
            entries[0] = replace(
                first, color=Color.BLACK if first.color is Color.WHITE else Color.WHITE
            )
        points = sum(document.scoring.points(entry.outcome) for entry in entries)
        players.append(replace(player, rounds=tuple(entries), points=Points(points), rank=None))
    path.write_text(write_trf(replace(document, players=tuple(players))))


def test_a_round_off_the_table_is_shown_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = _generate(tmp_path, "PlayersNumber=4\nFormat=roundrobin\n")
    _rewrite(output, rounds=3, recolour=frozenset({2, 3}))  # round 1 is 1-4, 2-3
    capsys.readouterr()

    assert main(["--round-robin", str(output), "-c"]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "round 1: the recorded pairing differs from the Berger table's",
        "  board  recorded  table",
        "      1  1 - 4     1 - 4",
        "      2  3 - 2     2 - 3   *",
    ]


def test_the_next_round_comes_from_the_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    output = _generate(tmp_path, "PlayersNumber=6\nFormat=roundrobin\n")
    _rewrite(output, rounds=1)
    capsys.readouterr()

    assert main(["--round-robin", str(output), "-p"]) == 0
    assert capsys.readouterr().out.splitlines() == ["3", "6 4", "5 3", "1 2"]


@pytest.mark.parametrize(
    ("system", "config"),
    [
        ("--dutch", "PlayersNumber=6\nFormat=roundrobin\n"),
        ("--round-robin", "PlayersNumber=6\nRoundsNumber=3\n"),
    ],
)
def test_the_system_must_agree_with_the_files_format(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, config: str
) -> None:
    (tmp_path / "rtg.txt").write_text(config)

    assert main([system, "-g", str(tmp_path / "rtg.txt"), "-o", "-", "-s", "1"]) == 3
    assert "contradicts the file's Format" in capsys.readouterr().err


def test_a_generated_round_robin_keeps_its_drawn_numbers(tmp_path: Path) -> None:
    output = _generate(tmp_path, "PlayersNumber=12\nFormat=roundrobin\n", seed=8)

    document = parse_trf(output.read_text())
    assert [player.pairing_number for player in document.players] == list(range(1, 13))
    ratings = [player.rating or 0 for player in document.players]
    assert ratings != sorted(ratings, reverse=True)  # numbers by lot, not by rating
