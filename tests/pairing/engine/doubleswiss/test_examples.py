"""The examples of the Double-Swiss text (C.04.5 Preface, 1.4, 3.5.4, 3.6.2, 3.6.3, 4.3.1),
each run through the engine and, where it pairs a match, through the independent checker."""

from __future__ import annotations

import pytest

from pairing.checker.doubleswiss import NoPairing, check_double_swiss
from pairing.engine import (
    Board,
    InvalidState,
    NoValidPairing,
    UnsupportedFeature,
    pair_double_swiss,
)
from pairing.engine.doubleswiss.criteria import Criteria
from pairing.engine.doubleswiss.identifiers import first_identifier
from pairing.engine.doubleswiss.matches import Contender, MatchRound
from pairing.engine.doubleswiss.upfloaters import _sets, choose_bracket, profiles
from tournaments.domain.state import (
    Color,
    ForbiddenPairs,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)

W, B = Color.WHITE, Color.BLACK


def _fresh(players: int, matches: int = 5, initial: Color = W) -> TournamentState:
    return TournamentState(
        total_rounds=2 * matches,
        players=tuple(PlayerState(id=PlayerId(n)) for n in range(1, players + 1)),
        initial_color=initial,
    )


def _both(state: TournamentState) -> tuple[tuple[tuple[int, int], ...], int | None]:
    """The engine's pairing, checked against the checker's."""
    ours = pair_double_swiss(state)
    theirs = check_double_swiss(state)
    boards = tuple((b.white, b.black) for b in ours.boards)
    assert (boards, ours.bye) == (theirs.boards, theirs.bye)
    return boards, ours.bye


def test_the_first_identifier_of_eight_new_players_is_1_2_3_4_5_6_7_8() -> None:
    # 3.6.3: with every pairing legal the first identifier is 1 2 3 4 5 6 7 8: 1-5 2-6 3-7 4-8.
    # 4.3.1: an odd higher-ranked player gets the initial colour, an even one the other.
    boards, bye = _both(_fresh(8))
    assert boards == ((1, 5), (6, 2), (3, 7), (8, 4))
    assert bye is None


def test_the_initial_colour_black_turns_every_board() -> None:
    boards, _ = _both(_fresh(6, initial=B))
    assert boards == ((4, 1), (2, 5), (6, 3))


def test_the_pab_goes_to_the_largest_tpn_of_a_new_odd_field() -> None:
    # 3.4.2-3.4.4: every score equal, nobody has played: the largest TPN.
    boards, bye = _both(_fresh(5))
    assert bye == 5
    assert boards == ((1, 3), (4, 2))


def _contender(tpn: int, score: int, met: tuple[int, ...] = (), floated: bool = False) -> Contender:
    return Contender(
        id=PlayerId(tpn),
        rank=tpn,
        score=Points(score),
        colours=(Color.NONE,),
        met=frozenset(PlayerId(m) for m in met),
        pab_barred=False,
        matches_played=1,
        floated=floated,
    )


def _criteria(contenders: list[Contender], last: bool = False) -> Criteria:
    state = _fresh(max(c.id for c in contenders), matches=3)
    ordered = tuple(sorted(contenders, key=lambda c: (-c.score, c.id)))
    return Criteria(state, MatchRound(number=2, last=last, contenders=ordered))


def test_the_sets_of_upfloaters_come_in_the_order_of_3_5_4() -> None:
    # 3.5.4: 2, 6, 8 have 3 points, 1, 3, 5 have 2.5; three upfloaters, two with 3 points and
    # one with 2.5: {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ... < {6,8,5}.
    ordered = list(_sets([[2, 6, 8], [1, 3, 5]], (2, 1)))  # type: ignore[list-item]
    assert ordered == [
        (2, 6, 1), (2, 6, 3), (2, 6, 5),
        (2, 8, 1), (2, 8, 3), (2, 8, 5),
        (6, 8, 1), (6, 8, 3), (6, 8, 5),
    ]  # fmt: skip


