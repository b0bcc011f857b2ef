"""Unplayed rounds (C.07 15, 16): the adjusted score a player gives to its opponents, the
dummy opponent of a player's own unplayed rounds, and the 2023 / 2024 / 2026 differences."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks import Edition, parse_code
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown
from tests.standings.tiebreaks.builders import solo
from tournaments.domain.state import PlayerId, TournamentState

ME = PlayerId(1)


def value(state: TournamentState, code: str, edition: Edition = Edition.C07_2024) -> object:
    return player_breakdown(Results(state, edition), ME, parse_code(code)).value


def adjusted(line: str, edition: Edition) -> Fraction:
    """Player 1's adjusted score (in points) for its opponents' Buchholz."""
    return Fraction(Results(solo(line), edition).adjusted[ME], 2)


@pytest.mark.parametrize(
    ("line", "in_2023", "from_2024"),
    [
        # Rounds of availability (game, PAB, forfeit win, FPB) always count their points.
        ("+W2 PAB FPB +F3", "4", "4"),
        # A requested bye followed by a round of availability keeps its points (16.A).
        ("HPB +W2 -B3", "1.5", "1.5"),
        ("+W2 ZPB -B3", "1", "1"),
        # A forfeit loss followed by a round of availability keeps its 0.
        ("+W2 -F3 =B4", "1.5", "1.5"),
        # A requested bye not followed by any round of availability counts as a draw.
        ("+W2 -B3 ZPB", "1.5", "1.5"),
        # Withdrawn: every round after the last game counts as a draw.
        ("PAB --- ---", "2", "2"),
        ("+F2 --- ---", "2", "2"),
        # A late entry: absences followed by games keep their 0.
        ("--- --- +W2", "1", "1"),
        # A final forfeit loss: a draw in 2023 (16.A), its 0 from 2024 (category .5).
        ("+W2 -F3 ---", "2", "1.5"),
        ("+W2 ZPB -F3", "2", "1.5"),
        ("+W2 -W3 -F4", "1.5", "1"),
    ],
)
def test_it_gives_opponents_the_adjusted_score_of_each_category_of_unplayed_round(
    line: str, in_2023: str, from_2024: str
) -> None:
    assert adjusted(line, Edition.C07_2023) == Fraction(in_2023)
    assert adjusted(line, Edition.C07_2024) == Fraction(from_2024)
    assert adjusted(line, Edition.C07_2026) == Fraction(from_2024)


def test_it_uses_the_opponents_adjusted_score_in_buchholz() -> None:
    """Opponent 2 won round 1, then withdrew: 1 + ½ + ½ for the opponent's Buchholz."""
    state = solo("-W2 +B3 +W4", filler={2: "---"})
    assert value(state, "BH") == Fraction(2) + Fraction(2) + Fraction(2)


@pytest.mark.parametrize("edition", [Edition.C07_2023, Edition.C07_2024])
def test_it_counts_an_own_unplayed_round_as_a_dummy_with_the_players_own_score(
    edition: Edition,
) -> None:
    """Opponent 2: 0 + 1 + 1 = 2; own half-point bye: own 1.5; opponent 3: 1 + 1 + 1 = 3."""
    state = solo("+W2 HPB -B3")
    assert value(state, "BH", edition) == Fraction(13, 2)
    assert value(state, "SB", edition) == 2 + Fraction(3, 2) * Fraction(1, 2) + 0


@pytest.mark.parametrize(
    ("line", "own_round", "dummy"),
    [
        # Every kind of own unplayed round gives the player's own final score (2.5).
        ("+W2 PAB =B3", 2, "2.5"),
        ("+W2 +F3 =B4", 2, "2.5"),
        ("+W2 FPB =B3", 2, "2.5"),
        ("+W2 ZPB +B3 =W4", 2, "2.5"),
        ("+W2 -F3 +B4 =W5", 2, "2.5"),
    ],
)
def test_it_gives_every_own_unplayed_round_the_players_own_score(
    line: str, own_round: int, dummy: str
) -> None:
    breakdown = player_breakdown(Results(solo(line), Edition.C07_2024), ME, parse_code("BH"))
    assert breakdown.points(breakdown.contributions[own_round - 1]) == Fraction(dummy)


def test_it_caps_a_byes_dummy_at_a_draw_per_round_in_2026() -> None:
    """Own score 2.5 after three rounds; a bye's dummy is capped at 3 x ½ = 1.5."""
    state = solo("+W2 HPB +W3", filler={2: "HPB", 3: "HPB"})
    assert value(state, "BH", Edition.C07_2024) == 1 + Fraction(5, 2) + 1
    assert value(state, "BH", Edition.C07_2026) == 1 + Fraction(3, 2) + 1


def test_it_caps_a_forfeits_dummy_at_the_scheduled_opponents_adjusted_score_in_2026() -> None:
    """Own score 3; the forfeiting opponent 3 scored 0 + 1 + 1 = 2."""
    state = solo("+W2 +F3 +W4")
    assert value(state, "BH", Edition.C07_2024) == 2 + 3 + 2
    assert value(state, "BH", Edition.C07_2026) == 2 + 2 + 2


def test_it_ignores_forfeits_and_byes_in_the_rating_based_tie_breaks() -> None:
    state = solo("+W2 +F3 -B4 PAB", ratings={2: 2100, 3: 1000, 4: 1900})
    assert value(state, "ARO") == 2000
    assert value(state, "TPR") == 2000


def test_it_counts_own_results_with_and_without_play() -> None:
    state = solo("+W2 +F3 PAB FPB HPB +B4 =B5 -F6")
    assert value(state, "WIN") == 5
    assert value(state, "WON") == 2
    assert value(state, "BPG") == 2
    assert value(state, "BWG") == 1
    assert value(state, "GE") == 6
    assert value(state, "REP") == 6
