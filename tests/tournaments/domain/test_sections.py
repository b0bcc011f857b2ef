"""Sections of an event (issue 32): rating limits, hall board numbers, the move rules."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.sections import (
    MoveRefused,
    RatingLimits,
    SectionMove,
    hall_board,
    move_warning,
)
from tournaments.domain.warnings import Level

ratings = st.integers(min_value=0, max_value=3500)
limits = st.builds(RatingLimits, lowest=st.none() | ratings, highest=st.none() | ratings).filter(
    lambda limits: limits.problem() is None
)


def test_limits_include_both_ends() -> None:
    open_b = RatingLimits(lowest=1600, highest=1999)
    assert [open_b.admits(r) for r in (1599, 1600, 1999, 2000)] == [False, True, True, False]


def test_an_unrated_player_enters_only_a_section_without_a_lowest_limit() -> None:
    assert RatingLimits(highest=1599).admits(0)
    assert RatingLimits().admits(0)
    assert not RatingLimits(lowest=1).admits(0)


def test_limits_upside_down_are_a_problem() -> None:
    problem = RatingLimits(lowest=2000, highest=1600).problem()
    assert problem is not None
    assert "2000" in problem and "1600" in problem
    assert RatingLimits(lowest=1600, highest=1600).problem() is None


@pytest.mark.parametrize(
    ("lowest", "highest", "text"),
    [
        (1600, 1999, "rated 1600 to 1999"),
        (2000, None, "rated 2000 and over"),
        (None, 1599, "rated 1599 and under"),
        (None, None, "open to all ratings"),
    ],
)
def test_limits_describe_themselves(lowest: int | None, highest: int | None, text: str) -> None:
    assert RatingLimits(lowest=lowest, highest=highest).describe() == text


@given(limits, ratings)
def test_admitted_ratings_lie_between_the_limits(limits: RatingLimits, rating: int) -> None:
    low = limits.lowest if limits.lowest is not None else 0
    high = limits.highest if limits.highest is not None else 3500
    assert limits.admits(rating) == (low <= rating <= high)


def test_hall_boards_continue_from_the_first_board() -> None:
    assert [hall_board(101, board) for board in (1, 2, 30)] == [101, 102, 130]
    assert hall_board(1, 7) == 7
    with pytest.raises(ValueError):
        hall_board(0, 1)


def _move(**changes: object) -> SectionMove:
    fields: dict[str, object] = {
        "player": "Rossi, Anna",
        "rating": 1850,
        "source": "Open A",
        "source_paired": False,
        "target": "Open B",
        "target_paired": False,
        "target_limits": RatingLimits(lowest=1600, highest=1999),
    }
    return SectionMove(**{**fields, **changes})  # type: ignore[arg-type]


def test_a_move_within_the_limits_before_round_1_asks_nothing() -> None:
    assert move_warning(_move()) is None


def test_a_move_outside_the_limits_asks_for_a_level_3_confirmation() -> None:
    warning = move_warning(_move(rating=2105))
    assert warning is not None
    assert warning.level is Level.CONFIRM
    assert "2105" in warning.title and "rated 1600 to 1999" in warning.title


def test_an_unrated_player_outside_the_limits_is_named_unrated() -> None:
    warning = move_warning(_move(rating=0))
    assert warning is not None and "unrated" in warning.title


@pytest.mark.parametrize("side", ["source_paired", "target_paired"])
def test_a_move_after_round_1_is_paired_is_refused(side: str) -> None:
    with pytest.raises(MoveRefused) as refused:
        move_warning(_move(**{side: True}, rating=2105))
    section = "Open A" if side == "source_paired" else "Open B"
    assert f"Round 1 of {section} is paired" in refused.value.reason


def test_a_move_to_the_same_section_is_refused() -> None:
    with pytest.raises(MoveRefused):
        move_warning(_move(target="Open A"))
