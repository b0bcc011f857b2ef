"""Pure checks of the set-up (no Django): scoring systems, the PAB, the number of rounds, the
finality of the last paired round, the correction window (VCL4THP Q60-Q62, Q74-Q84, Q190)."""

from __future__ import annotations

import pytest

from tournaments.domain.configuration import (
    combined,
    finality_changes,
    first_correctable_round,
    max_rounds,
    rounds_problem,
    scoring_problems,
)
from tournaments.domain.state import Points, Scoring
from tournaments.domain.warnings import ActionWarning, Level


def scoring(**half_points: int) -> Scoring:
    return Scoring(**{name: Points(value) for name, value in half_points.items()})


def test_standard_and_three_one_zero_scoring_make_sense() -> None:
    assert scoring_problems(Scoring()) == []
    assert scoring_problems(scoring(win=6, draw=2, pairing_bye=6, forfeit_win=6)) == []


@pytest.mark.parametrize(
    ("system", "fragment"),
    [
        (scoring(draw=2, win=3, pairing_bye=3), "Two draws (2) may not score more"),  # Q74
        (scoring(pairing_bye=3), "A pairing-allocated bye (1½) may not score more"),  # Q81
        (scoring(win=6, draw=2, pairing_bye=4), "not 2 (VCL4THP Q83, Q84)"),  # Q84
        (scoring(win=0, loss=0, draw=0, pairing_bye=0), "must score more than a loss"),
        (scoring(draw=0, loss=1, win=2, pairing_bye=2), "between a loss (½) and a win"),
        (scoring(forfeit_loss=1), "A forfeit loss (½) may not score more than a loss"),
    ],
)
def test_scoring_that_makes_no_sense_is_named(system: Scoring, fragment: str) -> None:
    assert any(fragment in problem for problem in scoring_problems(system)), scoring_problems(
        system
    )


@pytest.mark.parametrize(("players", "bound"), [(0, 0), (1, 1), (2, 1), (7, 7), (8, 7), (9, 9)])
def test_a_swiss_pairs_at_most_n_minus_1_rounds_even_and_n_odd(players: int, bound: int) -> None:
    assert max_rounds(players) == bound


def test_rounds_problem() -> None:
    assert rounds_problem(7, 8) is None
    assert "at most 7 rounds" in (rounds_problem(8, 8) or "")
    assert rounds_problem(5, 0) == "No players are registered: register them before pairing."


def test_finality_of_the_last_paired_round() -> None:
    assert not finality_changes(last_paired=0, rounds=5, new_rounds=1)
    assert not finality_changes(last_paired=2, rounds=5, new_rounds=4)
    assert finality_changes(last_paired=2, rounds=5, new_rounds=2)
    assert finality_changes(last_paired=5, rounds=5, new_rounds=6)


def test_the_last_published_round_and_the_one_before_may_be_corrected() -> None:
    assert [first_correctable_round(n) for n in (0, 1, 2, 4)] == [1, 1, 1, 3]


def test_combined_warnings_take_the_highest_level_and_every_consequence() -> None:
    notice = ActionWarning(Level.NOTICE, "A.", ("a",), rule="Q1")
    double = ActionWarning(Level.DOUBLE_CONFIRM, "B.", ("b",), rule="Q2")
    assert combined([]) is None
    assert combined([notice]) is notice
    assert combined([notice, double]) == ActionWarning(
        Level.DOUBLE_CONFIRM, "A. B.", ("a", "b"), rule="Q1, Q2"
    )
