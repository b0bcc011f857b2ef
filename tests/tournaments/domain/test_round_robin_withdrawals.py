"""The 50 % rule of a round-robin withdrawal (C.06 V.4; VCL Q103) and the round robin's
tie-break list (C.07 8: no Buchholz; VCL Q105)."""

from __future__ import annotations

from dataclasses import replace

from tournaments.domain.roundrobin import (
    NOT_COUNTED,
    cancelled_players,
    round_robin_cycles,
    round_robin_type,
    scheduled_games,
    standings_state,
    withdrawn_in_file,
)
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    Scoring,
    TournamentState,
)
from tournaments.domain.tiebreaks import ROUND_ROBIN_TIEBREAKS, round_robin_problems

P1, P2, P3, P4 = (PlayerId(n) for n in (1, 2, 3, 4))
W, B = Color.WHITE, Color.BLACK
ZERO_BYE_SCORING = Scoring(pairing_bye=Scoring().zero_bye)


def game(opponent: PlayerId, color: Color, outcome: Outcome) -> RoundRecord:
    return RoundRecord(opponent, color, outcome)


def four_players(withdrawn_after: int) -> TournamentState:
    """A 4-player round robin (3 rounds: 1-4 2-3, 4-3 1-2, 2-4 3-1) where player 2 wins the
    games played before withdrawing after `withdrawn_after` rounds, then loses by forfeit;
    every other game is won by White."""
    table = [
        [(P1, P4), (P2, P3)],
        [(P4, P3), (P1, P2)],
        [(P2, P4), (P3, P1)],
    ]
    history: dict[PlayerId, list[RoundRecord]] = {p: [] for p in (P1, P2, P3, P4)}
    for number, boards in enumerate(table, start=1):
        for white, black in boards:
            if P2 in (white, black):
                other = black if white == P2 else white
                if number <= withdrawn_after:
                    mine, theirs = Outcome.WIN, Outcome.LOSS
                else:
                    mine, theirs = Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN
                history[P2].append(game(other, W if white == P2 else B, mine))
                history[other].append(game(P2, B if white == P2 else W, theirs))
            else:
                history[white].append(game(black, W, Outcome.WIN))
                history[black].append(game(white, B, Outcome.LOSS))
    return TournamentState(
        total_rounds=3,
        players=tuple(PlayerState(id=p, history=tuple(h)) for p, h in history.items()),
        scoring=ZERO_BYE_SCORING,
    )


def test_a_player_has_n_minus_1_games_a_cycle_in_even_and_odd_fields() -> None:
    assert scheduled_games(6, 1) == 5
    assert scheduled_games(5, 1) == 4
    assert scheduled_games(4, 2) == 6


def test_less_than_half_completed_cancels_the_results() -> None:
    state = four_players(withdrawn_after=1)  # 1 of 3 games played

    assert cancelled_players(state, [P2], cycles=1) == {P2}


def test_half_or_more_completed_keeps_the_results() -> None:
    state = four_players(withdrawn_after=2)  # 2 of 3 games played

    assert cancelled_players(state, [P2], cycles=1) == frozenset()
    assert standings_state(state, frozenset()) is state


def test_the_standings_count_nothing_by_or_against_a_cancelled_player() -> None:
    state = four_players(withdrawn_after=1)

    ranked = standings_state(state, frozenset({P2}))

    assert [player.id for player in ranked.players] == [P1, P3, P4]
    # Player 3 lost to 2 over the board in round 1; 1 and 4 won by forfeit in rounds 2 and 3.
    assert ranked.player(P3).history[0] == NOT_COUNTED
    assert ranked.player(P1).history[1] == NOT_COUNTED
    assert all(record.opponent != P2 for p in ranked.players for record in p.history)
    scoring = ranked.scoring
    assert ranked.player(P3).score(scoring) == state.player(P3).score(scoring)
    assert ranked.player(P1).score(scoring) == state.player(P1).score(scoring) - 2
    assert ranked.player(P4).score(scoring) == state.player(P4).score(scoring) - 2


def test_a_double_round_robin_counts_both_cycles() -> None:
    state = four_players(withdrawn_after=2)  # 2 of 6 games in a double round robin

    assert cancelled_players(state, [P2], cycles=2) == {P2}


def test_the_round_robin_list_has_no_buchholz() -> None:
    assert round_robin_problems(ROUND_ROBIN_TIEBREAKS) == []
    assert round_robin_problems(["DE", "BH/C1", "SB", "AOB", "FB:GP"]) == [
        "A round robin cannot use the Buchholz family (C.07 8): remove BH/C1, AOB, FB:GP."
    ]


def test_a_file_shows_a_withdrawal_by_forfeit_losses_to_the_last_round() -> None:
    assert withdrawn_in_file(four_players(withdrawn_after=1)) == {P2}
    assert withdrawn_in_file(four_players(withdrawn_after=3)) == frozenset()


def test_a_file_not_finished_shows_nobody_withdrawn() -> None:
    state = four_players(withdrawn_after=1)
    unfinished = replace(state, total_rounds=6)

    assert withdrawn_in_file(unfinished) == frozenset()


def test_092_names_a_round_robin_and_its_cycles() -> None:
    assert round_robin_cycles("Individual: Round-Robin") == 1
    assert round_robin_cycles("individual: double round robin") == 2
    assert round_robin_cycles(round_robin_type(2)) == 2
    assert round_robin_cycles("Individual: Swiss-System") is None
    assert round_robin_cycles(None) is None