def test_c5_prefers_the_highest_scores_in_ascending_order() -> None:
    # Three upfloaters from groups of 3 (3 points) and 3 (2.5): all three 3-pointers first,
    # then two and one, one and two, none and three.
    assert list(profiles([3, 3], 3)) == [(3, 0), (2, 1), (1, 2), (0, 3)]
    assert list(profiles([1, 2, 2], 2)) == [(1, 1, 0), (0, 2, 0), (1, 0, 1), (0, 1, 1), (0, 0, 2)]


def test_it_takes_the_first_set_of_the_3_5_4_example() -> None:
    # The residents 4, 7, 9 (4 points) have all met: three upfloaters ([C4]). With 2, 6, 8 the
    # players left, 1, 3, 5 and 10 (who has met 1, 3 and 5), could not be paired ([C3]); so
    # two 3-pointers and one 2.5 ([C5]), and the first such set is {2, 6, 1}.
    contenders = [
        _contender(4, 8, (7, 9)),
        _contender(7, 8, (4, 9)),
        _contender(9, 8, (4, 7)),
        _contender(2, 6),
        _contender(6, 6),
        _contender(8, 6),
        _contender(1, 5, (10,)),
        _contender(3, 5, (10,)),
        _contender(5, 5, (10,)),
        _contender(10, 0, (1, 3, 5)),
    ]
    criteria = _criteria(contenders)
    bracket = choose_bracket(criteria, [c.id for c in criteria.round.contenders])
    assert bracket.residents == (4, 7, 9)
    assert bracket.upfloaters == (2, 6, 1)


def test_c7_prefers_upfloaters_who_did_not_float_last_round() -> None:
    # The top scoregroup, 1, needs one upfloater: 2 and 3 have the same score, 2 floated.
    contenders = [_contender(1, 4), _contender(2, 2, floated=True), _contender(3, 2)]
    criteria = _criteria(contenders + [_contender(4, 0)])
    bracket = choose_bracket(criteria, [1, 2, 3, 4])  # type: ignore[list-item]
    assert bracket.upfloaters == (3,)
    last = _criteria(contenders + [_contender(4, 0)], last=True)
    assert choose_bracket(last, [1, 2, 3, 4]).upfloaters == (2,)  # type: ignore[list-item]


def test_c8_keeps_an_upfloater_away_from_a_resident_who_floated() -> None:
    # Residents 1, 2, 3 (2 floated last round), upfloater 4. The first identifier, 1 2 3 4
    # (1-3, 2-4), gives 4 an opponent who floated; 1 2 4 3 (1-4, 2-3) does not ([C8]).
    contenders = [_contender(1, 4), _contender(2, 4, floated=True), _contender(3, 4)]
    contenders.append(_contender(4, 2))
    bracket = [PlayerId(n) for n in (1, 2, 3, 4)]
    assert first_identifier(_criteria(contenders), bracket, [PlayerId(4)]) == ((1, 4), (2, 3))
    last = _criteria(contenders, last=True)  # [C8] lapses in the last round
    assert first_identifier(last, bracket, [PlayerId(4)]) == ((1, 3), (2, 4))


def _match(
    a: PlayerState, b: PlayerState, games: tuple[tuple[Outcome, Outcome], ...]
) -> tuple[PlayerState, PlayerState]:
    """`a` has White in game 1; `games` is each game's outcome for `a`, then for `b`."""
    a_records = tuple(
        RoundRecord(b.id, colour, out_a) for colour, (out_a, _) in zip((W, B), games, strict=True)
    )
    b_records = tuple(
        RoundRecord(a.id, colour, out_b) for colour, (_, out_b) in zip((B, W), games, strict=True)
    )
    return (
        PlayerState(id=a.id, history=a.history + a_records),
        PlayerState(id=b.id, history=b.history + b_records),
    )


def _two_players(games: tuple[tuple[Outcome, Outcome], ...]) -> TournamentState:
    one, two = _match(PlayerState(id=PlayerId(1)), PlayerState(id=PlayerId(2)), games)
    return TournamentState(total_rounds=4, players=(one, two))


