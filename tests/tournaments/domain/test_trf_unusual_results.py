"""The unusual results of a played game, ½-0, 0-½ and 0-0 (checklist Q180), in the TRF: read as
the two players' entries, kept through a round trip, scored as written; the inconsistent and
mixed results stay refused (Q181-Q184)."""

from __future__ import annotations

import pytest

from tournaments.domain.state import Outcome, PlayerId, Points, TournamentState
from tournaments.domain.trf import TrfError, parse_trf, tournament_state_from_trf, write_trf

ANN_ROUND_1 = "     3 w 1"
CY_ROUND_1 = "     1 b 0  0000 - H"


def _round_1(small_trf: str, ann: str, cy: str, ann_points: str, cy_points: str) -> str:
    """small.trf with Ann (White, 1) and Cy (Black, 3) given `ann` and `cy` in round 1."""
    lines = small_trf.splitlines()
    lines[4] = lines[4].replace(ANN_ROUND_1, f"     3 w {ann}")
    lines[4] = lines[4][:80] + ann_points + lines[4][84:]
    lines[6] = lines[6].replace(CY_ROUND_1, f"     1 b {cy}  0000 - H")
    lines[6] = lines[6][:80] + cy_points + lines[6][84:]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("ann", "cy", "ann_points", "cy_points"),
    [("=", "0", " 1.0", " 0.5"), ("0", "=", " 0.5", " 1.0"), ("0", "0", " 0.5", " 0.5")],
    ids=["half-zero", "zero-half", "zero-zero"],
)
def test_a_played_game_scored_unusually_is_read_kept_and_scored(
    small_trf: str, ann: str, cy: str, ann_points: str, cy_points: str
) -> None:
    text = _round_1(small_trf, ann, cy, ann_points, cy_points)

    doc = parse_trf(text)
    again = parse_trf(write_trf(doc))
    state: TournamentState = tournament_state_from_trf(again, 3)

    codes = {"=": Outcome.DRAW, "0": Outcome.LOSS}
    ann_record, cy_record = (state.player(PlayerId(n)).history[0] for n in (1, 3))
    assert (ann_record.outcome, cy_record.outcome) == (codes[ann], codes[cy])
    assert (ann_record.opponent, cy_record.opponent) == (PlayerId(3), PlayerId(1))
    # Points in half-points: Ann also drew round 2; Cy had a half-point bye.
    ann_score, cy_score = (state.player(PlayerId(n)).score(state.scoring) for n in (1, 3))
    assert ann_score == Points(int(float(ann_points) * 2))
    assert cy_score == Points(int(float(cy_points) * 2))
    assert again == doc


@pytest.mark.parametrize(
    ("ann", "cy"),
    [("1", "1"), ("1", "="), ("=", "1"), ("=", "-"), ("+", "0"), ("+", "="), ("1", "-")],
)
def test_inconsistent_and_mixed_results_stay_refused(small_trf: str, ann: str, cy: str) -> None:
    with pytest.raises(TrfError) as caught:
        parse_trf(_round_1(small_trf, ann, cy, " 1.0", " 0.5"))

    assert "with result" in caught.value.reason or "points" in caught.value.reason
