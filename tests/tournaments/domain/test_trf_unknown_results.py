"""Result symbols TRF does not define (VCL Q166): the engine's reader refuses them, the import
of a whole tournament keeps them as unknown results (`?`), recomputes a points column that then
disagrees, and reports each one with its line and column."""

from __future__ import annotations

import pytest

from tournaments.domain.state import Outcome, PlayerId, Points
from tournaments.domain.trf import TrfError, parse_trf
from tournaments.domain.trf.adjustments import file_adjustments
from tournaments.domain.trf.report import AdjustmentKind


def _with(small_trf: str, *changes: tuple[str, str]) -> str:
    for old, new in changes:
        assert old in small_trf
        small_trf = small_trf.replace(old, new, 1)
    return small_trf


def test_the_engine_reader_still_refuses_an_unknown_symbol(small_trf: str) -> None:
    with pytest.raises(TrfError, match="unknown result code 'k'"):
        parse_trf(_with(small_trf, ("     2 b =", "     2 b k")))


def test_a_game_with_unknown_symbols_is_read_as_an_unknown_result(small_trf: str) -> None:
    text = _with(small_trf, ("     2 b =", "     2 b k"), ("     1 w =", "     1 w K"))

    doc = parse_trf(text, unknown_results=True)

    ann, bea = doc.player(PlayerId(1)), doc.player(PlayerId(2))
    assert ann.rounds[1].outcome is Outcome.ADJOURNED
    assert bea.rounds[1].outcome is Outcome.ADJOURNED
    assert (ann.rounds[1].opponent, bea.rounds[1].opponent) == (PlayerId(2), PlayerId(1))
    # An unknown result scores as a draw by default (162 X), so 1.5 still holds.
    assert (ann.points, bea.points) == (Points(3), Points(3))
    adjustments = [str(adjustment) for adjustment in file_adjustments(text, doc)]
    assert "line 5: changed: column 109: round 2: unknown result 'k' read as unknown (?)" in (
        adjustments
    )
    assert "line 6: changed: column 109: round 2: unknown result 'K' read as unknown (?)" in (
        adjustments
    )
    assert not any(
        "points" in adjustment and "replaced" in adjustment for adjustment in adjustments
    )


def test_a_points_column_that_no_longer_holds_is_recomputed_and_reported(small_trf: str) -> None:
    # Ann beat Cy in round 1; both symbols unknown: each now has a draw's value there.
    text = _with(small_trf, ("     3 w 1", "     3 w k"), ("     1 b 0", "     1 b k"))

    doc = parse_trf(text, unknown_results=True)
    adjustments = file_adjustments(text, doc)

    assert doc.player(PlayerId(1)).points == Points(2)  # ½ (unknown) + ½ (draw)
    assert doc.player(PlayerId(3)).points == Points(2)  # ½ (unknown) + ½ (half-point bye)
    replaced = [a for a in adjustments if "replaced" in a.message]
    assert [(a.kind, a.lines, a.message) for a in replaced] == [
        (
            AdjustmentKind.CHANGED,
            (5,),
            "column 81: player 1's points 1.5 replaced by 1.0, the score of the results with "
            "the unknown ones read as unknown",
        ),
        (
            AdjustmentKind.CHANGED,
            (7,),
            "column 81: player 3's points 0.5 replaced by 1.0, the score of the results with "
            "the unknown ones read as unknown",
        ),
    ]


def test_an_unknown_symbol_without_an_opponent_is_an_absence(small_trf: str) -> None:
    text = _with(small_trf, ("  0000 - H", "  0000 - k"))

    doc = parse_trf(text, unknown_results=True)

    cy = doc.player(PlayerId(3))
    assert cy.rounds[1].outcome is Outcome.ABSENT
    assert cy.points == Points(0)
    messages = [str(adjustment) for adjustment in file_adjustments(text, doc)]
    assert "line 7: changed: column 109: round 2: unknown result 'k' read as an absence " in (
        "\n".join(messages)
    )


def test_an_unknown_symbol_against_a_known_result_is_still_refused(small_trf: str) -> None:
    text = _with(small_trf, ("     2 b =", "     2 b k"))

    with pytest.raises(TrfError) as refusal:
        parse_trf(text, unknown_results=True)

    assert refusal.value.reason == (
        "round 2: player 1 played 2 with result '?', which does not agree with 2's result '='"
    )


def test_a_played_unknown_result_still_needs_colours(small_trf: str) -> None:
    text = _with(small_trf, ("     2 b =", "     2 - k"), ("     1 w =", "     1 - k"))

    with pytest.raises(TrfError, match="needs a colour"):
        parse_trf(text, unknown_results=True)
