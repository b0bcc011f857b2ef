"""Player facts (A.4, A.7, C.2), absolute criteria (C.1, C.3), the generation order of
section D, the collapsed last bracket (A.9) and the board order of C.04.2 D.9, on small
hand-built states."""

from __future__ import annotations

import pytest

from pairing.engine import (
    Board,
    DutchConfig,
    Edition,
    InvalidState,
    NoValidPairing,
    pair,
)
from pairing.engine.dutch.absolute import absolute_criteria
from pairing.engine.dutch.boards import publication_order
from pairing.engine.dutch.bracket import BracketSearch
from pairing.engine.dutch.criteria import Layout, Weights
from pairing.engine.dutch.generation import mdp_selections, resident_exchanges
from pairing.engine.dutch.players import Float, PlayerFacts, build_facts
from tests.pairing.engine.builders import B, W, bye, facts, game, state
from tournaments.domain.state import Outcome, PlayerId, TournamentState

WIN, LOSS, DRAW = Outcome.WIN, Outcome.LOSS, Outcome.DRAW


def _facts_of(state: TournamentState, pid: int) -> PlayerFacts:
    return {f.id: f for f in build_facts(state)}[PlayerId(pid)]


def test_it_counts_an_unplayed_round_as_a_downfloat() -> None:
    # A.4.b (2017): PAB, forfeits and byes all give a downfloat
    s = state(
        [
            [game(2, W, WIN), game(3, B, Outcome.FORFEIT_WIN)],
            [game(1, B, LOSS), bye()],
            [game(4, W, DRAW), game(1, W, Outcome.FORFEIT_LOSS)],
            [game(3, B, DRAW), bye(Outcome.HALF_BYE)],
        ]
    )
    for pid in (1, 2, 3, 4):
        assert _facts_of(s, pid).floats[0] is Float.DOWN


def test_it_records_floats_from_the_scores_before_the_round() -> None:
    # A.4.b: the higher score downfloats, the lower one upfloats
    s = state(
        [
            [game(2, W, WIN), game(3, B, DRAW)],
            [game(1, B, LOSS), game(4, W, DRAW)],
            [game(4, W, WIN), game(1, W, DRAW)],
            [game(3, B, LOSS), game(2, B, DRAW)],
        ]
    )
    assert _facts_of(s, 1).floats == (Float.NONE, Float.NONE)
    assert _facts_of(s, 2).floats[0] is Float.NONE
    s3 = state(
        [
            [game(2, W, WIN), game(4, B, WIN)],
            [game(1, B, LOSS), game(3, W, WIN)],
            [game(4, W, WIN), game(2, B, LOSS)],
            [game(3, B, LOSS), game(1, W, LOSS)],
        ]
    )
    assert _facts_of(s3, 1).floats[0] is Float.DOWN
    assert _facts_of(s3, 4).floats[0] is Float.UP


def test_it_refuses_the_pab_to_a_player_who_had_a_pab_or_a_forfeit_win() -> None:
    # C.2 (2017): a requested full-point bye does not block the PAB
    s = state(
        [
            [bye()],
            [game(3, W, Outcome.FORFEIT_WIN)],
            [game(2, B, Outcome.FORFEIT_LOSS)],
            [bye(Outcome.FULL_BYE)],
        ]
    )
    eligible = {f.id: f.bye_eligible for f in build_facts(s)}
    assert eligible == {1: False, 2: False, 3: True, 4: True}


def test_it_finds_topscorers_only_in_the_final_round() -> None:
    # A.7: more than 50 % of the maximum score when the final round is paired
    history = [[game(2, W, WIN)], [game(1, B, LOSS)]]
    assert [f.topscorer for f in build_facts(state(history, total_rounds=2))] == [True, False]
    assert not any(f.topscorer for f in build_facts(state(history, total_rounds=3)))


def test_it_never_pairs_a_rematch_of_a_played_game_but_allows_one_after_a_forfeit() -> None:
    # C.1 and C.04.2 D.6
    played = state([[game(2, W, WIN)], [game(1, B, LOSS)]])
    compatible = absolute_criteria(played)
    one, two = build_facts(played)
    assert not compatible(one, two)
    forfeited = state([[game(2, W, Outcome.FORFEIT_WIN)], [game(1, B, Outcome.FORFEIT_LOSS)]])
    one, two = build_facts(forfeited)
    assert absolute_criteria(forfeited)(one, two)


def test_it_keeps_two_non_topscorers_with_the_same_absolute_preference_apart() -> None:
    # C.3, with the topscorer exception of the final round
    s = state([[]])
    assert not absolute_criteria(s)(facts(1, [W, W]), facts(2, [B, W, W]))
    assert absolute_criteria(s)(facts(1, [W, W], topscorer=True), facts(2, [B, W, W]))
    assert absolute_criteria(s)(facts(1, [W, W]), facts(2, [W, B, B]))


