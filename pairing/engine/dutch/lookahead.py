"""The look-ahead of C.04.3 (2025) 2.8 [C8]: the downfloaters of a bracket are judged by how
the next bracket can be paired under [C1]-[C7], completion [C4] included.

The next bracket (the downfloaters as its MDPs, then the next scoregroup) is valued by the
number of its players left unpaired ([C6]), then their scores, high to low ([C7]); a pairing of
it counts only when its own downfloaters and every lower player can still complete the round
([C4]; [C5] through the PAB eligibility). The value of the next bracket alone is a lower bound;
it is exact when its best pairing leaves a completable round, which a cardinality matching
checks, so the weighted matching over every lower player is only needed otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.dutch.players import PlayerFacts
from pairing.engine.matching import (
    MatchingGraph,
    augmentable,
    max_cardinality_matching,
    max_weight_matching,
)

Compatible = Callable[[PlayerFacts, PlayerFacts], bool]
Completable = Callable[[Sequence[PlayerFacts]], bool]
Quality = tuple[int, int, tuple[int, ...]]


class NextBracket:
    """The players after a bracket: the next scoregroup (`residents`) and all `lower` ones;
    `candidates` are the players of the bracket, who may float into the next one."""

    def __init__(
        self,
        residents: Sequence[PlayerFacts],
        lower: Sequence[PlayerFacts],
        compatible: Compatible,
        completable: Completable,
        candidates: Sequence[PlayerFacts],
    ) -> None:
        self.residents = residents
        self.lower = lower
        self.compatible = compatible
        self.completable = completable
        scores = sorted({p.score for p in [*candidates, *residents]})
        self._rank = {score: k for k, score in enumerate(scores)}
        self._base = len(candidates) + len(residents) + 2
        self._pair_gain: int = self._base ** (len(scores) + 1)
        self._residents_graph: MatchingGraph | None = None
        self._adjacent: list[list[int]] | None = None
        self._residents_mate: list[int] | None = None
        self._lower_completable: bool | None = None

    @property
    def later(self) -> list[PlayerFacts]:
        """Every player after the bracket."""
        return [*self.residents, *self.lower]

    def value(self, floaters: Sequence[PlayerFacts]) -> Quality:
        """[C8] (2025) for these downfloaters: (players of the next bracket left unpaired, 0,
        their scores high to low); one that cannot complete the round is worse than any other."""
        bracket = [*floaters, *self.residents]
        if not bracket:
            return 0, 0, ()
        if len(floaters) == 1:
            ideal = self._ideal_with(floaters[0])
            if ideal is not None:
                return ideal
        quality, unpaired = self._alone(floaters)
        if self.completable([*unpaired, *self.lower]):
            return quality
        return _value(bracket, len(floaters), self.lower, self.compatible)[0]

    def _ideal_with(self, floater: PlayerFacts) -> Quality | None:
        """The best value for one downfloater when a cardinality argument shows it is reached
        with a completable round (else None: the weighted matchings decide): the floater
        paired, the residents all paired but the parity, the lower players completing."""
        residents = self.residents
        count = len(residents)
        partners = [i for i, resident in enumerate(residents) if self.compatible(floater, resident)]
        if not partners:
            return None
        adjacent = self._resident_adjacency()
        if self._residents_mate is None:
            sets = [set(own) for own in adjacent]
            self._residents_mate = max_cardinality_matching(count, lambda i, j: j in sets[i])
        mate = self._residents_mate
        exposed = [i for i in range(count) if mate[i] == -1]
        if len(exposed) != count % 2:
            return None
        if count % 2 == 0:
            # The floater takes a partner, whose mate is left over for the lower players.
            leftover = residents[mate[partners[0]]]
            if not self.completable([leftover, *self.lower]):
                return None
            return 1, 0, (int(leftover.score),)
        chosen = set(partners)

        def neighbours(v: int) -> list[int]:
            if v == count:
                return partners
            return adjacent[v] + ([count] if v in chosen else [])

        if exposed[0] not in chosen and not augmentable(count, count + 1, neighbours, [*mate, -1]):
            return None
        if self._lower_completable is None:
            self._lower_completable = self.completable(self.lower)
        return (0, 0, ()) if self._lower_completable else None

    def _resident_adjacency(self) -> list[list[int]]:
        if self._adjacent is None:
            residents = self.residents
            self._adjacent = [[] for _ in residents]
            for i, a in enumerate(residents):
                for j in range(i + 1, len(residents)):
                    if self.compatible(a, residents[j]):
                        self._adjacent[i].append(j)
                        self._adjacent[j].append(i)
        return self._adjacent

    def _weight(self, a: PlayerFacts, b: PlayerFacts) -> int:
        cost: int = self._base ** self._rank[a.score] + self._base ** self._rank[b.score]
        return self._pair_gain + cost

    def _alone(self, floaters: Sequence[PlayerFacts]) -> tuple[Quality, list[PlayerFacts]]:
        """The best pairing of the next bracket on its own ([C6], then [C7]): the residents'
        pairs are weighed once, each set of downfloaters adds its own edges."""
        residents = self.residents
        if self._residents_graph is None:
            edges = [
                (i, j, self._weight(a, residents[j]))
                for i, a in enumerate(residents)
                for j in range(i + 1, len(residents))
                if self.compatible(a, residents[j])
            ]
            self._residents_graph = MatchingGraph(edges, len(residents))
        count = len(residents)
        added = [
            (i, count + k, self._weight(floater, resident))
            for k, floater in enumerate(floaters)
            for i, resident in enumerate(residents)
            if self.compatible(floater, resident)
        ]
        _, mates = self._residents_graph.best(set(), added)
        players = [*residents, *floaters]
        unpaired = [p for i, p in enumerate(players) if i not in mates]
        scores = tuple(sorted((int(p.score) for p in unpaired), reverse=True))
        return (len(unpaired), 0, scores), unpaired


def _value(
    bracket: Sequence[PlayerFacts],
    mdps: int,
    lower: Sequence[PlayerFacts] | None,
    compatible: Compatible,
) -> tuple[Quality, list[PlayerFacts]]:
    """The best pairing of `bracket` ([C6], then [C7]); with `lower` (possibly empty), only
    among those that pair every player of the round but the PAB receiver ([C4])."""
    completing = lower is not None
    players = [*bracket, *(lower or ())]
    n = len(bracket)
    ranks = {score: k for k, score in enumerate(sorted({p.score for p in bracket}))}
    base = n + 2
    cost = [base ** ranks[p.score] for p in bracket]
    pair_gain = base ** (len(ranks) + 1)
    complete = pair_gain * (n + 1) if completing else 0
    bye = len(players)
    with_bye = completing and len(players) % 2 == 1
    edges: list[tuple[int, int, int]] = []
    for i in range(len(players)):
        for j in range(i + 1, len(players)):
            if not compatible(players[i], players[j]):
                continue
            if j < n and j >= mdps:
                edges.append((i, j, complete + pair_gain + cost[i] + cost[j]))
            elif completing:
                edges.append((i, j, complete))
        if with_bye and players[i].bye_eligible:
            edges.append((i, bye, complete))
    _, mates = max_weight_matching(edges)
    missing = len(players) + int(with_bye) - len(mates) if completing else 0
    unpaired = [i for i in range(n) if not (mdps <= max(i, mates.get(i, n)) < n)]
    scores = tuple(sorted((int(bracket[i].score) for i in unpaired), reverse=True))
    return (missing * (n + 1) + len(unpaired), 0, scores), [bracket[i] for i in unpaired]
