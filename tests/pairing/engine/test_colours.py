"""Colour preferences (C.04.3 A.6) and colour allocation (E.1-E.5)."""

from __future__ import annotations

import pytest

from pairing.engine.dutch.colours import colour_failures, white_for_higher
from pairing.engine.dutch.players import Strength, colour_preference
from tests.pairing.engine.builders import B, W, facts
from tournaments.domain.state import Color


@pytest.mark.parametrize(
    ("colours", "preference", "strength"),
    [
        ((), Color.NONE, Strength.NONE),  # A.6.d: no game played yet
        ((W,), Color.BLACK, Strength.STRONG),  # A.6.b: CD = +1
        ((B,), Color.WHITE, Strength.STRONG),
        ((W, B), Color.WHITE, Strength.MILD),  # A.6.c: CD = 0, opposite of the last game
        ((B, W), Color.BLACK, Strength.MILD),
        ((W, W), Color.BLACK, Strength.ABSOLUTE),  # A.6.a: CD > +1
        ((B, W, W), Color.BLACK, Strength.ABSOLUTE),  # A.6.a: the last two games equal
        ((W, B, B), Color.WHITE, Strength.ABSOLUTE),
        ((B, B, W, W, B), Color.WHITE, Strength.STRONG),
    ],
)
def test_it_derives_the_colour_preference_from_played_games(
    colours: tuple[Color, ...], preference: Color, strength: Strength
) -> None:
    assert colour_preference(colours) == (preference, strength)


def test_it_grants_both_preferences_when_they_differ() -> None:
    # E.1
    assert not white_for_higher(facts(1, [W]), facts(2, [B]), Color.WHITE)
    assert white_for_higher(facts(1, [B]), facts(2, [W]), Color.WHITE)


def test_it_grants_the_only_preference_when_one_player_has_none() -> None:
    # E.1: a late entry without games gets the colour the other one does not want
    assert white_for_higher(facts(1), facts(2, [W]), Color.BLACK)
    assert not white_for_higher(facts(1, [W]), facts(2), Color.WHITE)


def test_it_grants_the_stronger_preference() -> None:
    # E.2: absolute beats strong, strong beats mild
    assert white_for_higher(facts(1, [W, B, B]), facts(2, [B]), Color.WHITE)
    assert not white_for_higher(facts(1, [W, B]), facts(2, [B]), Color.WHITE)


def test_it_grants_the_wider_colour_difference_between_two_absolute_preferences() -> None:
    # E.2, topscorers in the final round: CD -3 beats two blacks in a row with CD -1
    higher = facts(1, [W, B, B], topscorer=True)
    lower = facts(2, [B, B, W, B, B], topscorer=True)
    assert not white_for_higher(higher, lower, Color.WHITE)


def test_it_alternates_from_the_last_round_with_different_colours() -> None:
    # E.3, seed round 5: 13 (W B B W) against 8 (B W B W): 13 had Black when 8 had White
    thirteen = facts(13, [W, B, B, W])
    eight = facts(8, [B, W, B, W])
    assert white_for_higher(eight, thirteen, Color.WHITE) is False


def test_it_gives_the_higher_ranked_player_his_preference_after_equal_histories() -> None:
    # E.4, seed round 2: 1 and 5 both had White; 1 ranks higher and gets Black
    assert not white_for_higher(facts(1, [W]), facts(5, [W]), Color.WHITE)


@pytest.mark.parametrize(
    ("rank", "initial", "white"),
    [(1, Color.WHITE, True), (2, Color.WHITE, False), (1, Color.BLACK, False)],
)
def test_it_uses_the_pairing_number_parity_and_the_initial_colour(
    rank: int, initial: Color, white: bool
) -> None:
    # E.5: odd pairing number -> initial colour
    assert white_for_higher(facts(rank), facts(9, rank=9), initial) is white


def test_it_counts_the_colour_failures_of_a_pair() -> None:
    # C.10/C.11: two strong black preferences; one player misses a strong preference
    assert colour_failures(facts(1, [W]), facts(2, [W]), Color.WHITE) == (0, 0, 1, 1)
    # C.8: two topscorers with CD +2 (E.3 gives the first one White): CD +3 for him
    top = facts(1, [W, W, B, W], topscorer=True)
    other = facts(2, [W, B, W, W], topscorer=True)
    assert colour_failures(top, other, Color.WHITE)[:3] == (1, 0, 1)
    # C.9: the wider CD gets Black (E.2); the other one gets White a third time
    third = facts(3, [B, W, W], topscorer=True)
    assert colour_failures(third, other, Color.WHITE)[:3] == (0, 1, 1)
