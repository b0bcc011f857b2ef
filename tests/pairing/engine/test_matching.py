"""The generic matching machinery (`pairing.engine.matching`) against networkx on random
graphs: the native weighted matching and its Python fallback reach the same optimum, the
reusable graph answers as a fresh one would, and the cardinality tools agree with networkx."""

from __future__ import annotations

import random

import networkx as nx
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing.engine.matching import (
    NATIVE_WEIGHT_LIMIT,
    BipartiteMatching,
    MatchingGraph,
    augmentable,
    max_cardinality_matching,
    max_weight_matching,
)
from pairing.engine.transport import max_weight_transport

Edges = list[tuple[int, int, int]]


def random_graph(seed: int, size: int, density: float, bits: int) -> Edges:
    rng = random.Random(seed)
    return [
        (i, j, rng.randrange(1, 2**bits))
        for i in range(size)
        for j in range(i + 1, size)
        if rng.random() < density
    ]


def reference_weight(edges: Edges) -> int:
    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    return sum(graph[u][v]["weight"] for u, v in nx.max_weight_matching(graph))


def is_matching(edges: Edges, mates: dict[int, int]) -> bool:
    present = {(min(u, v), max(u, v)) for u, v, _ in edges}
    return all(mates[mates[v]] == v and (min(v, m), max(v, m)) in present for v, m in mates.items())


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 2**32),
    st.integers(2, 24),
    st.floats(0.1, 1.0),
    st.sampled_from([3, 60, 119, 200]),
)
def test_the_weighted_matching_reaches_the_networkx_optimum(
    seed: int, size: int, density: float, bits: int
) -> None:
    # 200-bit weights are beyond the native 128-bit integers: the Python fallback runs.
    edges = random_graph(seed, size, density, bits)
    total, mates = max_weight_matching(edges)
    assert total == reference_weight(edges)
    assert is_matching(edges, mates)
    assert total == sum(w for u, v, w in edges if mates.get(u) == v)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(4, 20), st.sampled_from([1, 7, 2**40]))
def test_a_reused_graph_answers_as_a_fresh_one(seed: int, size: int, scale: int) -> None:
    rng = random.Random(seed)
    edges = random_graph(seed, size, 0.6, 40)
    graph = MatchingGraph(edges, size, scale)
    removed = {v for v in range(size) if rng.random() < 0.3}
    added = [(v, size, rng.randrange(1, 2**40) * scale) for v in range(size) if rng.random() < 0.3]
    adjusted = {(u, v): -rng.randrange(scale) for u, v, _ in edges if rng.random() < 0.3}
    fresh = [
        (u, v, w * scale + adjusted.get((u, v), 0))
        for u, v, w in edges
        if u not in removed and v not in removed
    ] + [(u, v, w) for u, v, w in added if u not in removed]

    total, mates = graph.best(removed, added, adjusted)

    assert total == (reference_weight(fresh) if fresh else 0)
    assert not removed & set(mates)
    # The graph itself is unchanged by the call.
    assert graph.best(set())[0] == reference_weight([(u, v, w * scale) for u, v, w in edges])


def test_weights_at_the_native_limit_go_to_the_fallback() -> None:
    edges = [(0, 1, NATIVE_WEIGHT_LIMIT), (1, 2, NATIVE_WEIGHT_LIMIT + 1)]
    assert max_weight_matching(edges) == (NATIVE_WEIGHT_LIMIT + 1, {1: 2, 2: 1})
    assert MatchingGraph(edges, 3).native is None


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 30), st.floats(0.05, 0.9))
def test_the_cardinality_matching_is_maximum(seed: int, size: int, density: float) -> None:
    edges = random_graph(seed, size, density, 1)
    present = {(u, v) for u, v, _ in edges}

    mate = max_cardinality_matching(size, lambda i, j: (min(i, j), max(i, j)) in present)

    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(present)
    assert sum(1 for m in mate if m != -1) == 2 * len(nx.max_weight_matching(graph, True))
    assert all(m == -1 or mate[m] == v for v, m in enumerate(mate))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 20), st.floats(0.05, 0.9))
def test_an_augmenting_path_exists_exactly_when_the_matching_can_grow(
    seed: int, size: int, density: float
) -> None:
    edges = random_graph(seed, size, density, 1)
    present = {(u, v) for u, v, _ in edges}
    lists = {v: [u for u in range(size) if (min(u, v), max(u, v)) in present] for v in range(size)}
    # A maximum matching of every vertex but the last, then the last one joins.
    mate = max_cardinality_matching(size - 1, lambda i, j: (min(i, j), max(i, j)) in present)
    before = sum(1 for m in mate if m != -1)

    grows = augmentable(size - 1, size, lambda v: lists[v], [*mate, -1])

    graph = nx.Graph()
    graph.add_nodes_from(range(size))
    graph.add_edges_from(present)
    assert grows == (2 * len(nx.max_weight_matching(graph, True)) > before)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 4), st.integers(1, 4), st.floats(0.3, 1.0))
def test_the_transportation_plan_is_optimal_with_optimal_duals(
    seed: int, rows: int, columns: int, density: float
) -> None:
    rng = random.Random(seed)
    supply = [rng.randrange(4) for _ in range(rows)]
    demand = [rng.randrange(4) for _ in range(columns)]
    missing = sum(supply) - sum(demand)
    demand[0] += max(missing, 0)
    supply[0] += max(-missing, 0)
    weight = {
        (i, j): rng.randrange(-(2**70), 2**70)
        for i in range(rows)
        for j in range(columns)
        if rng.random() < density
    }
    # The same problem as an assignment: one vertex per unit of supply and of demand.
    units = [(i, k) for i in range(rows) for k in range(supply[i])]
    wants = [(j, k) for j in range(columns) for k in range(demand[j])]
    lift = 2**72 * (len(units) + 1)  # every unit assigned comes first
    edges = [
        (a, len(units) + b, weight[(units[a][0], wants[b][0])] + lift)
        for a in range(len(units))
        for b in range(len(wants))
        if (units[a][0], wants[b][0]) in weight
    ]
    best = reference_weight(edges) if edges else 0
    assigned = (best + lift // 2) // lift

    plan = max_weight_transport(supply, demand, weight)

    if assigned < len(units):
        assert plan is None
        return
    assert plan is not None and plan.value == best - lift * len(units)
    assert all(plan.rows[i] + plan.columns[j] >= w for (i, j), w in weight.items())
    duals = sum(map(int.__mul__, supply, plan.rows)) + sum(map(int.__mul__, demand, plan.columns))
    assert duals == plan.value


def test_fixing_pairs_keeps_a_complete_bipartite_matching() -> None:
    partners = {0: {10, 11}, 1: {10}, 2: {11, 12}}
    matching = BipartiteMatching([0, 1, 2], [10, 11, 12], lambda u: partners[u])
    assert matching.complete
    assert not matching.fix(0, 10)  # 1 could then meet nobody
    assert matching.fix(0, 11) and matching.fix(1, 10) and matching.fix(2, 12)
