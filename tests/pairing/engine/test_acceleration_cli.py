"""Accelerated input on the command line, as the endorsed engines take it (issue 19, C.04.7):
the Baku `192` codes, JaVaFo's `XXA` and TRF-2026's `250` records give one pairing; `-c`
re-pairs an accelerated tournament round by round."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pairing.cli import main
from pairing.engine import DutchConfig, Edition, pair
from tests.pairing.engine.replay import CASES
from tournaments.domain.state import Color, Outcome, PlayerId, Points
from tournaments.domain.trf import (
    TrfDocument,
    TrfFormat,
    TrfPlayer,
    TrfRoundEntry,
    parse_trf,
    state_document,
    tournament_state_from_trf,
    write_trf,
)

ROUND_TWO = CASES / "issue19_baku_r02.trf"


def _pairs(path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--dutch", str(path), "-p"]) == 0
    return capsys.readouterr().out


def _explicit(fmt: TrfFormat) -> str:
    """The round-2 case with its virtual points written out as records (`XXA` or `250`)."""
    doc = parse_trf(ROUND_TWO.read_text(encoding="utf-8"))
    return write_trf(state_document(tournament_state_from_trf(doc), doc), fmt)


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
def test_explicit_records_pair_as_the_192_code(
    fmt: TrfFormat, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _explicit(fmt)
    assert ("XXA    6  1.0  1.0  0.5  0.5" in text) == (fmt == "trf16")
    assert ("250 00.0 01.0 001 002 0001 0006" in text) == (fmt == "trf26")
    source = tmp_path / "explicit.trf"
    source.write_text(text, encoding="utf-8")
    assert _pairs(source, capsys) == _pairs(ROUND_TWO, capsys)


def test_records_override_the_192_code(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF-2026: `250` records present replace the acceleration the code implies; virtual
    points for nobody pair the round as an unaccelerated one."""
    unaccelerated = tmp_path / "plain.trf"
    unaccelerated.write_text(
        ROUND_TWO.read_text(encoding="utf-8").replace("_BAKU", ""), encoding="utf-8"
    )
    overridden = tmp_path / "overridden.trf"
    overridden.write_text(
        ROUND_TWO.read_text(encoding="utf-8") + "250 00.0 01.0 007 007 0010 0010\n",
        encoding="utf-8",
    )
    assert _pairs(overridden, capsys) == _pairs(unaccelerated, capsys)


@pytest.mark.parametrize("code", ["FIDE_DUTCH_2026_BAKU", "FIDE_DUTCH_2025_BAKU"])
def test_it_reads_the_2026_codes_as_the_2025_rules(
    code: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "code.trf"
    source.write_text(
        ROUND_TWO.read_text(encoding="utf-8").replace("FIDE_DUTCH_2025_BAKU", code),
        encoding="utf-8",
    )
    expected = ROUND_TWO.with_suffix(".expected").read_text(encoding="utf-8")
    assert _pairs(source, capsys) == expected


def test_a_baku_code_under_football_scoring_is_invalid_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = tmp_path / "football.trf"
    text = (CASES / "issue19_baku_r01.trf").read_text(encoding="utf-8")
    source.write_text(text.replace("XXR 7", "XXR 7\nXXS W=3 D=1"), encoding="utf-8")
    assert main(["--dutch", str(source), "-p"]) == 3
    assert "C.04.7 1.1" in capsys.readouterr().err


def _played(doc: TrfDocument, edition: Edition) -> TrfDocument:
    """`doc` played to its last round by the engine: the lower pairing number wins, unless
    the two are neighbours (a draw)."""
    config = DutchConfig(edition=edition)
    for _ in range(doc.round_count):
        pairing = pair(tournament_state_from_trf(doc), config)
        entries: dict[PlayerId, TrfRoundEntry] = {}
        for board in pairing.boards:
            white_wins = board.white < board.black
            if abs(board.white - board.black) == 1:
                white, black = Outcome.DRAW, Outcome.DRAW
            elif white_wins:
                white, black = Outcome.WIN, Outcome.LOSS
            else:
                white, black = Outcome.LOSS, Outcome.WIN
            entries[board.white] = TrfRoundEntry(board.black, Color.WHITE, white)
            entries[board.black] = TrfRoundEntry(board.white, Color.BLACK, black)
        if pairing.bye is not None:
            entries[pairing.bye] = TrfRoundEntry(None, Color.NONE, Outcome.PAIRING_BYE)
        players = tuple(
            replace(
                player,
                rounds=(*player.rounds, entries[player.pairing_number]),
                points=Points(
                    player.points + doc.scoring.points(entries[player.pairing_number].outcome)
                ),
            )
            for player in doc.players
        )
        doc = replace(doc, players=players)
    return doc


@pytest.mark.parametrize(
    ("code", "edition"),
    [("FIDE_DUTCH_2025_BAKU", Edition.DUTCH_2025), ("FIDE_DUTCH_BAKU", Edition.DUTCH_2017)],
)
def test_it_checks_an_accelerated_tournament_round_by_round(
    code: str, edition: Edition, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    start = TrfDocument(
        players=tuple(
            TrfPlayer(pairing_number=PlayerId(n), name=f"Player {n:02d}", rating=2500 - 10 * n)
            for n in range(1, 24)
        ),
        total_rounds=9,
        initial_color=Color.WHITE,
        pairing_system=code,
    )
    source = tmp_path / "accelerated.trf"
    source.write_text(write_trf(_played(start, edition)), encoding="utf-8")
    assert main(["--dutch", str(source), "-c"]) == 0
    assert "all 9 rounds agree" in capsys.readouterr().out
