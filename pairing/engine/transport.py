"""A maximum-weight transportation plan with its optimal duals (`max_weight_transport`), exact on
integers: generic machinery of the engine, knowing nothing of chess (see `matching`)."""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Transport:
    """An optimal transportation plan's value and optimal duals: `rows[i] + columns[j]` is at
    least the weight of every arc (i, j), and equal to it on every arc the plan uses."""

    value: int
    rows: tuple[int, ...]
    columns: tuple[int, ...]


def max_weight_transport(
    supply: Sequence[int], demand: Sequence[int], weight: Mapping[tuple[int, int], int]
) -> Transport | None:
    """A maximum-weight transportation plan: integer flows on the arcs (row, column) of
    `weight`, each row i sending exactly `supply[i]` and each column j receiving exactly
    `demand[j]`, with optimal duals; None when no plan moves everything. Successive shortest
    paths (Bellman-Ford with a queue, exact on integers), for a few dozen rows and columns."""
    if sum(supply) != sum(demand):
        return None
    rows = len(supply)
    arcs: list[list[tuple[int, int]]] = [[] for _ in range(rows + len(demand))]
    for (i, j), w in weight.items():
        arcs[i].append((rows + j, -w))
    flow: dict[tuple[int, int], int] = {}
    left, wanted = list(supply), list(demand)
    value = 0
    while any(left):
        start: list[int | None] = [0 if s else None for s in left]
        cost, came = _shortest(arcs, flow, rows, start + [None] * len(wanted))
        ends = [j for j, w in enumerate(wanted) if w and cost[rows + j] is not None]
        if not ends:
            return None
        node = rows + min(ends, key=lambda j: cost[rows + j] or 0)
        path = [node]
        while came[node] != -1:
            node = came[node]
            path.append(node)
        path.reverse()
        steps = list(itertools.pairwise(path))
        amount = min(left[path[0]], wanted[path[-1] - rows])
        for a, b in steps:
            if a >= rows:  # a column back to a row: cancel flow
                amount = min(amount, flow[(b, a - rows)])
        for a, b in steps:
            arc, change = ((a, b - rows), amount) if a < rows else ((b, a - rows), -amount)
            flow[arc] = flow.get(arc, 0) + change
            if not flow[arc]:
                del flow[arc]
            value += change * weight[arc]
        left[path[0]] -= amount
        wanted[path[-1] - rows] -= amount
    cost, _ = _shortest(arcs, flow, rows, [0 for _ in arcs])
    return Transport(
        value,
        tuple(c or 0 for c in cost[:rows]),
        tuple(-(c or 0) for c in cost[rows:]),
    )


def _shortest(
    arcs: Sequence[Sequence[tuple[int, int]]],
    flow: Mapping[tuple[int, int], int],
    rows: int,
    start: list[int | None],
) -> tuple[list[int | None], list[int]]:
    """Shortest paths in the residual graph of a transportation plan (rows, then columns):
    each arc row -> column at its cost, and back from the column at minus its cost where flow
    runs; from the nodes whose `start` distance is given. Distances and predecessors."""
    cost = list(start)
    came = [-1] * len(arcs)
    back: list[list[tuple[int, int]]] = [[] for _ in arcs]
    for i, own in enumerate(arcs[:rows]):
        for column, c in own:
            if (i, column - rows) in flow:
                back[column].append((i, -c))
    queue = deque(v for v, c in enumerate(cost) if c is not None)
    queued = [c is not None for c in cost]
    while queue:
        node = queue.popleft()
        queued[node] = False
        here = cost[node]
        assert here is not None
        for other, c in arcs[node] if node < rows else back[node]:
            known = cost[other]
            if known is None or here + c < known:
                cost[other], came[other] = here + c, node
                if not queued[other]:
                    queued[other] = True
                    queue.append(other)
    return cost, came