F_WIN, F_LOSS = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS


def test_a_match_forfeited_on_both_games_may_be_paired_again() -> None:
    # Preface: a match ends by forfeit only if a player forfeits both games; the same pairing
    # may then be repeated. Player 2 won nothing over the board: 1 had two forfeit wins.
    boards, bye = _both(_two_players(((F_WIN, F_LOSS), (F_WIN, F_LOSS))))
    assert boards == ((1, 2),)  # 4.3.1: neither had a colour (1.6), 1 is odd
    assert bye is None


def test_a_match_with_one_game_forfeited_was_played() -> None:
    # Preface: in all other cases the match is regularly played: 1 and 2 have met ([C1]).
    state = _two_players(((F_WIN, F_LOSS), (Outcome.WIN, Outcome.LOSS)))
    with pytest.raises(NoValidPairing):
        pair_double_swiss(state)
    with pytest.raises(NoPairing):
        check_double_swiss(state)


def test_a_match_won_by_forfeit_bars_the_pab() -> None:
    # [C2]: 1 won a match by forfeit and may not have the PAB; 2 (0 points, no match played)
    # and 3 (0 points, a zero-point bye): the same score and matches, the largest TPN (3.4.4).
    one, two = _match(
        PlayerState(id=PlayerId(1)), PlayerState(id=PlayerId(2)), ((F_WIN, F_LOSS), (F_WIN, F_LOSS))
    )
    zero = RoundRecord(None, Color.NONE, Outcome.ZERO_BYE)
    three = PlayerState(id=PlayerId(3), history=(zero, zero))
    state = TournamentState(total_rounds=4, players=(one, two, three))
    _, bye = _both(state)
    assert bye == 3


def test_game_2_repeats_game_1_with_the_colours_reversed() -> None:
    # 4.4 and the file's two columns per match: a board's White plays game 1 with White.
    state = _two_players(((Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW)))
    three = TournamentState(
        total_rounds=4,
        players=(*state.players, PlayerState(id=PlayerId(3), history=(
            RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE),
            RoundRecord(None, Color.NONE, Outcome.HALF_BYE),
        ))),
    )  # fmt: skip
    # 1.4: the PAB is worth a game won and a game drawn: 1.5 points, like player 1's 1.5.
    assert three.players[2].score(three.scoring) == three.players[0].score(three.scoring) == 3
    boards, bye = _both(three)
    assert bye == 2
    assert boards == ((3, 1),)  # 4.3.2: 3 had no White, 1 had one


def test_a_state_with_half_a_match_is_refused() -> None:
    state = TournamentState(
        total_rounds=4,
        players=tuple(
            PlayerState(id=PlayerId(n), history=(RoundRecord(None, Color.NONE, Outcome.ZERO_BYE),))
            for n in (1, 2)
        ),
    )
    with pytest.raises(InvalidState):
        pair_double_swiss(state)


def test_board_order_follows_the_higher_players_score() -> None:
    # C.04.2 3.6: boards by the higher-ranked player's score, the sum, then the TPN.
    result = pair_double_swiss(_fresh(4))
    assert result.boards == (Board(PlayerId(1), PlayerId(3)), Board(PlayerId(4), PlayerId(2)))


def test_acceleration_is_refused() -> None:
    state = _fresh(4)
    first = state.players[0]
    accelerated = (PlayerState(id=first.id, acceleration=(Points(2),)), *state.players[1:])
    with pytest.raises(UnsupportedFeature):
        pair_double_swiss(TournamentState(total_rounds=4, players=accelerated))


def test_a_forbidden_pair_is_kept_apart_like_a_pair_that_met() -> None:
    # [C1] with the XXP/260 pairs: 1 and 3 may not meet, so the first identifier is 1 2 4 3.
    state = _fresh(4)
    forbidden = ForbiddenPairs(players=frozenset({PlayerId(1), PlayerId(3)}))
    state = TournamentState(total_rounds=4, players=state.players, forbidden=(forbidden,))
    boards, _ = _both(state)
    assert boards == ((1, 4), (3, 2))
