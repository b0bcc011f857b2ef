"""Baku acceleration, article by article (C.04.7 1; docs/acceleration.md)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.acceleration import (
    BakuNotApplicable,
    accelerated_rounds,
    acceleration_difference,
    baku_accelerations,
    full_point_rounds,
    group_a,
    group_a_size,
    paired_in_round_one,
    pairing_scores,
    premise_problem,
    split_system_code,
    system_code,
    virtual_points,
    with_baku_acceleration,
)
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    Scoring,
    TournamentState,
)

STANDARD = Scoring()


def _state(
    players: int,
    rounds: int = 9,
    *,
    history: dict[int, RoundRecord] | None = None,
    not_paired: dict[int, Outcome] | None = None,
    scoring: Scoring = STANDARD,
) -> TournamentState:
    """`players` players 1..N; `history` gives round 1 of the players it names (the others
    are absent in round 1) when given, else nothing is played yet."""
    records = history or {}
    return TournamentState(
        total_rounds=rounds,
        players=tuple(
            PlayerState(
                id=PlayerId(number),
                history=(
                    (records.get(number, RoundRecord(None, Color.NONE, Outcome.ABSENT)),)
                    if history is not None
                    else ()
                ),
            )
            for number in range(1, players + 1)
        ),
        scoring=scoring,
        not_paired={PlayerId(k): v for k, v in (not_paired or {}).items()},
    )


def _won(opponent: int, color: Color = Color.WHITE) -> RoundRecord:
    return RoundRecord(PlayerId(opponent), color, Outcome.WIN)


def _lost(opponent: int, color: Color = Color.BLACK) -> RoundRecord:
    return RoundRecord(PlayerId(opponent), color, Outcome.LOSS)


class TestPremise:
    """1.1: a win scores two draws, a loss nothing."""

    def test_it_accepts_standard_scoring(self) -> None:
        assert premise_problem(STANDARD) is None

    def test_it_accepts_three_points_for_a_win_when_a_draw_is_half_of_it(self) -> None:
        assert premise_problem(Scoring(win=Points(6), draw=Points(3))) is None

    def test_it_refuses_football_scoring(self) -> None:
        problem = premise_problem(Scoring(win=Points(6), draw=Points(2)))
        assert problem is not None and "C.04.7 1.1" in problem

    def test_it_refuses_points_for_a_loss(self) -> None:
        assert premise_problem(Scoring(loss=Points(1), draw=Points(1))) is not None

    def test_the_virtual_points_are_not_computed_under_a_refused_scoring(self) -> None:
        with pytest.raises(BakuNotApplicable):
            baku_accelerations(_state(8, scoring=Scoring(win=Points(6), draw=Points(2))))


class TestGroupSize:
    """1.2: the first half of the players, rounded up to an even number."""

    @pytest.mark.parametrize(
        ("players", "size"),
        [(2, 2), (3, 2), (4, 2), (5, 4), (8, 4), (9, 6), (10, 6), (11, 6), (12, 6), (161, 82)],
    )
    def test_it_is_twice_the_quarter_rounded_up(self, players: int, size: int) -> None:
        assert group_a_size(players) == size

    def test_the_first_players_of_the_list_form_group_a(self) -> None:
        assert group_a(_state(10)) == {PlayerId(n) for n in range(1, 7)}

    def test_a_field_of_one_is_its_own_group(self) -> None:
        assert group_a(_state(1)) == {PlayerId(1)}

    def test_a_player_not_to_be_paired_in_round_one_is_not_counted(self) -> None:
        """Checklist Q111: a round-1 bye has no pairing number until paired (C.04.2 2.4)."""
        state = _state(10, not_paired={2: Outcome.HALF_BYE})
        assert paired_in_round_one(state) == tuple(
            PlayerId(n) for n in (1, 3, 4, 5, 6, 7, 8, 9, 10)
        )
        # nine players to pair: group A is 6 of them, up to number 7; number 2 ranks above it
        assert group_a(state) == {PlayerId(n) for n in range(1, 8)}


class TestLateEntries:
    """1.3: the last group-A player stays the same; group A may become odd."""

    def _after_round_one(self, players: int, late: set[int]) -> TournamentState:
        paired = [n for n in range(1, players + 1) if n not in late]
        half = len(paired) // 2
        history = {}
        for top, bottom in zip(paired[:half], paired[half:], strict=True):
            history[top] = _won(bottom)
            history[bottom] = _lost(top)
        return _state(players, history=history)

    def test_a_late_entry_above_the_last_group_a_player_joins_group_a(self) -> None:
        # 8 played round 1 (group A: the first 4 of them); number 3 entered in round 2
        state = self._after_round_one(9, late={3})
        assert group_a(state) == {PlayerId(n) for n in (1, 2, 3, 4, 5)}
        assert len(group_a(state)) % 2 == 1

    def test_a_late_entry_below_the_last_group_a_player_stays_in_group_b(self) -> None:
        state = self._after_round_one(9, late={7})
        assert group_a(state) == {PlayerId(n) for n in (1, 2, 3, 4)}

    def test_a_pairing_allocated_bye_in_round_one_counts_as_paired(self) -> None:
        history = {n: _won(n + 2) for n in (1, 2)} | {n: _lost(n - 2) for n in (3, 4)}
        history[5] = RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE)
        assert len(paired_in_round_one(_state(5, history=history))) == 5

    def test_a_forfeited_round_one_game_counts_as_paired(self) -> None:
        history = {
            1: RoundRecord(PlayerId(2), Color.WHITE, Outcome.FORFEIT_WIN),
            2: RoundRecord(PlayerId(1), Color.BLACK, Outcome.FORFEIT_LOSS),
        }
        assert paired_in_round_one(_state(2, history=history)) == (PlayerId(1), PlayerId(2))


class TestVirtualPoints:
    """1.4: a win's points in the first half of the accelerated rounds, half in the rest."""

    @pytest.mark.parametrize(
        ("rounds", "accelerated", "full"),
        [(1, 1, 1), (2, 1, 1), (5, 3, 2), (6, 3, 2), (7, 4, 2), (9, 5, 3), (11, 6, 3), (13, 7, 4)],
    )
    def test_the_accelerated_rounds_are_the_first_half(
        self, rounds: int, accelerated: int, full: int
    ) -> None:
        assert accelerated_rounds(rounds) == accelerated
        assert full_point_rounds(rounds) == full

    def test_nine_rounds_give_one_point_in_rounds_1_to_3_and_a_half_in_4_and_5(self) -> None:
        """The article's example."""
        got = [virtual_points(r, 9, STANDARD) for r in range(1, 10)]
        assert got == [2, 2, 2, 1, 1, 0, 0, 0, 0]

    def test_they_follow_the_points_for_a_win(self) -> None:
        scoring = Scoring(win=Points(6), draw=Points(3), forfeit_win=Points(6))
        assert [virtual_points(r, 7, scoring) for r in range(1, 6)] == [6, 6, 3, 3, 0]

    def test_group_b_gets_none(self) -> None:
        table = baku_accelerations(_state(10, rounds=7))
        assert set(table) == {PlayerId(n) for n in range(1, 7)}
        assert table[PlayerId(1)] == (2, 2, 1, 1)

    def test_with_baku_acceleration_sets_every_players_acceleration(self) -> None:
        state = with_baku_acceleration(_state(5, rounds=5))
        assert [player.acceleration for player in state.players] == [
            (2, 2, 1),
            (2, 2, 1),
            (2, 2, 1),
            (2, 2, 1),
            (),
        ]
        assert state.players[0].acceleration_in(4) == 0


