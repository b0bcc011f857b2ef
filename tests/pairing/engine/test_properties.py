"""Hypothesis: small tournaments played round by round with the engine keep the absolute rules
(C.04.1 b/c/d, C.04.3 C.1-C.3) in every round it pairs."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pairing.engine import DutchConfig, NoValidPairing, RoundPairing, pair
from pairing.engine.dutch.players import Strength, build_facts
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

RESULTS = [Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN]
OPPOSITE = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
}


def _violations(state: TournamentState, result: RoundPairing) -> list[str]:
    problems = []
    facts = {f.id: f for f in build_facts(state)}
    seen: list[PlayerId] = []
    for board in result.boards:
        seen += [board.white, board.black]
        white, black = facts[board.white], facts[board.black]
        if black.id in white.opponents:
            problems.append(f"rematch {board}")
        same_absolute = (
            white.strength is Strength.ABSOLUTE
            and black.strength is Strength.ABSOLUTE
            and white.preference is black.preference
        )
        if same_absolute and not (white.topscorer or black.topscorer):
            problems.append(f"C.3 broken by {board}")
    if result.bye is not None:
        seen.append(result.bye)
        if not facts[result.bye].bye_eligible:
            problems.append(f"PAB to {result.bye}, who had a PAB or a forfeit win")
    if sorted(seen) != sorted(facts) or len(set(seen)) != len(seen):
        problems.append("not everyone to pair is paired exactly once")
    return problems


@st.composite
def tournaments(draw: st.DrawFn) -> list[TournamentState]:
    """Every state of a tournament played with the engine, round by round."""
    count = draw(st.integers(4, 14))
    rounds = draw(st.integers(2, min(6, count - 1)))
    histories: dict[int, list[RoundRecord]] = {p: [] for p in range(1, count + 1)}
    states = []
    for _ in range(rounds):
        absent = draw(st.sets(st.integers(1, count), max_size=2))
        state = TournamentState(
            total_rounds=rounds,
            players=tuple(
                PlayerState(id=PlayerId(p), history=tuple(h)) for p, h in histories.items()
            ),
            not_paired={PlayerId(p): Outcome.HALF_BYE for p in absent},
        )
        try:
            result = pair(state, DutchConfig())
        except NoValidPairing:
            break
        states.append(state)
        for p in absent:
            histories[p].append(RoundRecord(None, Color.NONE, Outcome.HALF_BYE))
        if result.bye is not None:
            histories[result.bye].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
        for board in result.boards:
            outcome = draw(st.sampled_from(RESULTS))
            histories[board.white].append(RoundRecord(board.black, Color.WHITE, outcome))
            histories[board.black].append(RoundRecord(board.white, Color.BLACK, OPPOSITE[outcome]))
    return states


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_it_keeps_the_absolute_criteria_in_every_round(states: list[TournamentState]) -> None:
    for state in states:
        assert _violations(state, pair(state, DutchConfig())) == []
