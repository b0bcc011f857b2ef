"""The rating-based tie-breaks (C.07 10) and the FIDE B.02 tables they use."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks import Edition, parse_code
from standings.tiebreaks.performance import perfect_performance_value, round_half_up
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown
from tests.standings.tiebreaks.builders import solo
from tournaments.domain.rating_tables import dp_for_hundredths, expected_hundredths
from tournaments.domain.state import PlayerId, TournamentState

ME = PlayerId(1)


def value(state: TournamentState, code: str, unrated_rating: int | None = None) -> object:
    results = Results(state, Edition.C07_2024, unrated_rating)
    return player_breakdown(results, ME, parse_code(code)).value


@pytest.mark.parametrize(
    ("p", "dp"),
    [(100, 800), (99, 677), (90, 366), (67, 125), (51, 7), (50, 0), (33, -125), (0, -800)],
)
def test_it_reads_the_dp_table(p: int, dp: int) -> None:
    assert dp_for_hundredths(p) == dp


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, 50), (3, 50), (4, 51), (103, 64), (303, 86), (735, 99), (736, 100), (2000, 100)],
)
def test_it_reads_the_expected_score_table_over_its_full_range(
    difference: int, expected: int
) -> None:
    assert expected_hundredths(difference) == expected
    assert expected_hundredths(-difference) == 100 - expected


def test_it_adds_dp_to_the_rounded_aro_as_in_the_seed() -> None:
    """Seed 003: 4 points from 6 games, p = 0.67, dp = +125; ARO 2247, TPR 2372."""
    state = solo(
        "+W2 +B3 +W4 +B5 -W6 -B7",
        ratings={2: 2247, 3: 2247, 4: 2247, 5: 2248, 6: 2246, 7: 2247},
    )
    assert value(state, "ARO") == 2247
    assert value(state, "TPR") == 2372


def test_it_finds_the_perfect_performance_of_the_check_value() -> None:
    """Opponents 2000 and 1800, 1.5 points: PD(103) + PD(303) = 0.64 + 0.86 = 1.50 at 2103,
    1.49 at 2102 (C.07 10.3)."""
    assert perfect_performance_value([2000, 1800], 150) == 2103
    state = solo("+W2 =B3", ratings={2: 2000, 3: 1800})
    assert value(state, "PTP") == 2103


def test_it_gives_a_zero_score_the_lowest_opponent_minus_800() -> None:
    assert value(solo("-W2 -B3", ratings={2: 2000, 3: 1800}), "PTP") == 1000
    assert value(solo("-W2 -B3", ratings={2: 2000, 3: 1800}), "TPR") == 1100


def test_it_gives_a_full_score_the_first_rating_above_the_table() -> None:
    """Every difference must exceed 735 for 1.00: the highest opponent + 736."""
    assert value(solo("+W2 +B3", ratings={2: 2000, 3: 1800}), "PTP") == 2736
    assert value(solo("+W2 +B3", ratings={2: 2000, 3: 1800}), "TPR") == 2700


def test_it_averages_the_opponents_performances() -> None:
    """#2 lost its only game, to #1 (rated 2000): TPR 2000 - 800 = 1200; #3 drew its only game,
    with #1: TPR 2000. APRO = (1200 + 2000) / 2 (C.07 10.4)."""
    state = solo("+W2 =B3", ratings={1: 2000, 2: 2000, 3: 2000})
    assert value(state, "APRO") == 1600


def test_it_rounds_half_up() -> None:
    assert [round_half_up(Fraction(n, 2)) for n in (3999, 4001, 4000)] == [2000, 2001, 2000]


def test_it_leaves_rating_based_tie_breaks_undefined_with_unrated_players_and_no_rule() -> None:
    state = solo("+W2 =B3", ratings={2: 0, 3: 1800})
    for code in ("ARO", "TPR", "PTP", "APRO", "APPO"):
        assert value(state, code) is None


def test_it_uses_the_tournaments_fixed_rating_for_unrated_players() -> None:
    state = solo("+W2 =B3", ratings={2: 0, 3: 1800})
    assert value(state, "ARO", unrated_rating=1000) == 1400
    assert value(state, "RTG", unrated_rating=1000) == 2000