class TestPairingScore:
    """1.5: points plus virtual points; the standings keep the points alone."""

    def test_it_adds_the_virtual_points_of_the_next_round(self) -> None:
        history = {1: _won(3), 3: _lost(1), 2: _won(4), 4: _lost(2)}
        state = with_baku_acceleration(_state(4, rounds=5, history=history))
        # two rounds of full points (1.4), group A = 1 and 2
        assert pairing_scores(state) == {1: 4, 2: 4, 3: 0, 4: 0}
        assert [player.score(state.scoring) for player in state.players] == [2, 2, 0, 0]


class TestSystemCodes:
    """TRF-2026 192: the Baku variant of a code ends in `_BAKU`."""

    @pytest.mark.parametrize(
        ("code", "split"),
        [
            ("FIDE_DUTCH_2025_BAKU", ("FIDE_DUTCH_2025", True)),
            ("FIDE_DUTCH_BAKU", ("FIDE_DUTCH", True)),
            ("FIDE_DUTCH_2025", ("FIDE_DUTCH_2025", False)),
            (" FIDE_DUTCH ", ("FIDE_DUTCH", False)),
        ],
    )
    def test_it_splits_the_acceleration_off(self, code: str, split: tuple[str, bool]) -> None:
        assert split_system_code(code) == split

    def test_it_writes_the_suffix_back(self) -> None:
        assert system_code("FIDE_DUTCH_2025", True) == "FIDE_DUTCH_2025_BAKU"
        assert system_code("FIDE_DUTCH", False) == "FIDE_DUTCH"


class TestRecordedAccelerations:
    """A file's explicit records are Baku's when they agree in the rounds they cover."""

    def test_records_that_agree_are_accepted(self) -> None:
        state = _state(8, rounds=9)
        recorded = {PlayerId(n): (Points(2), Points(2)) for n in range(1, 5)}
        assert acceleration_difference(state, recorded) is None

    def test_a_player_of_group_b_with_virtual_points_is_named(self) -> None:
        state = _state(8, rounds=9)
        recorded = {PlayerId(n): (Points(2),) for n in range(1, 6)}
        assert acceleration_difference(state, recorded) == (
            "player 5 has 1 virtual points in round 1; the Baku method (C.04.7) gives 0"
        )

    def test_other_values_are_named(self) -> None:
        state = _state(8, rounds=9)
        recorded = {PlayerId(n): (Points(1),) for n in range(1, 5)}
        difference = acceleration_difference(state, recorded)
        assert difference is not None and "½ virtual points in round 1" in difference


@given(
    players=st.integers(min_value=1, max_value=300),
    rounds=st.integers(min_value=1, max_value=25),
    absent=st.sets(st.integers(min_value=1, max_value=300), max_size=40),
)
def test_the_method_holds_for_any_field(players: int, rounds: int, absent: set[int]) -> None:
    """1.2-1.4 for any field: group A is the first 2*ceil(N/4) of the N players paired in
    round 1 and everyone ranked above its last player; each of them gets a win's points for
    ceil(ceil(R/2)/2) rounds then half of them up to round ceil(R/2); nobody else gets any."""
    not_paired = {n: Outcome.ZERO_BYE for n in absent if n <= players}
    state = with_baku_acceleration(_state(players, rounds, not_paired=not_paired))
    paired = [n for n in range(1, players + 1) if n not in not_paired]
    members = [player.id for player in state.players if player.acceleration]
    accelerated = (rounds + 1) // 2
    expected = (Points(2),) * ((accelerated + 1) // 2) + (Points(1),) * (accelerated // 2)

    if not paired:
        assert members == []
        return
    size = min(2 * ((len(paired) + 3) // 4), len(paired))
    assert members == list(range(1, paired[size - 1] + 1))
    assert len([n for n in members if n in paired]) == size
    assert all(player.acceleration == expected for player in state.players if player.acceleration)
