"""The modifiers: Cut-1/Cut-2, Median-1/Median-2 (C.07 14.1-14.4) with the voluntary unplayed
rounds cut first (16.C), and Limit for Koya (14.5)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks import Breakdown, CutReason, Edition, parse_code
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown
from tests.standings.tiebreaks.builders import solo
from tournaments.domain.state import PlayerId, TournamentState

ME = PlayerId(1)

# Opponents' scores: #2 0 + ½ + ½ + ½ = 1.5, #3 ½ + 3 = 3.5, #4 1 + 1.5 = 2.5, #5 0 + 3 = 3.
FOUR_GAMES = solo("+W2 =B3 -W4 +B5", filler={2: "HPB", 3: "PAB", 4: "HPB", 5: "PAB"})


def breakdown(
    code: str, state: TournamentState = FOUR_GAMES, edition: Edition = Edition.C07_2024
) -> Breakdown:
    return player_breakdown(Results(state, edition), ME, parse_code(code))


@pytest.mark.parametrize(
    ("code", "value", "cut_rounds"),
    [
        ("BH", "10.5", []),
        ("BH/C1", "9", [1]),
        ("BH/C2", "6.5", [1, 3]),
        ("BH/M1", "5.5", [1, 2]),
        ("BH/M2", "0", [1, 3, 2, 4]),
        ("SB", "6.25", []),
        ("SB/C1", "4.75", [1]),
        ("SB/M1", "3", [1, 2]),
    ],
)
def test_it_cuts_the_least_and_most_significant_values(
    code: str, value: str, cut_rounds: list[int]
) -> None:
    found = breakdown(code)
    assert found.value == Fraction(value)
    assert [cut.round for cut in found.cuts] == cut_rounds


def test_it_says_which_end_each_cut_value_came_from() -> None:
    assert [cut.reason for cut in breakdown("BH/M1").cuts] == [
        CutReason.LEAST_SIGNIFICANT,
        CutReason.MOST_SIGNIFICANT,
    ]


@pytest.mark.parametrize("edition", list(Edition))
def test_it_cuts_a_requested_bye_before_a_lower_opponent_in_buchholz(edition: Edition) -> None:
    """Opponent #2 scored 1; the half-point bye is worth the own score 2.5 and goes first."""
    state = solo("+W2 HPB +W3", filler={2: "HPB"})
    found = breakdown("BH/C1", state, edition)
    assert [(cut.round, cut.reason) for cut in found.cuts] == [(2, CutReason.VOLUNTARY_FIRST)]


def test_it_cuts_a_voluntary_round_in_sb_first_only_from_2024_when_it_is_not_lower() -> None:
    """Zero-point bye: a dummy at the own score 2 times 0 points = 0. The least significant
    opponent (#2, 1 point) gave 1. 2023 cuts the bye anyway (16.C); 2024 cuts #2's 1 (14.1)."""
    state = solo("+W2 ZPB +B3", filler={2: "HPB"})
    assert breakdown("SB", state).value == 3
    in_2023 = breakdown("SB/C1", state, Edition.C07_2023)
    assert (in_2023.value, in_2023.cuts[0].round) == (Fraction(3), 2)
    in_2024 = breakdown("SB/C1", state, Edition.C07_2024)
    assert (in_2024.value, in_2024.cuts[0].round) == (Fraction(2), 1)
    assert in_2024.cuts[0].reason is CutReason.LEAST_SIGNIFICANT


def test_it_cuts_the_voluntary_round_that_contributes_least_first_in_2023() -> None:
    """Two voluntary rounds for one cut: the zero-point bye (0) before the half-point one."""
    found = breakdown("SB/C1", solo("HPB ZPB +W2 =B3"), Edition.C07_2023)
    assert [(cut.round, cut.reason) for cut in found.cuts] == [(2, CutReason.VOLUNTARY_FIRST)]


def test_it_cuts_a_forfeit_loss_first_too() -> None:
    found = breakdown("BH/C1", solo("+W2 -F3 +B4 =W5", filler={2: "HPB"}))
    assert [cut.round for cut in found.cuts] == [2]


def test_it_leaves_an_empty_sum_when_there_are_fewer_values_than_cuts() -> None:
    state = solo("+W2")
    assert breakdown("BH/M2", state).value == 0
    assert breakdown("ARO/C1", state).value is None


def test_it_drops_the_earliest_running_scores_from_progressive_scores() -> None:
    """Running scores 1, 1.5, 1.5, 2.5: PS 6.5 (C.07 7.5), Cut-1 5.5, Cut-2 4."""
    state = solo("+W2 =B3 -W4 +B5")
    assert breakdown("PS", state).value == Fraction(13, 2)
    assert breakdown("PS/C1", state).value == Fraction(11, 2)
    assert breakdown("PS/C2", state).value == 4


def test_it_cuts_the_lowest_and_highest_ratings_from_aro() -> None:
    state = solo("+W2 =B3 -W4 +B5", ratings={2: 1800, 3: 2000, 4: 2200, 5: 2401})
    assert breakdown("ARO", state).value == 2100  # 2100.25
    assert breakdown("ARO/C1", state).value == 2200  # 2200.33
    assert breakdown("ARO/M1", state).value == 2100
    assert breakdown("ARO/C2", state).value == 2301  # 2300.5, rounded half up


@pytest.mark.parametrize(
    ("code", "value"),
    [("KS", "0.5"), ("KS/L+1", "0.5"), ("KS/L+2", "0.5"), ("KS/L+3", "0"), ("KS/L-1", "1.5")],
)
def test_it_moves_the_koya_threshold_in_half_point_steps(code: str, value: str) -> None:
    """Opponents' scores 1, 2.5, 2 after three rounds; the 50 % threshold is 1.5 points."""
    state = solo("+W2 =B3 -W4", filler={2: "HPB", 3: "PAB", 4: "HPB"})
    assert breakdown(code, state).value == Fraction(value)
