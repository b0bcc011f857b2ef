"""The command line (`python -m pairing --dutch ...`): output format, checker and exit codes of
the endorsed engines (0 ok, 1 no valid pairing or a differing round, 3 invalid input)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main
from tests.pairing.engine.replay import DATA

WORKED = DATA / "worked-example"


def test_it_writes_the_pairing_file_of_the_endorsed_engines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = WORKED / "rounds" / "round-2-input.trf"
    output = tmp_path / "pairs.txt"
    assert main(["--dutch", str(source), "-p", str(output)]) == 0
    expected = (WORKED / "rounds" / "round-2-expected.txt").read_text(encoding="utf-8")
    assert output.read_text(encoding="utf-8") == expected
    assert main(["--dutch", str(source), "-p"]) == 0
    assert capsys.readouterr().out == expected


def test_it_explains_the_brackets_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    source = WORKED / "rounds" / "round-5-input.trf"
    assert main(["--dutch", str(source), "-p", "--explain"]) == 0
    err = capsys.readouterr().err
    assert "PPB" in err
    assert "MaxPairs" in err


def test_the_explanation_says_why_earlier_candidates_lost(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Worked example, round 4, score group 1.0 {9, 10, 14}: the first candidate 9-10 leaves
    # 14 (who downfloated in round 2) to float again, C.14; 10-14 with 9 floating is chosen.
    source = WORKED / "rounds" / "round-4-input.trf"
    assert main(["--dutch", str(source), "-p", "--explain"]) == 0
    err = capsys.readouterr().err
    assert "  pair 10 - 14\n  downfloaters: 9\n" in err
    assert "rejected earlier candidate: 9-10: C.14 repeated downfloats" in err
    assert "colour failures (the minimum): C.8 0, C.9 0, C.10 0, C.11 0" in err


def test_it_finds_no_difference_in_a_tournament_it_reproduces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--dutch", str(WORKED / "tournament.trf"), "-c"]) == 0
    assert "all 6 rounds agree" in capsys.readouterr().out


def test_it_reports_the_round_whose_pairing_was_altered(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (WORKED / "tournament.trf").read_text(encoding="utf-8").splitlines()
    # Swap the colours of round 1 on board 1 (players 1 and 8): 1 had White.
    column = 96  # colour of round 1 (TRF16 column 97, 1-based)
    altered = []
    for line in lines:
        if line.startswith("001") and line[4:8].strip() in {"1", "8"}:
            colour = "b" if line[column] == "w" else "w"
            line = line[:column] + colour + line[column + 1 :]
        altered.append(line)
    path = tmp_path / "altered.trf"
    path.write_text("\n".join(altered) + "\n", encoding="utf-8")
    assert main(["--dutch", str(path), "-c"]) == 1
    out = capsys.readouterr().out
    assert "round 1:" in out
    # Issue 13: the two pairings side by side, board by board, the differing board marked.
    first = out.split("round 2:")[0].splitlines()
    assert first[:4] == [
        "round 1: the recorded pairing differs from the engine's",
        "  board  recorded  engine",
        "      1  8 - 1     1 - 8   *",
        "      2  9 - 2     9 - 2",
    ]
    assert len(first) == 9  # the title, the heading and the 7 boards


def test_it_shows_only_the_altered_last_round_side_by_side(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = (WORKED / "tournament.trf").read_text(encoding="utf-8").splitlines()
    # Round 6 (the last): swap the colours of one game, nothing later depends on it.
    column = 96 + 50
    game = next(
        (line[4:8].strip(), line[column - 5 : column - 1].strip())
        for line in lines
        if line.startswith("001") and line[column] == "w"
    )
    altered = []
    for line in lines:
        if line.startswith("001") and line[4:8].strip() in game:
            colour = "b" if line[column] == "w" else "w"
            line = line[:column] + colour + line[column + 1 :]
        altered.append(line)
    path = tmp_path / "altered.trf"
    path.write_text("\n".join(altered) + "\n", encoding="utf-8")

    assert main(["--dutch", str(path), "-c"]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "round 6: the recorded pairing differs from the engine's"
    assert out[1] == "  board  recorded  engine"
    marked = [row for row in out[2:] if row.endswith("*")]
    white, black = game
    assert len(marked) == 1
    assert marked[0].split()[1:] == [black, "-", white, white, "-", black, "*"]


def test_it_exits_3_on_invalid_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "broken.trf"
    path.write_text("001 this is not a player line\n", encoding="utf-8")
    assert main(["--dutch", str(path), "-p"]) == 3
    assert capsys.readouterr().err.startswith("invalid input")


def test_it_exits_1_when_no_pairing_exists(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = (
        "XXR 3\n"
        "001    1      A                                 2000                             "
        "1.0    1     2 w 1\n"
        "001    2      B                                 1900                             "
        "0.0    2     1 b 0\n"
    )
    path = tmp_path / "two.trf"
    path.write_text(text, encoding="utf-8")
    assert main(["--dutch", str(path), "-p"]) == 1
    assert "no valid pairing" in capsys.readouterr().err
