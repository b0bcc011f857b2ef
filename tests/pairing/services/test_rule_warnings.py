"""The rule warnings of a hand-edited pairing (pairing.checks), on small domain states."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.checks import board_warnings, bye_warnings, pairing_warnings
from tournaments.domain.state import (
    Color,
    ForbiddenPairs,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

W, B = Color.WHITE, Color.BLACK


def game(opponent: int, colour: Color, outcome: Outcome = Outcome.WIN) -> RoundRecord:
    return RoundRecord(PlayerId(opponent), colour, outcome)


def state(
    *histories: tuple[RoundRecord, ...], forbidden: tuple[int, int] | None = None
) -> TournamentState:
    return TournamentState(
        total_rounds=5,
        players=tuple(
            PlayerState(id=PlayerId(number), history=history)
            for number, history in enumerate(histories, start=1)
        ),
        forbidden=(
            (ForbiddenPairs(players=frozenset(map(PlayerId, forbidden))),) if forbidden else ()
        ),
    )


def rules(warnings: Sequence[object]) -> list[str]:
    return [str(warning) for warning in warnings]


def test_a_played_game_makes_a_rematch_but_a_forfeit_does_not() -> None:
    played = state(
        (game(2, W),),
        (game(1, B),),
        (game(4, W, Outcome.FORFEIT_WIN),),
        (game(3, B, Outcome.FORFEIT_LOSS),),
    )

    assert rules(board_warnings(played, 1, PlayerId(2), PlayerId(1))) == [
        "Board 1: 2 and 1 already played (C.04.3 C.1)"
    ]
    assert board_warnings(played, 2, PlayerId(4), PlayerId(3)) == []


def test_a_forbidden_pair_is_reported() -> None:
    siblings = state((), (), forbidden=(1, 2))

    assert rules(board_warnings(siblings, 3, PlayerId(1), PlayerId(2))) == [
        "Board 3: 1 and 2 must not be paired together (C.04.3 C.1)"
    ]


def test_two_absolute_preferences_for_the_same_colour_are_reported() -> None:
    both_white_twice = state(
        (game(3, W), game(4, W)),
        (game(4, W), game(3, W)),
        (game(1, B), game(2, B)),
        (game(2, B), game(1, B)),
    )

    warnings = rules(board_warnings(both_white_twice, 1, PlayerId(1), PlayerId(2)))

    assert "Board 1: 1 and 2 both have an absolute preference for black (C.04.3 C.3)" in warnings
    assert "Board 1: 1 would have a colour difference of +3 (C.04.3 A.6)" in warnings


def test_no_pairing_allocated_bye_twice_nor_after_a_forfeit_win() -> None:
    history = state(
        (RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE),),
        (game(3, W, Outcome.FORFEIT_WIN),),
        (game(2, B, Outcome.FORFEIT_LOSS),),
    )

    assert rules(bye_warnings(history, PlayerId(1))) == [
        "Bye: 1 already had a pairing-allocated bye (C.04.3 C.2)"
    ]
    assert rules(bye_warnings(history, PlayerId(2))) == [
        "Bye: 2 already won a game by forfeit (C.04.3 C.2)"
    ]
    assert bye_warnings(history, PlayerId(3)) == []


def test_a_pairing_that_keeps_every_rule_has_no_warning() -> None:
    fresh = state(
        (game(2, W),),
        (game(1, B),),
        (game(4, W),),
        (game(3, B),),
        (RoundRecord(None, Color.NONE, Outcome.ABSENT),),
    )

    assert (
        pairing_warnings(
            fresh, [(1, PlayerId(2), PlayerId(3)), (2, PlayerId(4), PlayerId(1))], PlayerId(5)
        )
        == []
    )
