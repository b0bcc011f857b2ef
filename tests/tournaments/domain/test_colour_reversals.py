"""A game played with the colours reversed (C.04.2 D.8), pure rules: the result stands (each
player keeps their points), a forfeit has no colours, and the correction window of a result."""

from __future__ import annotations

import pytest

from tournaments.domain.colour_reversals import (
    ColourReversal,
    NotPlayedGame,
    colour_reversal,
    reversed_result,
)
from tournaments.domain.warnings import Level

POINTS = {
    "1-0": (2, 0),
    "0-1": (0, 2),
    "1/2-1/2": (1, 1),
    "W-L": (2, 0),
    "L-W": (0, 2),
    "D-D": (1, 1),
    "1/2-0": (1, 0),
    "0-1/2": (0, 1),
    "0-0": (0, 0),
}
"""Half-points for White and Black."""


@pytest.mark.parametrize("result", sorted(POINTS))
def test_each_player_keeps_their_points_when_the_colours_are_exchanged(result: str) -> None:
    white, black = POINTS[result]
    assert POINTS[reversed_result(result)] == (black, white)
    assert reversed_result(reversed_result(result)) == result


def reversal(round_number: int = 3, result: str = "1-0") -> ColourReversal:
    return ColourReversal(
        round_number=round_number,
        board=4,
        white="Anand",
        black="Carlsen",
        result=result,
        result_label=result,
        reversed_label=reversed_result(result),
    )


def test_the_last_published_round_asks_level_3_and_says_what_is_recorded() -> None:
    warning = colour_reversal(reversal(), next_paired=False, fide_mode=True, last_published=3)

    assert warning.level is Level.CONFIRM
    assert warning.title == "Round 3, board 4: did Carlsen play White?"
    assert "The game is recorded as played: Carlsen White, Anand Black." in warning.consequences
    assert (
        "The result stands: 1-0 is recorded as 0-1, each player keeps their points."
        in warning.consequences
    )
    assert warning.rule == "C.04.2 D.8"


def test_once_the_next_round_is_paired_its_pairing_stands() -> None:
    warning = colour_reversal(reversal(), next_paired=True, fide_mode=True, last_published=4)

    assert warning.level is Level.CONFIRM
    assert any("Round 4 is paired: its pairing stands" in line for line in warning.consequences)


def test_an_older_round_is_refused_in_fide_mode_and_double_confirmed_out_of_it() -> None:
    refused = colour_reversal(reversal(1), next_paired=True, fide_mode=True, last_published=4)
    double = colour_reversal(reversal(1), next_paired=True, fide_mode=False, last_published=4)

    assert refused.level is Level.REFUSED
    assert double.level is Level.DOUBLE_CONFIRM


@pytest.mark.parametrize("forfeit", ["+/-", "-/+", "-/-"])
def test_a_forfeited_game_has_no_colours_to_correct(forfeit: str) -> None:
    with pytest.raises(NotPlayedGame, match="not played"):
        colour_reversal(
            reversal(result=forfeit), next_paired=False, fide_mode=True, last_published=3
        )
