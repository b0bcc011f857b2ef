"""Generic matching machinery: maximum-weight matching on general graphs and a bipartite
completeness test. Knows nothing of chess; vertices are integers, weights integers."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import networkx as nx


def max_weight_matching(edges: Iterable[tuple[int, int, int]]) -> tuple[int, dict[int, int]]:
    """A maximum-weight matching (Edmonds' blossom algorithm, O(V^3), exact on integers).

    Returns the total weight and the mate of every matched vertex.
    """
    graph = nx.Graph()
    weight_of: dict[tuple[int, int], int] = {}
    for u, v, weight in edges:
        graph.add_edge(u, v, weight=weight)
        weight_of[(min(u, v), max(u, v))] = weight
    matching = nx.max_weight_matching(graph)
    mates: dict[int, int] = {}
    total = 0
    for u, v in matching:
        mates[u] = v
        mates[v] = u
        total += weight_of[(min(u, v), max(u, v))]
    return total, mates


def bipartite_complete(
    left: Sequence[int], right: Sequence[int], adjacent: Callable[[int, int], bool]
) -> bool:
    """Whether every vertex of `left` can be matched to a distinct vertex of `right`
    (Kuhn's augmenting paths, O(V·E))."""
    if len(left) > len(right):
        return False
    mate_of_right: dict[int, int] = {}
    neighbours = {u: [v for v in right if adjacent(u, v)] for u in left}

    def augment(u: int, seen: set[int]) -> bool:
        for v in neighbours[u]:
            if v in seen:
                continue
            seen.add(v)
            if v not in mate_of_right or augment(mate_of_right[v], seen):
                mate_of_right[v] = u
                return True
        return False

    return all(augment(u, set()) for u in left)
