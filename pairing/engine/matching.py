"""Generic matching machinery: maximum-weight matching on general graphs and a bipartite
completeness test. Knows nothing of chess; vertices are integers, weights integers."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Container, Iterable, Sequence
from typing import Final

import rustworkx as rx

NATIVE_WEIGHT_LIMIT: Final = 1 << 120
"""rustworkx computes with 128-bit integers (its duals reach a few times the largest weight);
weights below this bound are exact there, larger ones go to networkx (Python integers)."""


def max_weight_matching(edges: Iterable[tuple[int, int, int]]) -> tuple[int, dict[int, int]]:
    """A maximum-weight matching (Edmonds' blossom algorithm, O(V^3), exact on integers).

    Returns the total weight and the mate of every matched vertex. The same algorithm runs
    natively (rustworkx) when every weight fits its integers, else in Python (networkx).
    """
    edge_list = list(edges)
    if not edge_list:
        return 0, {}
    weights = [weight for _, _, weight in edge_list]
    mates: dict[int, int] = {}
    total = 0
    if max(weights) < NATIVE_WEIGHT_LIMIT and min(weights) > -NATIVE_WEIGHT_LIMIT:
        native = rx.PyGraph(multigraph=False)
        native.add_nodes_from(range(max(max(u, v) for u, v, _ in edge_list) + 1))
        native.add_edges_from(edge_list)
        for u, v in rx.max_weight_matching(native, weight_fn=int):
            mates[u], mates[v] = v, u
            total += native.get_edge_data(u, v)
        return total, mates
    return _python_max_weight_matching(edge_list)


def _python_max_weight_matching(
    edge_list: list[tuple[int, int, int]],
) -> tuple[int, dict[int, int]]:
    """The same matching in Python (networkx), for weights beyond the native integers.

    networkx is imported here, when needed: it costs about 22 MiB of memory to load, and the
    engine's weights fit the native integers in every tournament measured.
    """
    import networkx as nx

    mates: dict[int, int] = {}
    total = 0
    graph = nx.Graph()
    graph.add_weighted_edges_from(edge_list)
    for u, v in nx.max_weight_matching(graph):
        mates[u], mates[v] = v, u
        total += graph[u][v]["weight"]
    return total, mates


_CHUNK: Final = 65536
"""Edges handed to the native graph at a time."""


class MatchingGraph:
    """A weighted graph matched again and again with some of its vertices left out (a search
    that fixes pairs one by one): built once, natively when the weights allow. Every weight
    is multiplied by `scale`, which leaves room below it for `best`'s adjustments."""

    def __init__(
        self, edges: Iterable[tuple[int, int, int]], vertices: int, scale: int = 1
    ) -> None:
        """`edges` join vertices 0..vertices-1. They are read once, in chunks: no Python list
        of every edge is ever held beside the native graph (at 4000 players a bracket has two
        million pairs)."""
        self.native: rx.PyGraph | None = rx.PyGraph(multigraph=False)
        self.native.add_nodes_from(range(vertices))
        self._edges: list[tuple[int, int, int]] = []
        self.largest = 0
        chunk: list[tuple[int, int, int]] = []
        # The graph holds each edge's weight as a Python object: equal weights share one (a
        # bracket's pairs have few distinct weights), instead of one product per edge.
        scaled_of: dict[int, int] = {}
        for u, v, weight in edges:
            scaled = scaled_of.get(weight)
            if scaled is None:
                scaled = scaled_of[weight] = weight * scale
                self.largest = max(self.largest, scaled, -scaled)
            chunk.append((u, v, scaled))
            if len(chunk) == _CHUNK:
                self.native.add_edges_from(chunk)
                chunk = []
        self.native.add_edges_from(chunk)
        if self.largest >= NATIVE_WEIGHT_LIMIT:
            self._edges = [(u, v, int(w)) for u, v, w in self.native.weighted_edge_list()]
            self.native = None

    @property
    def edges(self) -> list[tuple[int, int, int]]:
        """Every edge with its weight (listed from the native graph when there is one)."""
        if self.native is None:
            return self._edges
        return [(u, v, int(w)) for u, v, w in self.native.weighted_edge_list()]

    def best(
        self,
        removed: set[int],
        added: Sequence[tuple[int, int, int]] = (),
        adjusted: dict[tuple[int, int], int] | None = None,
    ) -> tuple[int, dict[int, int]]:
        """A maximum-weight matching without the `removed` vertices (nor any edge touching them),
        with the `added` edges and with the weights of existing edges (u, v) changed by
        `adjusted[(u, v)]`: its weight and mates."""
        adjusted = adjusted or {}
        added = [e for e in added if e[0] not in removed and e[1] not in removed]
        fits = all(-NATIVE_WEIGHT_LIMIT < w < NATIVE_WEIGHT_LIMIT for _, _, w in added)
        if self.native is None or not fits:
            edges = [(u, v, w + adjusted.get((u, v), 0)) for u, v, w in [*self.edges, *added]]
            return max_weight_matching(
                e for e in edges if e[0] not in removed and e[1] not in removed
            )
        graph = self.native
        if removed:
            # A subgraph (new indices; each vertex keeps its number as its payload) is much
            # cheaper than removing vertices from a copy.
            graph = graph.subgraph([v for v in graph.node_indices() if v not in removed])
        elif added or adjusted:
            graph = graph.copy()
        index = {graph[i]: i for i in graph.node_indices()}
        for u, v, _ in added:
            for vertex in (u, v):
                if vertex not in index:
                    index[vertex] = graph.add_node(vertex)
        graph.add_edges_from([(index[u], index[v], w) for u, v, w in added])
        for (u, v), change in adjusted.items():
            if u in index and v in index:
                graph.update_edge(
                    index[u], index[v], graph.get_edge_data(index[u], index[v]) + change
                )
        mates: dict[int, int] = {}
        total = 0
        for i, j in rx.max_weight_matching(graph, weight_fn=int):
            u, v = graph[i], graph[j]
            mates[u], mates[v] = v, u
            total += graph.get_edge_data(i, j)
        return total, mates


class BipartiteMatching:
    """A matching of every `left` vertex into `right` (Kuhn's augmenting paths, iterative),
    kept up to date while pairs are fixed one by one in a chosen order."""

    def __init__(
        self,
        left: Sequence[int],
        right: Sequence[int],
        partners: Callable[[int], Container[int]],
    ) -> None:
        """`partners(u)`: the vertices `u` may be matched with."""
        self.neighbours: dict[int, list[int]] = {}
        for u in left:
            own = partners(u)
            self.neighbours[u] = [v for v in right if v in own]
        self.mate_of_left: dict[int, int] = {}
        self.mate_of_right: dict[int, int] = {}
        self.frozen: set[int] = set()
        self._fixed: set[int] = set()  # the right vertices fixed for good
        self._pruned: dict[int, int] = {}
        for u in left:  # a greedy start: most vertices find a free partner at once
            for v in self.neighbours[u]:
                if v not in self.mate_of_right:
                    self.mate_of_left[u], self.mate_of_right[v] = v, u
                    break
        self.complete = len(left) <= len(right) and all(
            u in self.mate_of_left or self._augment(u, set()) for u in left
        )

    def _options(self, vertex: int) -> list[int]:
        """The neighbours of `vertex`, from which the right vertices fixed for good are dropped
        now and then: once many pairs are fixed, a search would step over them every time."""
        own = self.neighbours[vertex]
        if len(self._fixed) - self._pruned.get(vertex, 0) > max(16, len(own) // 8):
            own = self.neighbours[vertex] = [v for v in own if v not in self._fixed]
            self._pruned[vertex] = len(self._fixed)
        return own

    def _augment(self, start: int, seen: set[int]) -> bool:
        stack = [(start, iter(self._options(start)))]
        path: list[int] = []
        while stack:
            left, options = stack[-1]
            for right in options:
                if right in seen or right in self.frozen:
                    continue
                seen.add(right)
                path.append(right)
                owner = self.mate_of_right.get(right)
                if owner is None:
                    for (u, _), v in zip(stack, path, strict=True):
                        self.mate_of_left[u] = v
                        self.mate_of_right[v] = u
                    return True
                stack.append((owner, iter(self._options(owner))))
                break
            else:
                stack.pop()
                if path:
                    path.pop()
        return False

    def fix(self, left: int, right: int) -> bool:
        """Pair `left` with `right` for good if every other left vertex can still be matched;
        otherwise change nothing and return False."""
        if self.mate_of_left.get(left) == right:
            self.frozen.add(right)
            self._fixed.add(right)
            return True
        previous = self.mate_of_left[left]
        owner = self.mate_of_right.get(right)
        del self.mate_of_right[previous]
        self.mate_of_left[left] = right
        self.mate_of_right[right] = left
        self.frozen.add(right)
        if owner is not None:
            del self.mate_of_left[owner]
            if not self._augment(owner, set()):  # it changed nothing: undo the exchange
                self.frozen.discard(right)
                self.mate_of_left[owner], self.mate_of_right[right] = right, owner
                self.mate_of_left[left], self.mate_of_right[previous] = previous, left
                return False
        self._fixed.add(right)
        return True


def max_cardinality_matching(size: int, adjacent: Callable[[int, int], bool]) -> list[int]:
    """A maximum-cardinality matching of a general graph on vertices 0..size-1 (Edmonds'
    blossom algorithm, O(V^3)), started from a greedy matching. Returns the mate of each
    vertex, -1 if none.

    `adjacent` is asked lazily: the greedy start stops at the first free neighbour, and only
    the vertices an augmenting-path search visits have their neighbours listed, so a dense
    graph with a near-perfect greedy matching costs about O(V) questions, not O(V^2).
    """
    mate = [-1] * size
    for v in range(size):
        if mate[v] == -1:
            for u in range(v + 1, size):
                if mate[u] == -1 and adjacent(v, u):
                    mate[u], mate[v] = v, u
                    break
    lists: dict[int, list[int]] = {}

    def neighbours(v: int) -> list[int]:
        known = lists.get(v)
        if known is None:
            known = lists[v] = [u for u in range(size) if u != v and adjacent(v, u)]
        return known

    exposed = {v for v in range(size) if mate[v] == -1}
    for root in range(size):
        if mate[root] == -1 and not _short_augment(root, exposed, neighbours, adjacent, mate):
            _augment_from(root, size, neighbours, mate)
            exposed = {v for v in exposed if mate[v] == -1}  # the path's far end too
        exposed.discard(root)
    return mate


def _short_augment(
    root: int,
    exposed: set[int],
    neighbours: Callable[[int], Sequence[int]],
    adjacent: Callable[[int, int], bool],
    mate: list[int],
) -> bool:
    """An augmenting path of one or three edges from the exposed `root` to another exposed
    vertex, flipped if found. Tried before the blossom search, which in a dense graph spends
    O(V) on each of the many short odd cycles through the root before it reaches a far end."""
    ends = sorted(f for f in exposed if f != root)
    for f in ends:
        if adjacent(root, f):
            mate[root], mate[f] = f, root
            exposed.discard(f)
            return True
    for a in neighbours(root):
        b = mate[a]
        for f in ends:
            if b != -1 and f != a and adjacent(b, f):
                mate[root], mate[a], mate[b], mate[f] = a, root, f, b
                exposed.discard(f)
                return True
    return False


def augmentable(
    root: int, size: int, neighbours: Callable[[int], Sequence[int]], mate: Sequence[int]
) -> bool:
    """Whether an augmenting path starts at the exposed vertex `root` of the matching `mate`
    (which is left unchanged)."""
    trial = list(mate)
    _augment_from(root, size, neighbours, trial)
    return trial[root] != -1


def _augment_from(
    root: int, size: int, neighbours: Callable[[int], Sequence[int]], mate: list[int]
) -> None:
    """Search an augmenting path from the exposed vertex `root` and flip it if found."""
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
        for to in neighbours(v):
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
