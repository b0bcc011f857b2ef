"""The invariant checks themselves, on small hand-built rounds: each rule they enforce is shown
to catch a pairing that breaks it, and to accept one that does not."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from pairing.engine import Board, Edition, RoundPairing
from tests.pairing.properties.invariants import complete_pairing_exists, violations
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

W, B = Color.WHITE, Color.BLACK


def game(opponent: int, color: Color, outcome: Outcome = Outcome.DRAW) -> RoundRecord:
    return RoundRecord(PlayerId(opponent), color, outcome)


def bye(outcome: Outcome = Outcome.PAIRING_BYE) -> RoundRecord:
    return RoundRecord(None, Color.NONE, outcome)


def state(
    histories: Mapping[int, Sequence[RoundRecord]],
    total_rounds: int = 5,
    not_paired: Mapping[int, Outcome] | None = None,
) -> TournamentState:
    return TournamentState(
        total_rounds=total_rounds,
        players=tuple(
            PlayerState(id=PlayerId(number), history=tuple(history))
            for number, history in sorted(histories.items())
        ),
        not_paired={PlayerId(p): outcome for p, outcome in (not_paired or {}).items()},
    )


def pairing(*boards: tuple[int, int], bye_to: int | None = None) -> RoundPairing:
    return RoundPairing(
        boards=tuple(Board(PlayerId(white), PlayerId(black)) for white, black in boards),
        bye=None if bye_to is None else PlayerId(bye_to),
    )


ONE_ROUND_HISTORIES = {1: [game(2, W)], 2: [game(1, B)], 3: [game(4, W)], 4: [game(3, B)]}
ONE_ROUND = state(ONE_ROUND_HISTORIES)


def test_a_legal_round_has_no_violation() -> None:
    assert violations(ONE_ROUND, pairing((2, 3), (4, 1))) == []


def test_it_reports_a_rematch_of_a_played_game() -> None:
    assert violations(ONE_ROUND, pairing((2, 1), (4, 3))) == [
        "C.1: 2-1 already played each other",
        "C.1: 4-3 already played each other",
    ]


def test_a_forfeited_game_may_be_paired_again() -> None:
    forfeited = {
        **ONE_ROUND_HISTORIES,
        1: [game(2, W, Outcome.FORFEIT_WIN)],
        2: [game(1, B, Outcome.FORFEIT_LOSS)],
    }
    assert violations(state(forfeited), pairing((2, 1), (4, 3))) == [
        "C.1: 4-3 already played each other"
    ]


def test_it_reports_players_paired_twice_left_out_or_not_to_be_paired() -> None:
    absent = state(
        {**ONE_ROUND_HISTORIES, 5: [bye(Outcome.ZERO_BYE)]}, not_paired={5: Outcome.ABSENT}
    )
    assert violations(absent, pairing((2, 3), (3, 5))) == [
        "C.04.1 b: paired twice: [3]",
        "C.04.1 b: to be paired but left out: [1, 4]",
        "C.04.1 e: not to be paired but paired: [5]",
    ]


def test_it_reports_a_bye_to_a_player_who_won_by_forfeit_or_had_the_bye() -> None:
    odd = state(
        {
            1: [game(2, W, Outcome.FORFEIT_WIN)],
            2: [game(1, B, Outcome.FORFEIT_LOSS)],
            3: [bye()],
        }
    )
    assert violations(odd, pairing((2, 3), bye_to=1)) == [
        "C.2: 1 already had a pairing-allocated bye or a win without playing"
    ]
    assert violations(odd, pairing((1, 2), bye_to=3)) == [
        "C.2: 3 already had a pairing-allocated bye or a win without playing"
    ]
    assert violations(odd, pairing((1, 3), bye_to=2)) == []


def test_it_reports_a_bye_in_a_round_with_an_even_number_of_players() -> None:
    assert violations(ONE_ROUND, pairing((2, 3), bye_to=1)) == [
        "C.04.1 b: to be paired but left out: [4]",
        "C.04.1 c: 4 players to pair and bye 1",
    ]


TWICE_SAME_COLOUR = {
    1: [game(3, W), game(4, W)],
    2: [game(4, W), game(3, W)],
    3: [game(1, B), game(2, B)],
    4: [game(2, B), game(1, B)],
}


def test_it_reports_two_non_topscorers_with_the_same_absolute_preference() -> None:
    assert violations(state(TWICE_SAME_COLOUR), pairing((1, 2), (3, 4))) == [
        "C.3: 1-2 have the same absolute colour preference",
        "A.6/C.3: 1 gets colour difference 3",
        "A.6/C.3: 1 gets WHITE three times in a row",
        "C.3: 3-4 have the same absolute colour preference",
        "A.6/C.3: 4 gets colour difference -3",
        "A.6/C.3: 4 gets BLACK three times in a row",
    ]


def test_it_reports_a_colour_difference_beyond_two_from_played_games_only() -> None:
    nobody = [bye(Outcome.ZERO_BYE)] * 5
    histories = {
        1: [game(2, W), game(3, W), game(4, W, Outcome.FORFEIT_WIN), game(4, B), game(5, W)],
        **dict.fromkeys(range(2, 7), nobody),
    }
    assert violations(state(histories, total_rounds=9), pairing((1, 6), (2, 3), (4, 5))) == [
        "A.6/C.3: 1 gets colour difference 3"
    ]
    assert violations(state(histories, total_rounds=9), pairing((6, 1), (2, 3), (4, 5))) == []


WINS = {
    1: [game(3, W, Outcome.WIN), game(4, W, Outcome.WIN)],
    2: [game(4, W, Outcome.LOSS), game(3, W, Outcome.LOSS)],
    3: [game(1, B, Outcome.LOSS), game(2, B, Outcome.WIN)],
    4: [game(2, B, Outcome.WIN), game(1, B, Outcome.LOSS)],
}


def test_pairs_with_a_topscorer_in_the_final_round_are_exempt() -> None:
    assert violations(state(WINS, total_rounds=3), pairing((1, 2), (4, 3))) == [
        "C.3: 4-3 have the same absolute colour preference",
        "A.6/C.3: 3 gets colour difference -3",
        "A.6/C.3: 3 gets BLACK three times in a row",
    ]


def test_there_are_no_topscorers_before_the_final_round() -> None:
    assert violations(state(WINS, total_rounds=4), pairing((1, 2), (3, 4)))[:3] == [
        "C.3: 1-2 have the same absolute colour preference",
        "A.6/C.3: 1 gets colour difference 3",
        "A.6/C.3: 1 gets WHITE three times in a row",
    ]


ROUND_ROBIN = {
    1: [game(2, W), game(3, B), game(4, W)],
    2: [game(1, B), game(4, W), game(3, B)],
    3: [game(4, B), game(1, W), game(2, W)],
    4: [game(3, W), game(2, B), game(1, B)],
}


def test_no_complete_pairing_exists_after_a_round_robin_of_four() -> None:
    assert not complete_pairing_exists(state(ROUND_ROBIN))
    assert not complete_pairing_exists(state({**ROUND_ROBIN, 5: [bye(Outcome.ZERO_BYE)] * 3}))


def test_a_complete_pairing_may_need_the_bye_to_go_to_a_particular_player() -> None:
    assert complete_pairing_exists(state({1: [game(2, W)], 2: [game(1, B)], 3: [bye()]}))
    nobody_may_have_the_bye = {
        1: [game(2, W), bye()],
        2: [game(1, B), game(3, W, Outcome.FORFEIT_WIN)],
        3: [bye(), game(2, B, Outcome.FORFEIT_LOSS)],
    }
    assert not complete_pairing_exists(state(nobody_may_have_the_bye))


def test_the_same_absolute_preference_blocks_a_pair_outside_topscorers() -> None:
    twice_white = [game(3, W), game(4, W)]
    assert not complete_pairing_exists(state({1: twice_white, 2: twice_white}))
    assert complete_pairing_exists(state({1: twice_white, 2: [game(4, B), game(3, B)]}))


def test_under_the_2025_rules_a_full_point_bye_also_blocks_the_bye() -> None:
    odd = state(
        {
            1: [bye(Outcome.FULL_BYE)],
            2: [game(3, W)],
            3: [game(2, B)],
            4: [game(5, W)],
            5: [game(4, B)],
        }
    )
    given = pairing((3, 4), (5, 2), bye_to=1)
    assert violations(odd, given) == []  # 2017: a requested full-point bye does not count
    assert violations(odd, given, Edition.DUTCH_2025) == [
        "C.2: 1 already had a pairing-allocated bye or a win without playing"
    ]
