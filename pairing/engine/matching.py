"""Generic matching machinery: maximum-weight matching on general graphs and a bipartite
completeness test. Knows nothing of chess; vertices are integers, weights integers."""

from __future__ import annotations

from collections import deque
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


def max_cardinality_matching(adjacency: Sequence[Sequence[int]]) -> list[int]:
    """A maximum-cardinality matching of a general graph (Edmonds' blossom algorithm,
    O(V^3)), started from a greedy matching. Returns the mate of each vertex, -1 if none."""
    size = len(adjacency)
    mate = [-1] * size
    for v in range(size):
        if mate[v] == -1:
            for u in adjacency[v]:
                if mate[u] == -1 and u != v:
                    mate[u], mate[v] = v, u
                    break
    for root in range(size):
        if mate[root] == -1:
            _augment_from(root, adjacency, mate)
    return mate


def _augment_from(root: int, adjacency: Sequence[Sequence[int]], mate: list[int]) -> None:
    """Search an augmenting path from the exposed vertex `root` and flip it if found."""
    size = len(adjacency)
    parent = [-1] * size
    base = list(range(size))
    in_tree = [False] * size
    in_tree[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * size
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark(v: int, stop: int, child: int, blossom: list[bool]) -> None:
        while base[v] != stop:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in adjacency[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                shared = common_base(v, to)
                blossom = [False] * size
                mark(v, shared, to, blossom)
                mark(to, shared, v, blossom)
                for i in range(size):
                    if blossom[base[i]]:
                        base[i] = shared
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return
                in_tree[mate[to]] = True
                queue.append(mate[to])
