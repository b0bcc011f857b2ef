"""B.4 when the first candidate misses a criterion: the first candidate in generation order
(B.6, B.7, D.1) among those with the bracket's best values (B.8), found without a weighted
matching of the bracket's pairs when the players' kinds prove it.

The weight of a pair (`criteria.Weights`, C.5-C.19) depends on the two players' kinds only,
and so does C.3; C.1 and the forbidden pairs only remove pairs. The players of one kind are
interchangeable but for the pairs removed, so the bracket's problems shrink to transportation
problems between kinds (`matching.max_weight_transport`):

1. a bound of every candidate: the bracket paired with a copy of itself, each pair counted
   twice, so its optimum is at least twice the best value of the bracket;
2. the best pairing of the (remainder's) S1 with its S2, and its duals: a share of each
   pair's weight for each kind.

Each MDP (B.7) takes the first resident (D.1) with which the bound of the players still
unpaired is unchanged; a resident that lowers it cannot reach the best value. When twice the
MDP pairs and the remainder's S1/S2 optimum then reach the bound, it is the bracket's best
value, and (complementary slackness) the remainder's pairings reaching it are exactly the
complete matchings of S1 into S2 made of pairs whose weight equals the sum of the two kinds'
duals. The first of them in D.1 order is built by fixing the S1 players one by one in an
incremental bipartite matching. Whenever a step cannot be taken (the removed pairs bind, the
bound is not reached), None: the bracket goes to the weighted matchings (`bracket`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pairing.engine.dutch.absolute import same_absolute_preference
from pairing.engine.dutch.players import PlayerFacts
from pairing.engine.matching import BipartiteMatching
from pairing.engine.transport import Transport, max_weight_transport

if TYPE_CHECKING:
    from pairing.engine.dutch.bracket import BracketSearch


def optimal_candidate(search: BracketSearch) -> list[tuple[int, int]] | None:
    """The first candidate of a bracket with its best values (B.4, B.8): every MDP paired,
    each with the first resident that can still reach them (B.7, D.1), then the first
    transposition of the remainder's original S1/S2 (D.1); when the kinds prove it (see the
    module docstring), else None."""
    layout, size, mdps = search.layout, search.size, search.mdps
    if len(layout.players) != size or layout.collapsed or 2 * mdps > size:
        return None
    if search.examined is not None or search.floatable is not None:
        return None
    spare = size % 2
    if layout.with_bye and not spare:
        return None
    kinds = _Kinds(search)
    remaining = set(range(size))
    bound = kinds.bound(remaining, spare)
    if bound is None:
        return None
    fixed: list[tuple[int, int]] = []
    weight = 0
    for mdp in range(mdps):
        remaining.discard(mdp)
        lowering: set[int] = set()  # kinds of residents with which the bound drops
        for resident in sorted(remaining - set(range(mdps))):
            kind = kinds.of[resident]
            if kind in lowering or not search.can_pair(mdp, resident):
                continue
            gain = kinds.weight[(kinds.of[mdp], kind)]
            others = kinds.bound(remaining - {resident}, spare)
            if others is None or 2 * (weight + gain) + others.value != bound.value:
                lowering.add(kind)
            else:
                fixed.append((mdp, resident))
                weight += gain
                remaining.discard(resident)
                break
        else:
            return None
    rest = sorted(remaining)
    s1, s2 = rest[: len(rest) // 2], rest[len(rest) // 2 :]
    best = kinds.pairing(s1, s2, spare)
    if best is None or 2 * (weight + best.transport.value) != bound.value:
        return None
    remainder = kinds.first_transposition(s1, s2, best)
    return None if remainder is None else [*fixed, *remainder]


@dataclass(frozen=True, slots=True)
class _Plan:
    """A transportation problem between the kinds of two sides and its optimum; the last row
    (and with two copies of the bracket the last column) stands for the player left over."""

    rows: list[int]
    columns: list[int]
    spare: int
    transport: Transport


class _Kinds:
    """The bracket's players grouped by kind (and PAB eligibility when there is a PAB)."""

    def __init__(self, search: BracketSearch) -> None:
        self.search = search
        players = search.layout.players
        with_bye = search.layout.with_bye
        index: dict[tuple[int, bool, bool], int] = {}
        self.of: list[int] = []
        representative: list[PlayerFacts] = []
        for v, player in enumerate(players[: search.size]):
            key = (search.weights.kind(player), with_bye and player.bye_eligible, v < search.mdps)
            if key not in index:
                index[key] = len(representative)
                representative.append(player)
            self.of.append(index[key])
        self.mdp = [key[2] for key in index]
        self.score = [p.score for p in representative]
        weights = search.weights
        left_over: Callable[[PlayerFacts], int | None] = weights.bye if with_bye else _floats
        self.left_over = [left_over(p) for p in representative]
        self.weight: dict[tuple[int, int], int] = {}
        """Pairs of kinds (the first one the higher-ranked) C.3 and B.1.b allow: weights."""
        for a, higher in enumerate(representative):
            for b, lower in enumerate(representative):
                if not (self.mdp[a] and self.mdp[b]) and not same_absolute_preference(
                    higher, lower
                ):
                    self.weight[(a, b)] = weights.internal(higher, lower)

    def pairing(self, s1: Sequence[int], s2: Sequence[int], spare: int) -> _Plan | None:
        """The best pairing of `s1` (higher-ranked) with `s2` by kinds, `spare` player of `s2`
        left over with its float or PAB weight."""
        rows, columns = self._count(s1), self._count(s2)
        row_kinds, column_kinds = list(rows), list(columns)
        weight = {
            (i, j): self.weight[(a, b)]
            for i, a in enumerate(row_kinds)
            for j, b in enumerate(column_kinds)
            if (a, b) in self.weight
        }
        supply, demand = list(rows.values()), list(columns.values())
        if spare:
            self._left_over(weight, len(supply), column_kinds, rows=True)
            supply.append(1)
        transport = max_weight_transport(supply, demand, weight)
        return None if transport is None else _Plan(row_kinds, column_kinds, spare, transport)

    def bound(self, vertices: set[int], spare: int) -> Transport | None:
        """At least twice the value of every matching of `vertices` leaving `spare` player
        over: the players paired with a copy of themselves. None when none exists, or when a
        pair's weight depends on which of two equal scores ranks higher."""
        count = self._count(sorted(vertices))
        kinds = list(count)
        weight: dict[tuple[int, int], int] = {}
        for i, a in enumerate(kinds):
            for j, b in enumerate(kinds):
                forward, backward = self.weight.get((a, b)), self.weight.get((b, a))
                if self.score[a] == self.score[b] and forward != backward:
                    return None
                w = forward if self.score[a] >= self.score[b] else backward
                if w is not None and (a != b or count[a] > 1):
                    weight[(i, j)] = w
        sides = list(count.values())
        if spare:
            self._left_over(weight, len(sides), kinds, rows=True)
            self._left_over(weight, len(sides), kinds, rows=False)
        sides += [1] if spare else []
        return max_weight_transport(sides, sides, weight)

    def _left_over(
        self, weight: dict[tuple[int, int], int], spare: int, kinds: list[int], *, rows: bool
    ) -> None:
        """The arcs of the player left over (index `spare`): its float or PAB weight."""
        for k, kind in enumerate(kinds):
            if (w := self.left_over[kind]) is not None:
                weight[(spare, k) if rows else (k, spare)] = w

    def _count(self, vertices: Sequence[int]) -> dict[int, int]:
        count: dict[int, int] = {}
        for v in vertices:
            count[self.of[v]] = count.get(self.of[v], 0) + 1
        return count

    def first_transposition(
        self, s1: Sequence[int], s2: Sequence[int], best: _Plan
    ) -> list[tuple[int, int]] | None:
        """D.1: the S1 players in order, each with the first opponent of S2 that leaves a
        complete matching of tight pairs (see the module docstring)."""
        duals = best.transport
        column = {kind: j for j, kind in enumerate(best.columns)}
        tight = {
            (a, b)
            for i, a in enumerate(best.rows)
            for b, j in column.items()
            if self.weight.get((a, b)) == duals.rows[i] + duals.columns[j]
        }
        spare_dual = duals.rows[-1] if best.spare else 0
        spare_tight = {
            b for b, j in column.items() if self.left_over[b] == spare_dual + duals.columns[j]
        }
        search, of = self.search, self.of
        unclean: set[int] = set()
        spare_vertex = search.size

        def partners(u: int) -> set[int]:
            if u == spare_vertex:
                return {v for v in s2 if of[v] in spare_tight}
            own = set()
            for v in s2:
                if (of[u], of[v]) in tight:
                    if search.can_pair(u, v):
                        own.add(v)
                    else:
                        unclean.update((u, v))
            return own

        left = [*s1, spare_vertex] if best.spare else list(s1)
        matching = BipartiteMatching(left, s2, partners)
        if not matching.complete:
            return None
        pairs: list[tuple[int, int]] = []
        failed: set[tuple[int, int]] = set()
        for u in s1:
            tried: set[int] = set()
            for v in matching.neighbours[u]:
                if v in matching.frozen:
                    continue
                clean = v not in unclean
                kinds = (of[u], of[v]) if clean and u not in unclean else None
                if clean and (of[v] in tried or kinds in failed):
                    continue
                if matching.fix(u, v):
                    pairs.append((u, v))
                    break
                # Interchangeable opponents fail alike, for this player and for every later
                # player of its kind (fixing pairs only removes options).
                if clean:
                    tried.add(of[v])
                if kinds is not None:
                    failed.add(kinds)
            else:
                raise AssertionError("a complete matching lost its completion")
        return pairs


def _floats(player: PlayerFacts) -> int:
    """A player left over in a bracket that does not complete the round floats: weight 0."""
    return 0
