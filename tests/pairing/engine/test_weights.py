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
from pairing.engine.dutch.players import Float, PlayerFacts, build_facts
from tournaments.domain.state import TournamentState
from tournaments.domain.trf import parse_trf, tournament_state_from_trf

DEV = Path(__file__).resolve().parents[2] / "data" / "reference" / "dev"
FILES = sorted(DEV.glob("dev_*.trf"))[:12]


def _state(index: int, round_choice: int) -> TournamentState:
    doc = parse_trf(FILES[index].read_text(encoding="utf-8"))
    return tournament_state_from_trf(doc, 1 + round_choice % doc.rounds_in_file)


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


def _random_pairs(
    bracket: list[PlayerFacts], state: TournamentState, seed: int
) -> list[tuple[int, int]]:
    """A random set of disjoint legal pairs of the bracket (any candidate, good or bad)."""
    compatible = absolute_criteria(state)
    generator = random.Random(seed)
    order = list(range(len(bracket)))
    generator.shuffle(order)
    pairs = []
    free = set(order)
    for i in order:
        if i not in free or generator.random() < 0.2:
            continue
        for j in order:
            if j in free and j != i and compatible(bracket[i], bracket[j]):
                pairs.append((min(i, j), max(i, j)))
                free -= {i, j}
                break
    return pairs


def _collapsed(facts: list[PlayerFacts], group: int) -> list[PlayerFacts]:
    """A collapsed last bracket (A.9): every player from some scoregroup down."""
    scores = sorted({p.score for p in facts}, reverse=True)
    cut = scores[group % len(scores)]
    return [p for p in facts if p.score <= cut]


def _literal_lists(
    bracket: list[PlayerFacts], pairs: list[tuple[int, int]], rounds_played: int
) -> list[tuple[int, list[int]]]:
    """C.6 and C.16-C.19 of a CLB candidate read literally (A.8): for each, the number of
    players it counts and their score differences sorted high to low."""
    artificial = min(p.score for p in bracket) - 2
    mate = dict(pairs) | {j: i for i, j in pairs}
    alone = [p.score - artificial for i, p in enumerate(bracket) if i not in mate]
    psd = sorted([bracket[i].score - bracket[j].score for i, j in pairs] + alone, reverse=True)
    lists = [(len(pairs), psd)]
    for back in range(2):
        down: list[int] = []
        up: list[int] = []
        for i, player in enumerate(bracket):
            if back >= rounds_played:
                continue
            other = bracket[mate[i]] if i in mate else None
            if player.floats[back] is Float.DOWN:
                if other is None:
                    down.append(player.score - artificial)
                elif other.score < player.score:
                    down.append(player.score - other.score)
            if player.floats[back] is Float.UP and other is not None and other.score > player.score:
                up.append(other.score - player.score)
        lists += [(len(down), sorted(down, reverse=True)), (len(up), sorted(up, reverse=True))]
    return [lists[0], lists[1], lists[2], lists[3], lists[4]]


@settings(max_examples=80, deadline=None)
@given(
    st.integers(0, len(FILES) - 1),
    st.integers(0, 20),
    st.integers(1, 6),
    st.integers(0, 2**32),
    st.integers(0, 2**32),
)
def test_the_collapsed_last_bracket_weighs_score_differences_as_a8_orders_them(
    file: int, round_choice: int, group: int, first: int, second: int
) -> None:
    # A.9 (2017): the CLB's residents keep their own scores, so C.6 (the PSD) and C.16-C.19
    # compare score differences (A.8), high to low; the packed digits must order two
    # candidates as those lists do whenever the counts above them are equal.
    state = _state(file, round_choice)
    bracket = _collapsed(build_facts(state), group)
    weights = Weights(
        Layout(bracket, len(bracket), False, collapsed=True),
        state.initial_color,
        state.rounds_played,
    )
    candidates = [_random_pairs(bracket, state, seed) for seed in (first, second)]
    packed = [sum(weights.internal(bracket[i], bracket[j]) for i, j in c) for c in candidates]
    digits = [weights.digits(p) for p in packed]
    lists = [_literal_lists(bracket, c, state.rounds_played) for c in candidates]
    totals = [[0] * len(CRITERIA) for _ in candidates]
    for total, pairs in zip(totals, candidates, strict=True):
        for i, j in pairs:
            for k, gain in enumerate(weights.gains(bracket[i], bracket[j])):
                total[k] += gain
    assert digits == totals
    # C.6 against the PSD, C.16-C.19 against their lists (digits 2 and 11-14).
    for digit, (a, b) in zip((2, 11, 12, 13, 14), zip(*lists, strict=True), strict=True):
        if a[0] != b[0]:
            continue
        literal = (a[1] > b[1]) - (a[1] < b[1])  # +1: the first candidate is worse
        packed_order = (digits[1][digit] > digits[0][digit]) - (digits[1][digit] < digits[0][digit])
        assert literal == packed_order, CRITERIA[digit]
