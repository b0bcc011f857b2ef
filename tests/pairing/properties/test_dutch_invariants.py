"""Hypothesis: every round of generated tournaments, paired by the Dutch engine, keeps the
absolute rules (C.04.1, C.1-C.3) and is complete whenever a complete pairing exists (A.9).

The tournaments come from the random tournament generator, paired by the 2017 or the 2025
edition (6-40 players, 4-9 rounds, with
forfeits, byes, withdrawals and late entries; and 4-12 players with about as many rounds as
opponents, where about half the tournaments reach a round that cannot be paired); the engine
pairs every round, and each round is checked (invariants.py) before the next. The run is
derandomized: a failure prints the configuration and the seed, and
`generate_tournament(config, seed)` replays it.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from pairing.engine import DutchConfig, Edition, NoValidPairing, RoundPairing, pair
from pairing.generator import GeneratorConfig, InitialColor, PairFunction, generate_tournament
from tests.pairing.properties.invariants import complete_pairing_exists, violations
from tournaments.domain.state import TournamentState

RATES = st.sampled_from([0, 4, 8, 15, 30])
EDITIONS = st.sampled_from([None, Edition.DUTCH_2025])
"""None: the 2017 rules (the generator's default)."""


@st.composite
def configs(draw: st.DrawFn) -> GeneratorConfig:
    """Small tournaments like the development set's: rounds up to min(9, log2 n + 3, n - 2)."""
    players = draw(st.integers(6, 40))
    rounds = draw(st.integers(4, min(9, math.ceil(math.log2(players)) + 3, players - 2)))
    return GeneratorConfig(
        players=players,
        rounds=rounds,
        draw_percentage=draw(st.integers(20, 50)),
        forfeit_rate=draw(RATES),
        zero_bye_rate=draw(RATES),
        half_bye_rate=draw(RATES),
        full_bye_rate=draw(RATES),
        highest_rating=2700,
        lowest_rating=draw(st.integers(1000, 2300)),
        withdrawal_rate=draw(RATES),
        late_entry_rate=draw(RATES),
        initial_color=draw(st.sampled_from([InitialColor.WHITE, InitialColor.BLACK])),
        edition=draw(EDITIONS),
    )


@st.composite
def crowded_configs(draw: st.DrawFn) -> GeneratorConfig:
    """Tiny tournaments with about as many rounds as opponents, where the rounds often run out
    of complete pairings: the engine must say so exactly when none exists (A.9)."""
    players = draw(st.integers(4, 12))
    return GeneratorConfig(
        players=players,
        rounds=draw(st.integers(players - 2, players)),
        forfeit_rate=draw(st.sampled_from([0, 6])),
        zero_bye_rate=draw(st.sampled_from([0, 4])),
        half_bye_rate=draw(st.sampled_from([0, 3, 6])),
        initial_color=draw(st.sampled_from([InitialColor.WHITE, InitialColor.BLACK])),
        edition=draw(EDITIONS),
    )


def checked_pair(edition: Edition) -> PairFunction:
    """The engine's pairing of the next round by `edition`, checked against the invariants."""

    def checked(state: TournamentState) -> RoundPairing:
        note(f"round {state.next_round}")
        try:
            pairing = pair(state, DutchConfig(edition=edition))
        except NoValidPairing:
            exists = complete_pairing_exists(state, edition)
            assert not exists, "NoValidPairing, but a complete pairing exists"
            raise
        problems = violations(state, pairing, edition)
        assert not problems, "\n".join(problems)
        return pairing

    return checked


@settings(
    deadline=None,
    derandomize=True,
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(config=configs(), seed=st.integers(0, 2**31 - 1))
def test_every_round_of_a_generated_tournament_keeps_the_absolute_rules(
    config: GeneratorConfig, seed: int
) -> None:
    try:
        generate_tournament(config, seed, pair=checked_pair(config.rules))
    except NoValidPairing:
        return  # checked_pair has shown that no complete pairing exists (A.9)


@settings(
    deadline=None,
    derandomize=True,
    max_examples=40,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(config=crowded_configs(), seed=st.integers(0, 2**31 - 1))
def test_the_engine_finds_a_complete_pairing_whenever_one_exists(
    config: GeneratorConfig, seed: int
) -> None:
    try:
        generate_tournament(config, seed, pair=checked_pair(config.rules))
    except NoValidPairing:
        return  # checked_pair has shown that no complete pairing exists (A.9)
