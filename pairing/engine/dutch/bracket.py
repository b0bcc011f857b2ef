"""Pairing one bracket, C.04.3 B.1-B.8, with the generation order of section D.

The best candidate is the earliest generated (B.6/B.7, D.1-D.3) among those with the best
failure values (B.8). The best values are computed ahead with one maximum-weight matching over
the bracket and all lower players (`criteria`): its weight `target` is what the accepted
candidate must reach. The generation order is then walked with pruning: a choice (an S1
set, an exchange, the opponent of an S1 player) is kept only when some completion of it still
reaches the target, so the first complete candidate reached is the answer (B.4: "perfect").
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace

from pairing.engine.api import NoValidPairing
from pairing.engine.dutch.criteria import Layout, Weights
from pairing.engine.dutch.downfloaters import next_bracket_criterion
from pairing.engine.dutch.edition import DUTCH_2017_RULES, EditionRules
from pairing.engine.dutch.lookahead import NextBracket
from pairing.engine.dutch.perfect import perfect_candidate
from pairing.engine.dutch.players import PlayerFacts
from pairing.engine.dutch.walk import heterogeneous, remainder
from pairing.engine.matching import BipartiteMatching, MatchingGraph
from tournaments.domain.messages import Message, gettext_noop

Allowed = Callable[[int, int], bool]
"""Whether the bracket may pair vertices i < j together in the structure being walked."""


@dataclass(frozen=True, slots=True)
class BracketPairing:
    """The accepted candidate: pairs (higher-ranked first) and the downfloaters (A.4.a)."""

    pairs: tuple[tuple[PlayerFacts, PlayerFacts], ...]
    floaters: tuple[PlayerFacts, ...]
    max_pairs: int
    paired_mdps: int
    rejected: tuple[Rejection, ...] = ()


@dataclass(frozen=True, slots=True)
class Rejection:
    """A candidate generated before the accepted one and why it lost (B.8): the first
    criterion on which it is worse (an index of `criteria.CRITERIA`, or -1 for C.7, the
    downfloaters' next bracket), with its total and the accepted one's."""

    pairs: tuple[tuple[PlayerFacts, PlayerFacts], ...]
    criterion: int
    total: int
    accepted: int


@dataclass(frozen=True, slots=True)
class Partners:
    """The players of a bracket whom player `own` may meet: all but `barred` (C.1, C.3), which
    are few, so a big bracket keeps a small set per player."""

    bracket: Sequence[int]
    own: int
    barred: frozenset[int]

    def __contains__(self, other: object) -> bool:
        return (
            isinstance(other, int)
            and 0 <= other < len(self.bracket)
            and other != self.own
            and other not in self.barred
        )

    def __iter__(self) -> Iterator[int]:
        return (j for j in self.bracket if j != self.own and j not in self.barred)


class BracketSearch:
    """Searches one bracket: `layout.players[:mdps]` are its MDPs, then its residents."""

    def __init__(
        self,
        layout: Layout,
        weights: Weights,
        compatible: Callable[[PlayerFacts, PlayerFacts], bool],
        mdps: int,
        next_residents: Sequence[PlayerFacts],
        next_is_last: bool,
        rules: EditionRules = DUTCH_2017_RULES,
        next_bracket: NextBracket | None = None,
    ) -> None:
        self.rules = rules
        self.next_bracket = next_bracket
        self.layout = layout
        self.weights = weights
        self.mdps = mdps
        self.compatible = compatible
        self.next_residents = next_residents
        self.next_is_last = next_is_last
        self.floatable: frozenset[int] | None = None
        self.tied_floaters: list[frozenset[int]] = []
        """C.7/[C8]: sets of downfloaters that tie on every criterion (`downfloaters`); the
        candidate generated first (B.8) among those floating exactly one of them wins."""
        self.order_key: list[int] = []
        """Where the last walk's candidate stands in generation order (D.1-D.3), compared
        lexicographically between walks of the same bracket."""
        self.pab_by_unplayed = False
        """C.04.3 (2025) 2.9 [C9]: the PAB's score ([C5]) is at least this bracket's, so a
        single downfloater is the PAB receiver, and of the single downfloaters that [C6]-[C8]
        leave, those with the fewest unplayed rounds are chosen (`downfloaters`)."""
        self.completing = False
        self.exchanges_by_matching = layout.collapsed
        """D.2 by `exchanges.first_exchange` rather than by walking the exchanges in order: the
        collapsed last bracket, whose best PSD may need many exchanges (A.8, A.9)."""
        players = layout.players
        self.size = layout.bracket_size
        self.bye = len(players) if layout.with_bye else -1
        # Edges that do not depend on the structure being walked (any end outside the bracket),
        # and the bracket's own pairs; built when the first matching is needed.
        self.outer: list[tuple[int, int, int]] = []
        self.inner: dict[tuple[int, int], int] = {}
        self._built = False
        self._partners: dict[int, Partners] = {}
        self.examined: list[tuple[tuple[int, int], ...]] | None = None
        """With an explanation: the first legal candidate of each S1/S2 split tried (D.1)."""
        self._graphs: dict[tuple[Allowed, frozenset[int] | None, int], MatchingGraph] = {}
        self.vertex_count = len(players) + (1 if layout.with_bye else 0)
        self._vertex = tuple(range(self.vertex_count))
        self._bracket = self._vertex[: self.size]

    def _build(self) -> None:
        players, weights = self.layout.players, self.weights
        # One int object per vertex number, shared by every pair and partner set that names
        # it (numbers above 256 are otherwise a new object each time range() yields them).
        vertex = self._vertex
        barred: list[set[int]] = [set() for _ in range(self.size)]
        for i in vertex[: len(players)]:
            higher = players[i]
            for j in vertex[i + 1 : len(players)]:
                lower = players[j]
                if not self.compatible(higher, lower):
                    if j < self.size:
                        barred[i].add(j)
                        barred[j].add(i)
                    continue
                if j < self.size:
                    self.inner[(i, j)] = weights.internal(higher, lower)
                else:
                    self.outer.append((i, j, weights.completion()))
            if self.layout.with_bye:
                bye_weight = weights.bye(players[i])
                if bye_weight is not None:
                    self.outer.append((i, self.bye, bye_weight))
        for i, own in enumerate(barred):
            self._partners[i] = Partners(self._bracket, i, frozenset(own))
        self._built = True

    def partners(self, i: int) -> Partners:
        """The players of the bracket whom player `i` may meet (C.1, C.3), found once."""
        known = self._partners.get(i)
        if known is None:
            players = self.layout.players
            player = players[i]
            bracket = self._bracket
            known = self._partners[i] = Partners(
                bracket,
                i,
                frozenset(j for j in bracket if j != i and not self.compatible(player, players[j])),
            )
        return known

    def can_pair(self, i: int, j: int) -> bool:
        """Whether players `i` and `j` of the bracket may meet (C.1, C.3)."""
        return j in self.partners(i)

    def value(
        self, fixed: Sequence[tuple[int, int]], allowed: Allowed
    ) -> tuple[int, dict[int, int]]:
        """The best weight reachable with the `fixed` pairs, pairing inside the bracket only
        what `allowed` permits; pairs of the bracket not allowed may still meet later."""
        best, mates = self._graph(allowed).best({v for pair in fixed for v in pair})
        return self._fixed_weight(fixed) + best, mates

    def _graph(self, allowed: Allowed, scale: int = 1) -> MatchingGraph:
        """The graph of `value` for `allowed`, built once (the last few are kept)."""
        key = (allowed, self.floatable, scale)
        graph = self._graphs.get(key)
        if graph is None:
            if len(self._graphs) > 3:
                self._graphs.clear()
            graph = self._graphs[key] = MatchingGraph(
                self._edges(allowed), self.vertex_count, scale
            )
        return graph

    def _fixed_weight(self, fixed: Sequence[tuple[int, int]]) -> int:
        staying = self._staying()
        return sum(self._inner(min(a, b), max(a, b), staying) for a, b in fixed)

    def best_opponents(
        self,
        fixed: Sequence[tuple[int, int]],
        allowed: Allowed,
        players: Sequence[int],
        s2: Sequence[int],
        radix: int,
        scale: int,
    ) -> list[int]:
        """D.1 for the next `players` of S1, in order: each one's first opponent in `s2` with
        which the target can still be reached, given the choices before it.

        One matching decides them all: below every criterion (the weights are multiplied by
        `scale`), a digit per player (the first player's most significant) charges each edge
        the opponent's rank in `s2`, so the best matching is the one reaching the target with
        the lexicographically first ranks.
        """
        rank = {opponent: k for k, opponent in enumerate(s2)}
        adjusted: dict[tuple[int, int], int] = {}
        unit = scale
        for player in players:
            unit //= radix
            for opponent in self.partners(player):
                edge = (min(player, opponent), max(player, opponent))
                if opponent in rank and allowed(*edge):
                    adjusted[edge] = -rank[opponent] * unit
        graph = self._graph(allowed, scale)
        best, mates = graph.best({v for pair in fixed for v in pair}, adjusted=adjusted)
        if self._fixed_weight(fixed) * scale + best <= (self.target - 1) * scale:
            raise AssertionError("the transposition lost the target it had reached")
        return [mates[player] for player in players]

    def reaches_scaled(
        self, fixed: Sequence[tuple[int, int]], allowed: Allowed, scale: int
    ) -> bool:
        """`reaches` on the graph multiplied by `scale` (one graph serves the whole walk)."""
        return self.scaled_value(fixed, allowed, scale, {}) == self.target * scale

    def scaled_value(
        self,
        fixed: Sequence[tuple[int, int]],
        allowed: Allowed,
        scale: int,
        adjusted: dict[tuple[int, int], int],
    ) -> int:
        """`value` multiplied by `scale`, with the weights of pairs (i, j), i < j, changed by
        `adjusted[(i, j)]` (below the scale: tie-breaks among the best candidates)."""
        graph = self._graph(allowed, scale)
        best, _ = graph.best({v for pair in fixed for v in pair}, adjusted=adjusted)
        return self._fixed_weight(fixed) * scale + best

    def weight_bound(self) -> int:
        """An upper bound of every edge weight `value` may use."""
        if not self._built:
            self._build()
        bonus = self.weights.completion() * (self.vertex_count + 1)
        largest = max((abs(w) for w in self.inner.values()), default=0)
        return largest + 2 * bonus + max((abs(w) for _, _, w in self.outer), default=0)

    def _staying(self) -> frozenset[int]:
        """The players who must not float (C.7): everyone outside `floatable`, when set."""
        if self.floatable is None:
            return frozenset()
        return frozenset(v for v in range(self.size) if v not in self.floatable)

    def _inner(self, i: int, j: int, staying: frozenset[int]) -> int:
        """A pair of the bracket; players who must not float gain more from it than anything
        else the matching could gain."""
        bonus = self.weights.completion() * (self.vertex_count + 1)
        return self.inner[(i, j)] + bonus * ((i in staying) + (j in staying))

    def _edges(self, allowed: Allowed) -> Iterator[tuple[int, int, int]]:
        """The graph of `value` before any pair is fixed (made as it is read: at 4000 players
        a bracket has two million pairs)."""
        if not self._built:
            self._build()
        staying = self._staying()
        completion = self.weights.completion()
        yield from ((i, j, w) for i, j, w in self.outer if i not in staying and j not in staying)
        if not staying and not self.completing:
            yield from ((i, j, w) for (i, j), w in self.inner.items() if allowed(i, j))
            return
        if not staying:
            yield from (
                (i, j, w if allowed(i, j) else completion) for (i, j), w in self.inner.items()
            )
            return
        for i, j in self.inner:
            if allowed(i, j):
                yield (i, j, self._inner(i, j, staying))
            elif self.completing and i not in staying and j not in staying:
                yield (i, j, completion)

    def solve(self, *, completing: bool) -> BracketPairing:
        """B.1-B.8 for this bracket.

        `completing`: the layout holds every player still to pair and the candidate must let
        them complete the round (the PPB's C.4, or the last bracket's PAB under C.2); C.7 is
        then not applied. Otherwise the layout holds the bracket alone and C.7 applies.
        """
        self.completing = completing
        perfect = perfect_candidate(self, completing=completing)
        if perfect is not None:
            return self._result(perfect, len(perfect), sum(1 for i, _ in perfect if i < self.mdps))
        target, mates = self.value([], self.default)
        if completing and len(mates) < self.vertex_count - self.vertex_count % 2:
            raise NoValidPairing(Message(gettext_noop("the round cannot be completed (A.9)")))
        floating = [i for i in range(self.size) if not self._paired_inside(i, mates)]
        lookahead = not completing or self.rules.lookahead_in_every_bracket
        if floating and self.next_residents and lookahead:
            target, mates = next_bracket_criterion(self, target, len(floating))
        tied = len(self.tied_floaters) > 1
        pairs, result = self._first_of_tied() if tied else self._walk(target, mates)
        if self.examined:
            return replace(result, rejected=self._rejections(pairs))
        return result

    def _walk(
        self, target: int, mates: dict[int, int]
    ) -> tuple[list[tuple[int, int]], BracketPairing]:
        """The first candidate in generation order (B.6, B.7) reaching `target`, the value of
        the best matching `mates`."""
        inside = [(i, mates[i]) for i in range(self.size) if i < mates.get(i, -1) < self.size]
        inside = [(i, j) for i, j in inside if self.default(i, j)]
        max_pairs = len(inside)
        paired_mdps = sum(1 for i, _ in inside if i < self.mdps)
        self.target = target
        self.order_key = []
        residents = list(range(self.mdps, self.size))
        if paired_mdps == 0:
            pairs = remainder(self, [], residents, max_pairs)
        else:
            pairs = heterogeneous(self, residents, paired_mdps, max_pairs)
        return pairs, self._result(pairs, max_pairs, paired_mdps)

    def _first_of_tied(self) -> tuple[list[tuple[int, int]], BracketPairing]:
        """B.8 between sets of downfloaters equal on every criterion: each set's first
        candidate, and of those the one generated first."""
        explaining = self.examined is not None
        best = None
        for floaters in self.tied_floaters:
            self.floatable = floaters
            self.examined = [] if explaining else None  # the candidates of this walk only
            pairs, found = self._walk(*self.value([], self.default))
            if best is None or self.order_key < best[0]:
                best = (self.order_key, pairs, found, floaters, self.examined)
        assert best is not None
        self.order_key, pairs, result, self.floatable, self.examined = best
        self.target = self.value([], self.default)[0]
        return pairs, result

    def _rejections(
        self, accepted: Sequence[tuple[int, int]], limit: int = 3
    ) -> tuple[Rejection, ...]:
        """Why the first candidates examined before `accepted` lost (for the explanation)."""

        def nothing(i: int, j: int) -> bool:
            return False

        def totals(pairs: Sequence[tuple[int, int]]) -> list[int]:
            return self.weights.digits(self.value(pairs, nothing)[0])

        best = totals(accepted)
        players = self.layout.players
        found: list[Rejection] = []
        seen: set[frozenset[tuple[int, int]]] = set()
        for candidate in self.examined or ():
            pairs = frozenset((min(i, j), max(i, j)) for i, j in candidate)
            if pairs == {(min(i, j), max(i, j)) for i, j in accepted} or len(found) == limit:
                break
            if pairs in seen:
                continue
            seen.add(pairs)
            paired = {v for pair in candidate for v in pair}
            floaters = {v for v in range(self.size) if v not in paired}
            own = totals(candidate)
            if self.floatable is not None and not floaters <= self.floatable:
                criterion, total, reached = -1, 0, 0
            else:
                worse = [k for k in range(len(own)) if own[k] != best[k]]
                if not worse:
                    continue
                criterion = worse[0]
                total, reached = own[criterion], best[criterion]
            found.append(
                Rejection(
                    tuple((players[min(i, j)], players[max(i, j)]) for i, j in candidate),
                    criterion,
                    total,
                    reached,
                )
            )
        return tuple(found)

    def _result(
        self, pairs: Sequence[tuple[int, int]], max_pairs: int, paired_mdps: int
    ) -> BracketPairing:
        paired = {v for pair in pairs for v in pair}
        players = self.layout.players
        return BracketPairing(
            pairs=tuple((players[min(i, j)], players[max(i, j)]) for i, j in pairs),
            floaters=tuple(players[i] for i in range(self.size) if i not in paired),
            max_pairs=max_pairs,
            paired_mdps=paired_mdps,
        )

    def _paired_inside(self, i: int, mates: dict[int, int]) -> bool:
        mate = mates.get(i, -1)
        return 0 <= mate < self.size and self.default(min(i, mate), max(i, mate))

    def default(self, i: int, j: int) -> bool:
        """B.1.b: MDPs are not paired with each other inside the bracket."""
        return not (i < self.mdps and j < self.mdps)

    def reaches(self, fixed: Sequence[tuple[int, int]], allowed: Allowed) -> bool:
        return self.value(fixed, allowed)[0] == self.target

    def first_legal(
        self, s1: list[int], s2: list[int], prefix: list[tuple[int, int]]
    ) -> list[tuple[int, int]] | None:
        """The first transposition of `s2` (D.1) pairing every player of `s1` legally."""
        matching = BipartiteMatching(s1, s2, self.partners)
        if not matching.complete:
            return None
        chosen = list(prefix)
        for player in s1:
            for opponent in matching.neighbours[player]:
                if opponent not in matching.frozen and matching.fix(player, opponent):
                    chosen.append((player, opponent))
                    break
        return chosen
