"""`python -m pairing --double-swiss`: pair (-p), check (-c), explain, generate (-g)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.cli import main

CASES = Path(__file__).resolve().parent / "cases"
CASE = CASES / "generated_s3_m4.trf"


def test_it_pairs_the_next_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = tmp_path / "pairs.txt"
    assert main(["--double-swiss", str(CASE), "-p", str(output)]) == 0
    assert output.read_text(encoding="utf-8") == CASE.with_suffix(".expected").read_text()


def test_it_explains_the_brackets_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--double-swiss", str(CASE), "-p", "--explain"]) == 0
    err = capsys.readouterr().err
    assert "3.4: the pairing-allocated bye goes to 7" in err
    assert "bracket 4½: residents 3 (4½); upfloaters 5* (4) (3.5)" in err


def _generated(tmp_path: Path, seed: int) -> Path:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=9\nRoundsNumber=4\nForfeitRate=5\n", encoding="utf-8")
    output = tmp_path / f"t{seed}.trf"
    assert main(["--double-swiss", "-g", str(config), "-o", str(output), "-s", str(seed)]) == 0
    return output


def test_a_generated_tournament_checks_and_is_read_by_the_trf_reader(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _generated(tmp_path, 5)
    text = path.read_text(encoding="utf-8")
    assert "192 FIDE_DOUBLESWISS" in text.splitlines()
    assert "142 8" in text.splitlines()  # two game columns per match
    assert main(["--double-swiss", str(path), "-c"]) == 0
    assert "all 4 matches agree with the engine" in capsys.readouterr().out
    assert _generated(tmp_path, 5).read_text(encoding="utf-8") == text  # the seed decides


def test_it_reports_a_match_that_differs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _generated(tmp_path, 7).read_text(encoding="utf-8").splitlines()
    # Swap the colours of match 1 on every line: game 1 b <-> w, game 2 likewise.
    swapped = [
        line[:96] + {"w": "b", "b": "w"}.get(line[96], line[96]) + line[97:106]
        + {"w": "b", "b": "w"}.get(line[106], line[106]) + line[107:]
        if line.startswith("001") else line
        for line in lines
    ]  # fmt: skip
    path = tmp_path / "swapped.trf"
    path.write_text("\n".join(swapped) + "\n", encoding="utf-8")
    assert main(["--double-swiss", str(path), "-c"]) == 1
    assert "match 1: the recorded pairing differs from the engine's" in capsys.readouterr().out


def test_it_refuses_a_file_of_another_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "dutch.trf"
    path.write_text(CASE.read_text().replace("FIDE_DOUBLESWISS", "FIDE_DUTCH_2025"))
    assert main(["--double-swiss", str(path), "-p"]) == 3
    assert "is not the Double-Swiss System" in capsys.readouterr().err
    assert main(["--dutch", str(CASE), "-p"]) == 3


def test_it_refuses_half_a_match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines = CASE.read_text(encoding="utf-8").splitlines()
    # Game 2 of match 3 left out (its points column blanked, so that the reader counts them).
    cut = [
        (line[:80] + "    " + line[84:141]).rstrip() if line.startswith("001") else line
        for line in lines
    ]
    path = tmp_path / "half.trf"
    path.write_text("\n".join(cut) + "\n", encoding="utf-8")
    assert main(["--double-swiss", str(path), "-p"]) == 3
    assert "two game columns for each match" in capsys.readouterr().err
