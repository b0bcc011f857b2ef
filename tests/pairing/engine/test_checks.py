"""The rule warnings of a hand-edited pairing (`pairing.engine.checks`), on small domain states:
they follow the engine's own rules for each edition."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from pairing.engine import (
    DutchConfig,
    Edition,
    board_warnings,
    bye_warnings,
    pair,
    pairing_warnings,
    wrong_colours_warnings,
)
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
E17, E25 = Edition.DUTCH_2017, Edition.DUTCH_2025


def game(opponent: int, colour: Color, outcome: Outcome = Outcome.WIN) -> RoundRecord:
    return RoundRecord(PlayerId(opponent), colour, outcome)


def state(
    *histories: tuple[RoundRecord, ...],
    forbidden: tuple[int, int] | None = None,
    total_rounds: int = 5,
) -> TournamentState:
    return TournamentState(
        total_rounds=total_rounds,
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

    assert rules(board_warnings(played, 1, PlayerId(2), PlayerId(1), edition=E17)) == [
        "Board 1: 2 and 1 already played (C.04.3 C.1)"
    ]
    assert board_warnings(played, 2, PlayerId(4), PlayerId(3), edition=E17) == []


def test_a_forbidden_pair_is_reported() -> None:
    siblings = state((), (), forbidden=(1, 2))

    assert rules(board_warnings(siblings, 3, PlayerId(1), PlayerId(2), edition=E17)) == [
        "Board 3: 1 and 2 must not be paired together (C.04.3 C.1)"
    ]


def test_two_absolute_preferences_for_the_same_colour_are_reported() -> None:
    both_white_twice = state(
        (game(3, W), game(4, W)),
        (game(4, W), game(3, W)),
        (game(1, B), game(2, B)),
        (game(2, B), game(1, B)),
    )

    warnings = rules(board_warnings(both_white_twice, 1, PlayerId(1), PlayerId(2), edition=E17))

    assert "Board 1: 1 and 2 both have an absolute preference for black (C.04.3 C.3)" in warnings
    assert "Board 1: 1 would have a colour difference of +3 (C.04.3 A.6)" in warnings


@pytest.mark.parametrize("edition", list(Edition))
def test_no_pairing_allocated_bye_twice_nor_after_a_forfeit_win_in_either_edition(
    edition: Edition,
) -> None:
    history = state(
        (RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE),),
        (game(3, W, Outcome.FORFEIT_WIN),),
        (game(2, B, Outcome.FORFEIT_LOSS),),
    )

    assert rules(bye_warnings(history, PlayerId(1), edition=edition)) == [
        "Bye: 1 already had a pairing-allocated bye (C.04.3 C.2)"
    ]
    assert rules(bye_warnings(history, PlayerId(2), edition=edition)) == [
        "Bye: 2 already won a game by forfeit (C.04.3 C.2)"
    ]
    assert bye_warnings(history, PlayerId(3), edition=edition) == []


def test_a_requested_full_point_bye_bars_the_pairing_allocated_bye_under_2025_only() -> None:
    # 2017 C.2: only a PAB or a forfeit win bars it; C.04.3 (2025) 2.2 [C2]: also any round
    # scored as a win without playing (a full-point bye), but not a half-point bye.
    history = state(
        (RoundRecord(None, Color.NONE, Outcome.FULL_BYE),),
        (RoundRecord(None, Color.NONE, Outcome.HALF_BYE),),
    )

    assert rules(bye_warnings(history, PlayerId(1), edition=E25)) == [
        "Bye: 1 already had a full-point bye (C.04.3 C.2)"
    ]
    assert bye_warnings(history, PlayerId(1), edition=E17) == []
    assert bye_warnings(history, PlayerId(2), edition=E25) == []


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
            fresh,
            [(1, PlayerId(2), PlayerId(3)), (2, PlayerId(4), PlayerId(1))],
            PlayerId(5),
            edition=E17,
        )
        == []
    )


def last_round_with_topscorers() -> TournamentState:
    """Round 3 of 3: players 1 and 2 lead with 2/2, both with White twice (an absolute
    preference for Black), and have not met; 4 and 6 had Black twice and do not lead."""
    return state(
        (game(4, W), game(3, W)),
        (game(5, W), game(6, W)),
        (game(6, W, Outcome.DRAW), game(1, B, Outcome.LOSS)),
        (game(1, B, Outcome.LOSS), game(5, B, Outcome.LOSS)),
        (game(2, B, Outcome.LOSS), game(4, W)),
        (game(3, B, Outcome.DRAW), game(2, B, Outcome.LOSS)),
        total_rounds=3,
    )


@pytest.mark.parametrize("edition", list(Edition))
def test_the_engines_last_round_pair_of_topscorers_with_one_absolute_colour_is_not_flagged(
    edition: Edition,
) -> None:
    last = last_round_with_topscorers()
    pairing = pair(last, DutchConfig(edition=edition))
    boards = [(n, board.white, board.black) for n, board in enumerate(pairing.boards, start=1)]

    assert (1, PlayerId(2), PlayerId(1)) in boards  # C.3 allows it: both are topscorers (A.7)
    assert pairing_warnings(last, boards, pairing.bye, edition=edition) == []


@pytest.mark.parametrize("edition", list(Edition))
def test_a_last_round_board_without_a_topscorer_still_breaks_c3_and_the_colour_rules(
    edition: Edition,
) -> None:
    last = last_round_with_topscorers()

    assert rules(board_warnings(last, 2, PlayerId(6), PlayerId(4), edition=edition)) == [
        "Board 2: 6 and 4 both have an absolute preference for white (C.04.3 C.3)",
        "Board 2: 4 would have a colour difference of -3 (C.04.3 A.6)",
        "Board 2: 4 would have black three times in a row (C.04.3 A.6)",
    ]
    assert rules(board_warnings(last, 2, PlayerId(5), PlayerId(6), edition=edition)) == [
        "Board 2: 6 would have a colour difference of -3 (C.04.3 A.6)",
        "Board 2: 6 would have black three times in a row (C.04.3 A.6)",
    ]


def test_both_players_getting_the_colour_they_are_not_due_is_reported() -> None:
    # 1 played white (due black), 2 played black (due white); 3 and 4 had a forfeit.
    played = state(
        (game(2, W),),
        (game(1, B),),
        (game(4, W, Outcome.FORFEIT_WIN),),
        (game(3, B, Outcome.FORFEIT_LOSS),),
    )

    assert rules(wrong_colours_warnings(played, 1, PlayerId(1), PlayerId(2), edition=E17)) == [
        "Board 1: 1 is due black and 2 is due white: both get the wrong colour (C.04.3 C.10)"
    ]
    assert wrong_colours_warnings(played, 1, PlayerId(2), PlayerId(1), edition=E25) == []
    assert wrong_colours_warnings(played, 2, PlayerId(1), PlayerId(3), edition=E17) == []
