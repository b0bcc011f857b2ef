"""The round robin's own checks of a round (VCL Q101-Q102): the Berger tables break none of
them, and a hand-made round that repeats a pair, a bye or a third colour is caught."""

from __future__ import annotations

import pytest

from pairing.roundrobin.berger import schedule_round, total_rounds
from pairing.roundrobin.checks import ONCE_PER_CYCLE, THIRD_COLOUR, round_robin_warnings
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)


def played(players: int, rounds: int, *, cycles: int, swap: bool) -> TournamentState:
    """The state after `rounds` rounds of the table, White winning every game."""
    history: dict[int, list[RoundRecord]] = {number: [] for number in range(1, players + 1)}
    for number in range(1, rounds + 1):
        scheduled = schedule_round(players, number, cycles=cycles, swap_last_two=swap)
        for board in scheduled.boards:
            history[board.white].append(
                RoundRecord(PlayerId(board.black), Color.WHITE, Outcome.WIN)
            )
            history[board.black].append(
                RoundRecord(PlayerId(board.white), Color.BLACK, Outcome.LOSS)
            )
        if scheduled.bye is not None:
            history[scheduled.bye].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
    return TournamentState(
        total_rounds=total_rounds(players, cycles=cycles),
        players=tuple(
            PlayerState(id=PlayerId(number), history=tuple(records))
            for number, records in history.items()
        ),
    )


def table_round(
    players: int, number: int, *, cycles: int, swap: bool
) -> list[tuple[int, PlayerId, PlayerId]]:
    scheduled = schedule_round(players, number, cycles=cycles, swap_last_two=swap)
    return [
        (index, PlayerId(board.white), PlayerId(board.black))
        for index, board in enumerate(scheduled.boards, start=1)
    ]


@pytest.mark.parametrize("players", range(3, 17))
@pytest.mark.parametrize(("cycles", "swap"), [(1, False), (2, True)])
def test_the_berger_tables_break_none_of_the_checks(players: int, cycles: int, swap: bool) -> None:
    for number in range(1, total_rounds(players, cycles=cycles) + 1):
        state = played(players, number - 1, cycles=cycles, swap=swap)
        bye = schedule_round(players, number, cycles=cycles, swap_last_two=swap).bye
        boards = table_round(players, number, cycles=cycles, swap=swap)

        assert round_robin_warnings(state, boards, PlayerId(bye) if bye else None) == []


def test_a_pair_that_met_in_this_cycle_is_caught() -> None:
    state = played(4, 1, cycles=1, swap=False)  # round 1: 1-4, 2-3

    warnings = round_robin_warnings(state, [(1, PlayerId(4), PlayerId(1))], None)

    assert [(w.board, w.rule) for w in warnings] == [(1, ONCE_PER_CYCLE)]


def test_the_second_cycle_may_repeat_the_first_cycle_s_pairs() -> None:
    state = played(4, 3, cycles=2, swap=True)  # the first cycle is over

    assert round_robin_warnings(state, [(1, PlayerId(4), PlayerId(1))], None) == []


def test_a_third_colour_running_is_caught() -> None:
    # Round 1: 1-4 2-3; round 2 (table): 4-3 1-2. Player 1 had White twice, player 3 Black.
    state = played(4, 2, cycles=1, swap=False)

    warnings = round_robin_warnings(state, [(1, PlayerId(1), PlayerId(3))], None)

    assert [(w.board, w.rule, w.text) for w in warnings] == [
        (1, THIRD_COLOUR, "1 would have White three times running"),
        (1, THIRD_COLOUR, "3 would have Black three times running"),
    ]


def test_a_second_bye_in_a_cycle_is_caught() -> None:
    state = played(3, 1, cycles=1, swap=False)  # round 1: 2-3, 1 has the bye

    warnings = round_robin_warnings(state, [], PlayerId(1))

    assert [(w.board, w.rule) for w in warnings] == [(None, ONCE_PER_CYCLE)]
