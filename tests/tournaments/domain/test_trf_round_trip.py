"""Every reference file survives parse -> write -> parse, in both flavours (issue 2, item 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.domain.state import PlayerId, Points, Scoring
from tournaments.domain.trf import (
    TrfDocument,
    TrfFormat,
    TrfPlayer,
    TrfWriteError,
    parse_trf,
    write_trf,
)

REFERENCE = Path(__file__).resolve().parents[2] / "data" / "reference"
ALL_FILES = sorted(REFERENCE.rglob("*.trf"))
LARGE = 120
# Sets whose header lines are already in the order the writer uses: written back unchanged.
CANONICAL_HEADERS = {"dev", "dev2025", "perf"}


def _in_fast_subset(path: Path) -> bool:
    """Every file is tested; the 2025 twin set and files over 120 players only with
    `-m reference`, so that the default subset stays fast."""
    text = path.read_text(encoding="utf-8")
    players = sum(line.startswith("001") for line in text.splitlines())
    return path.parent.name != "dev2025" and players <= LARGE


def _cases() -> list[object]:
    return [
        pytest.param(
            path,
            id=str(path.relative_to(REFERENCE)),
            marks=[] if _in_fast_subset(path) else [pytest.mark.reference],
        )
        for path in ALL_FILES
    ]


def test_it_finds_every_kind_of_reference_file() -> None:
    folders = {path.relative_to(REFERENCE).parts[0] for path in ALL_FILES}

    assert folders == {"dev", "dev2025", "perf", "tiebreaks", "worked-example"}
    assert len(ALL_FILES) > 150


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
@pytest.mark.parametrize("path", _cases())
def test_it_round_trips_every_reference_file(path: Path, fmt: TrfFormat) -> None:
    doc = parse_trf(path.read_text(encoding="utf-8"))

    again = parse_trf(write_trf(doc, fmt))

    assert again == doc
    assert len(again.players) == sum(
        line.startswith("001") for line in path.read_text(encoding="utf-8").splitlines()
    )


@pytest.mark.parametrize("path", _cases())
def test_it_writes_every_player_line_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")

    written = write_trf(parse_trf(text))

    assert _player_lines(written) == _player_lines(text)
    if path.parent.name in CANONICAL_HEADERS:
        assert written == text


def test_it_writes_lf_line_ends(small_trf: str) -> None:
    written = write_trf(parse_trf(small_trf.replace("\n", "\r\n")))

    assert "\r" not in written
    assert written.endswith("\n")


def test_it_writes_trf26_pairing_lines_instead_of_xx_lines(small_trf: str) -> None:
    doc = parse_trf(small_trf + "XXP 1 3\nXXA    2  1.0  1.0\n")

    header = write_trf(doc, "trf26").split("\n001")[0].splitlines()

    assert header == [
        "012 Test Open",
        "022 Riga",
        "142 3",
        "152 W",
        "162  W 1.0    D 0.5    L 0.0    A 0.0    P 1.0",
        "250 00.0 01.0 001 002 0002 0002",
        "260 001 003    1    3",
    ]


def test_it_writes_xx_lines_for_non_default_pairing_data(small_trf: str) -> None:
    text = (
        small_trf.replace("XXC white1\n", "XXC rank white1\nBBW 2.0\nBBD 1.0\nBBU 2.0\n")
        .replace(" 1.5    1 ", " 3.0    1 ")
        .replace(" 1.5    2 ", " 3.0    2 ")
        .replace(" 0.5    4 ", " 1.0    4 ")
        .replace(" 1.0    3 ", " 2.0    3 ")
    )
    doc = parse_trf(text + "260 002 002    1    4\nXXA    3  0.5\n")

    header = write_trf(doc).split("\n001")[0].splitlines()

    assert header == [
        "012 Test Open",
        "022 Riga",
        "XXR 3",
        "XXC rank white1",
        "XXS WW=2.0 BW=2.0 WD=1.0 BD=1.0 WL=0.0 BL=0.0 ZPB=0.0 HPB=1.0 FPB=2.0 PAB=2.0 FW=2.0 "
        "FL=0.0",
        "XXA    3  0.5",
        "260 002 002    1    4",
    ]


def _player_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("001")]


def test_it_cuts_a_name_longer_than_its_33_columns() -> None:
    doc = TrfDocument(
        players=(TrfPlayer(PlayerId(1), name="Wolfeschlegelsteinhausenbergerdorff, Hubert"),)
    )

    line = write_trf(doc).splitlines()[0]

    assert line[14:47] == "Wolfeschlegelsteinhausenbergerdor"
    assert line[47] == " "


def test_it_refuses_to_write_a_number_too_wide_for_its_columns() -> None:
    doc = TrfDocument(players=(TrfPlayer(PlayerId(10000)),))

    with pytest.raises(TrfWriteError, match="pairing number '10000' does not fit in 4 columns"):
        write_trf(doc)


def test_it_refuses_a_scoring_that_162_cannot_express() -> None:
    doc = TrfDocument(scoring=Scoring(forfeit_win=Points(1)))

    with pytest.raises(TrfWriteError, match="162"):
        write_trf(doc, "trf26")
    assert "XXS WW=1.0" in write_trf(doc, "trf16")


def test_it_refuses_xxc_options_that_trf26_cannot_express() -> None:
    doc = TrfDocument(configuration=("rank",))

    with pytest.raises(TrfWriteError, match="XXC rank"):
        write_trf(doc, "trf26")


def test_it_refuses_to_write_a_line_break_inside_a_field() -> None:
    doc = TrfDocument(name="Riga\nOpen", players=(TrfPlayer(PlayerId(1)),))

    with pytest.raises(TrfWriteError, match="line break"):
        write_trf(doc)
