"""The schedule of byes, absences, withdrawals and late entries, decided before round 1."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.generator import GeneratorConfig
from pairing.generator.schedule import Schedule, plan_schedule
from tournaments.domain.state import Outcome, PlayerId

REQUESTED = {Outcome.HALF_BYE, Outcome.ZERO_BYE}


def _schedule(config: GeneratorConfig, seed: int = 7) -> Schedule:
    return plan_schedule(config, random.Random(seed))


def _players_with(schedule: Schedule, outcome: Outcome) -> set[PlayerId]:
    return {p for p, rounds in schedule.absences.items() if outcome in rounds.values()}


def test_nobody_is_absent_when_every_rate_is_zero() -> None:
    assert _schedule(GeneratorConfig(players=50, rounds=9)).absences == {}


def test_players_over_rate_players_take_requested_byes() -> None:
    config = GeneratorConfig(players=400, rounds=9, half_bye_rate=20, zero_bye_rate=40)
    schedule = _schedule(config)
    assert len(_players_with(schedule, Outcome.HALF_BYE)) == 20
    assert len(_players_with(schedule, Outcome.ZERO_BYE)) == 10
    twice = [p for p, rounds in schedule.absences.items() if len(rounds) == 2]
    assert 0 < len(twice) < 15


def test_withdrawn_players_are_absent_from_their_last_round_to_the_end() -> None:
    schedule = _schedule(GeneratorConfig(players=300, rounds=8, withdrawal_rate=30))
    withdrawn = _players_with(schedule, Outcome.ABSENT)
    assert len(withdrawn) == 10
    for player in withdrawn:
        rounds = schedule.absences[player]
        first = min(rounds)
        assert first >= 2
        assert set(rounds) == set(range(first, 9))
        assert set(rounds.values()) == {Outcome.ABSENT}


def test_late_entries_are_shown_as_requested_byes_before_round_2_or_3() -> None:
    schedule = _schedule(GeneratorConfig(players=300, rounds=6, late_entry_rate=10))
    late = [p for p, rounds in schedule.absences.items() if 1 in rounds]
    assert len(late) == 30
    entries = set()
    for player in late:
        rounds = schedule.absences[player]
        assert set(rounds.values()) <= REQUESTED
        entries.add(max(rounds) + 1)
        assert set(rounds) == set(range(1, max(rounds) + 1))
    assert entries == {2, 3}


def test_not_paired_lists_the_players_absent_in_a_round() -> None:
    one, three = PlayerId(1), PlayerId(3)
    absences = {three: {2: Outcome.HALF_BYE}, one: {2: Outcome.ABSENT, 3: Outcome.ABSENT}}
    schedule = Schedule(absences=absences)
    assert schedule.not_paired(2) == {one: Outcome.ABSENT, three: Outcome.HALF_BYE}
    assert schedule.not_paired(1) == {}


@settings(deadline=None)
@given(
    players=st.integers(2, 60),
    rounds=st.integers(1, 12),
    rates=st.lists(st.integers(0, 6), min_size=4, max_size=4),
    seed=st.integers(0, 2**32),
)
def test_requested_byes_never_fall_in_the_last_round_and_half_the_field_plays(
    players: int, rounds: int, rates: list[int], seed: int
) -> None:
    half, zero, withdrawal, late = rates
    config = GeneratorConfig(
        players=players,
        rounds=rounds,
        half_bye_rate=half,
        zero_bye_rate=zero,
        withdrawal_rate=withdrawal,
        late_entry_rate=late,
    )
    schedule = _schedule(config, seed)
    for round_number in range(1, rounds + 1):
        not_paired = schedule.not_paired(round_number)
        assert players - len(not_paired) >= max(2, (players + 1) // 2)
        if round_number == rounds:
            assert not set(not_paired.values()) & REQUESTED
