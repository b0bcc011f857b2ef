"""The warnings the pairing page shows follow the engine's rules for the tournament's edition:
the topscorer exception of C.3 in the last round, and who may get the pairing-allocated bye
(2017 C.2, C.04.3 (2025) 2.2 [C2])."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.selectors import round_pairing_view
from pairing.services.rounds import round_draft_swap_colours, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.factories import ByeFactory, GameFactory, PlayerFactory, RoundFactory, TournamentFactory
from tournaments.models import (
    ByeKind,
    PairingSystem,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
)

pytestmark = pytest.mark.django_db

EDITIONS = [PairingSystem.FIDE_DUTCH, PairingSystem.FIDE_DUTCH_2025]


def players(tournament: Tournament, count: int) -> dict[int, Player]:
    return {
        number: PlayerFactory.create(tournament=tournament, pairing_number=number)
        for number in range(1, count + 1)
    }


def completed_round(
    tournament: Tournament, number: int, games: list[tuple[Player, Player, Result]]
) -> Round:
    rnd = RoundFactory.create(tournament=tournament, number=number, state=RoundState.COMPLETED)
    for board, (white, black, result) in enumerate(games, start=1):
        GameFactory.create(round=rnd, board=board, white=white, black=black, result=result)
    return rnd


def last_round_with_topscorers(system: PairingSystem) -> Round:
    """Round 3 of 3: 1 and 2 lead with 2/2 after White twice each (both must have Black) and
    have not met; 4 and 6 had Black twice and do not lead."""
    tournament = TournamentFactory.create(rounds=3, pairing_system=system)
    p = players(tournament, 6)
    win, draw = Result.WHITE_WINS, Result.DRAW
    completed_round(tournament, 1, [(p[1], p[4], win), (p[2], p[5], win), (p[3], p[6], draw)])
    completed_round(tournament, 2, [(p[1], p[3], win), (p[2], p[6], win), (p[5], p[4], win)])
    return RoundFactory.create(tournament=tournament, number=3)


def boards(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


@pytest.mark.parametrize("system", EDITIONS)
def test_the_engines_last_round_draft_pairing_two_topscorers_shows_no_warning(
    system: PairingSystem, arbiter: User, enqueued: list[int]
) -> None:
    rnd = last_round_with_topscorers(system)

    pairing_run_execute(run_id=round_request_pairing(rnd=rnd, by=arbiter).pk)

    assert boards(rnd)[0] == (2, 1)  # both have an absolute preference for Black (C.3 allows)
    assert round_pairing_view(rnd).warnings == []


@pytest.mark.parametrize("system", EDITIONS)
def test_swapping_colours_on_a_last_round_board_without_a_topscorer_is_still_flagged(
    system: PairingSystem, arbiter: User, enqueued: list[int]
) -> None:
    rnd = last_round_with_topscorers(system)
    pairing_run_execute(run_id=round_request_pairing(rnd=rnd, by=arbiter).pk)
    game = rnd.games.get(white__pairing_number=6)

    warnings = round_draft_swap_colours(game=game, by=arbiter)

    assert [str(warning) for warning in warnings] == [
        f"Board {game.board}: 6 would have a colour difference of -3 (C.04.3 A.6)",
        f"Board {game.board}: 6 would have black three times in a row (C.04.3 A.6)",
    ]
    assert round_pairing_view(rnd).warnings == warnings


DRAFT_BOARDS = {1: [(2, 4), (3, 5)], 4: [(1, 2), (3, 5)]}
"""Round 2's boards (no rematch) when player 1 or player 4 gets the bye."""


def draft_with_bye(system: PairingSystem, receiver: int) -> Round:
    """Round 2 of 5 paired by hand: player 1 had a requested full-point bye in round 1, player 4
    won by forfeit; `receiver` gets the pairing-allocated bye."""
    tournament = TournamentFactory.create(rounds=5, pairing_system=system)
    p = players(tournament, 5)
    first = completed_round(
        tournament,
        1,
        [(p[2], p[3], Result.WHITE_WINS), (p[4], p[5], Result.WHITE_WINS_FORFEIT)],
    )
    ByeFactory.create(round=first, player=p[1], kind=ByeKind.FULL_POINT)
    rnd = RoundFactory.create(tournament=tournament, number=2, state=RoundState.PAIRED)
    pairs = DRAFT_BOARDS[receiver]
    for board, (white, black) in enumerate(pairs, start=1):
        GameFactory.create(round=rnd, board=board, white=p[white], black=p[black])
    ByeFactory.create(round=rnd, player=p[receiver], kind=ByeKind.PAIRING_ALLOCATED)
    return rnd


def bye_warnings(rnd: Round) -> list[str]:
    return [str(warning) for warning in round_pairing_view(rnd).warnings if warning.board is None]


def test_a_bye_after_a_requested_full_point_bye_is_flagged_under_the_2025_rules_only() -> None:
    assert bye_warnings(draft_with_bye(PairingSystem.FIDE_DUTCH_2025, receiver=1)) == [
        "Bye: 1 already had a full-point bye (C.04.3 C.2)"
    ]
    assert bye_warnings(draft_with_bye(PairingSystem.FIDE_DUTCH, receiver=1)) == []


@pytest.mark.parametrize("system", EDITIONS)
def test_a_bye_after_a_forfeit_win_is_flagged_under_both_editions(system: PairingSystem) -> None:
    assert bye_warnings(draft_with_bye(system, receiver=4)) == [
        "Bye: 4 already won a game by forfeit (C.04.3 C.2)"
    ]