def test_it_orders_resident_exchanges_as_section_d2() -> None:
    # D.2, the seed's worked order for S1 = 1-4, S2 = 5-8
    order = [(tuple(a), tuple(b)) for a, b in resident_exchanges([1, 2, 3, 4], [5, 6, 7, 8])][:10]
    expected = [(4, 5), (4, 6), (3, 5), (4, 7), (3, 6), (2, 5), (4, 8), (3, 7), (2, 6), (1, 5)]
    assert order == [((a,), (b,)) for a, b in expected]


def test_it_prefers_the_higher_s1_bsns_between_exchanges_of_equal_difference() -> None:
    # D.2.c: {5,2} before {4,3}, {5,4,1} before {5,3,2}
    pairs = list(resident_exchanges([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11]))
    twos = [a for a, b in pairs if len(a) == 2 and sum(b) - sum(a) == sum((6, 7)) - 7]
    assert twos.index(frozenset({5, 2})) < twos.index(frozenset({4, 3}))


def test_it_orders_mdp_selections_by_score_then_bsn() -> None:
    # D.3: the highest scores first, then the lowest BSNs
    scores = {1: 6, 2: 4, 3: 4}
    assert list(mdp_selections([1, 2, 3], 1, scores)) == [(1,), (2,), (3,)]
    assert list(mdp_selections([1, 2, 3], 2, scores)) == [(1, 2), (1, 3), (2, 3)]


def test_it_publishes_boards_by_top_score_then_sum_then_pairing_number() -> None:
    # C.04.2 D.9
    scores = {PlayerId(k): v for k, v in {1: 4, 2: 2, 3: 4, 4: 4, 5: 2, 6: 0}.items()}
    boards = [Board(PlayerId(5), PlayerId(6)), Board(PlayerId(2), PlayerId(1))]
    boards += [Board(PlayerId(4), PlayerId(3))]
    ordered = publication_order(boards, scores)
    assert [b.white for b in ordered] == [4, 2, 5]


def test_it_pairs_round_one_top_half_against_bottom_half() -> None:
    # B.2/B.3 and E.5: 1-5, 6-2, 3-7, 8-4 with White drawn for player 1
    result = pair(state([[] for _ in range(8)]), DutchConfig())
    assert [(b.white, b.black) for b in result.boards] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert result.bye is None


def test_it_gives_the_pab_to_the_lowest_eligible_player() -> None:
    # A.9 / C.2: player 3 already had the PAB, so 2 gets it
    s = state([[game(2, W, WIN)], [game(1, B, LOSS)], [bye()]])
    result = pair(s, DutchConfig())
    assert result.bye == 2
    assert [(b.white, b.black) for b in result.boards] == [(3, 1)]


def test_it_raises_when_no_complete_pairing_exists() -> None:
    # A.9: the arbiter decides
    s = state([[game(2, W, WIN)], [game(1, B, LOSS)]])
    with pytest.raises(NoValidPairing):
        pair(s, DutchConfig())


def test_it_refuses_a_finished_tournament_in_both_editions() -> None:
    finished = state([[game(2, W, WIN)], [game(1, B, LOSS)]], total_rounds=1)
    with pytest.raises(InvalidState):
        pair(finished, DutchConfig())
    with pytest.raises(InvalidState):
        pair(finished, DutchConfig(edition=Edition.DUTCH_2025))


def test_it_does_not_pair_absent_players() -> None:
    s = state([[], [], []], not_paired={2: Outcome.HALF_BYE})
    result = pair(s, DutchConfig())
    assert {result.boards[0].white, result.boards[0].black} == {1, 3}
    assert result.bye is None


def test_the_collapsed_last_bracket_compares_score_differences_not_scores() -> None:
    # A.9 (2017): the CLB's residents keep their own scores, and its PSD (A.8) counts each
    # pair's score difference: pairing the equal scores (PSD 0, 0) beats the first S1/S2
    # split 1-3, 2-4 (PSD 1, 1), which the weights of a bracket of one score would choose.
    players = [facts(1, score=4), facts(2, score=4), facts(3, score=2), facts(4, score=2)]
    layout = Layout(players, len(players), with_bye=False, collapsed=True)
    search = BracketSearch(layout, Weights(layout, W, 2), lambda a, b: True, 0, [], False)

    result = search.solve(completing=True)

    assert [(a.id, b.id) for a, b in result.pairs] == [(1, 2), (3, 4)]
    assert result.floaters == ()
