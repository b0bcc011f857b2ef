"""The packed criterion weights (C.04.3 C.5-C.19 as digits of one integer, `criteria.Weights`):
over any set of pairs of a bracket, the packed total must decode to exactly the criterion
totals, i.e. no digit ever overflows into the one above it, whatever the bracket."""

from __future__ import annotations

import random
from itertools import groupby
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.dutch.absolute import absolute_criteria
from pairing.engine.dutch.criteria import CRITERIA, Layout, Weights
from pairing.engine.dutch.players import PlayerFacts, build_facts
from tournaments.domain.state import TournamentState
from tournaments.domain.trf import parse_trf, tournament_state

DEV = Path(__file__).resolve().parents[2] / "data" / "reference" / "dev"
FILES = sorted(DEV.glob("dev_*.trf"))[:12]


def _state(index: int, round_choice: int) -> TournamentState:
    doc = parse_trf(FILES[index].read_text(encoding="utf-8"))
    return tournament_state(doc, 1 + round_choice % doc.rounds_in_file)


def _bracket(facts: list[PlayerFacts], group: int, mdps: int) -> list[PlayerFacts]:
    """A scoregroup with up to `mdps` players of higher scores in front of it."""
    groups = [list(g) for _, g in groupby(facts, key=lambda p: p.score)]
    index = group % len(groups)
    above = [p for g in groups[:index] for p in g]
    return above[len(above) - min(mdps, len(above)) :] + groups[index]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, len(FILES) - 1),
    st.integers(0, 20),
    st.integers(0, 30),
    st.integers(0, 4),
    st.integers(0, 2**32),
)
def test_packed_weights_decode_to_the_criterion_totals(
    file: int, round_choice: int, group: int, mdps: int, seed: int
) -> None:
    state = _state(file, round_choice)
    facts = build_facts(state)
    bracket = _bracket(facts, group, mdps)
    weights = Weights(
        Layout(bracket, len(bracket), False), state.initial_color, state.rounds_played
    )
    compatible = absolute_criteria(state)
    # A random set of disjoint legal pairs (any candidate, good or bad).
    order = list(range(len(bracket)))
    random.Random(seed).shuffle(order)
    pairs = []
    free = set(order)
    for i in order:
        if i not in free:
            continue
        for j in order:
            if j in free and j != i and compatible(bracket[i], bracket[j]):
                pairs.append((min(i, j), max(i, j)))
                free -= {i, j}
                break
    packed = sum(weights.internal(bracket[i], bracket[j]) for i, j in pairs)
    totals = [0] * len(CRITERIA)
    for i, j in pairs:
        for k, gain in enumerate(weights.gains(bracket[i], bracket[j])):
            totals[k] += gain
    assert weights.digits(packed) == totals
