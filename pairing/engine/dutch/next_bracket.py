"""C.04.3 C.7: the downfloaters of a bracket judged by how well the next bracket can be paired
under C.1-C.3 alone (`NextBracketQuality`), where the search has no 2025 look-ahead
(`lookahead.NextBracket`, see `downfloaters`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pairing.engine.dutch.players import PlayerFacts
from pairing.engine.matching import MatchingGraph, augmentable, max_cardinality_matching


class NextBracketQuality:
    """C.7: how well the next bracket (the downfloaters as its MDPs, then the next scoregroup)
    can be paired under C.1-C.3 alone: the number of players left unpaired, then (when it is the
    last bracket, whose unpaired player gets the PAB) those not eligible for the PAB (C.2),
    then the PSD (A.8, sorted high to low). Lower is better.

    Built once for the next scoregroup and every player who may float into it (`candidates`):
    the residents' own pairs are weighed once, each set of downfloaters adds its edges.
    """

    def __init__(
        self,
        candidates: Sequence[PlayerFacts],
        residents: Sequence[PlayerFacts],
        compatible: Callable[[PlayerFacts, PlayerFacts], bool],
        last: bool,
    ) -> None:
        self.residents = residents
        self.compatible = compatible
        self.last = last
        scores = {p.score for p in [*candidates, *residents]}
        self.artificial = min(scores, default=0) - 2
        values = sorted(
            {*(s - self.artificial for s in scores), *(abs(a - b) for a in scores for b in scores)}
        )
        self.base = len(candidates) + len(residents) + 2
        self.power: dict[int, int] = {value: self.base**k for k, value in enumerate(values)}
        self.ineligible: int = self.base ** (len(values) + 1)
        self.pair_gain: int = self.ineligible * self.base
        self._graph: MatchingGraph | None = None
        self._adjacent: dict[int, list[int]] = {}
        self._residents_mate: list[int] | None = None

    def _residents_graph(self) -> MatchingGraph:
        """The residents' own pairs, weighed once, when a weighted matching is needed (a
        cardinality argument often decides without: `_ideal_with`)."""
        if self._graph is None:
            residents = self.residents
            self._graph = MatchingGraph(
                (
                    (i, j, self._weight(a, residents[j]))
                    for i, a in enumerate(residents)
                    for j in range(i + 1, len(residents))
                    if self.compatible(a, residents[j])
                ),
                len(residents),
            )
        return self._graph

    def _neighbours(self, i: int) -> list[int]:
        """The residents whom resident `i` may meet, listed when first asked."""
        known = self._adjacent.get(i)
        if known is None:
            residents = self.residents
            own = residents[i]
            known = self._adjacent[i] = [
                j for j, other in enumerate(residents) if j != i and self.compatible(own, other)
            ]
        return known

    def _cost(self, player: PlayerFacts) -> int:
        unpaired = self.power[player.score - self.artificial]
        return unpaired + (self.ineligible if self.last and not player.bye_eligible else 0)

    def _weight(self, a: PlayerFacts, b: PlayerFacts) -> int:
        return self.pair_gain + self._cost(a) + self._cost(b) - self.power[abs(a.score - b.score)]

    def __call__(self, floaters: Sequence[PlayerFacts]) -> tuple[int, int, tuple[int, ...]]:
        players = [*self.residents, *floaters]
        if not players:
            return 0, 0, ()
        if len(floaters) == 1:
            ideal = self._ideal_with(floaters[0])
            if ideal is not None:
                return ideal
        count = len(self.residents)
        added = [
            (i, count + k, self._weight(floater, resident))
            for k, floater in enumerate(floaters)
            for i, resident in enumerate(self.residents)
            if self.compatible(floater, resident)
        ]
        _, mates = self._residents_graph().best(set(), added)
        unpaired = [p for i, p in enumerate(players) if i not in mates]
        sds = [p.score - self.artificial for p in unpaired]
        sds += [abs(players[i].score - players[j].score) for i, j in mates.items() if i < j]
        not_eligible = sum(1 for p in unpaired if self.last and not p.bye_eligible)
        return len(unpaired), not_eligible, tuple(sorted(sds, reverse=True))

    def _ideal_with(self, floater: PlayerFacts) -> tuple[int, int, tuple[int, ...]] | None:
        """The best value a next bracket with one downfloater can have, when a cardinality
        argument shows it is reached (else None: the weighted matching decides): the floater
        paired, the residents all paired but one when their number is even (in the last
        bracket one eligible for the PAB, C.2). The residents share one score, so the PSD
        follows from the pairs alone."""
        residents = self.residents
        count = len(residents)
        partners = [i for i, resident in enumerate(residents) if self.compatible(floater, resident)]
        if not partners:
            return None
        if self._residents_mate is None:
            self._residents_mate = max_cardinality_matching(
                count, lambda i, j: self.compatible(residents[i], residents[j])
            )
        mate = self._residents_mate
        exposed = [i for i in range(count) if mate[i] == -1]
        if len(exposed) != count % 2:
            return None
        difference = int(floater.score - residents[0].score)
        if count % 2 == 0:
            # The floater takes any partner, whose mate is left over (an artificial opponent).
            if self.last and not any(residents[mate[p]].bye_eligible for p in partners):
                return None
            sds = sorted([difference, 2] + [0] * (count // 2 - 1), reverse=True)
            return 1, 0, tuple(sds)
        chosen = set(partners)

        def neighbours(v: int) -> list[int]:
            if v == count:
                return partners
            return self._neighbours(v) + ([count] if v in chosen else [])

        if exposed[0] in chosen or augmentable(count, count + 1, neighbours, [*mate, -1]):
            return 0, 0, tuple([difference] + [0] * (count // 2))
        return None


def next_bracket_quality(
    floaters: Sequence[PlayerFacts],
    residents: Sequence[PlayerFacts],
    compatible: Callable[[PlayerFacts, PlayerFacts], bool],
    last: bool,
) -> tuple[int, int, tuple[int, ...]]:
    """C.7 for one set of downfloaters (see `NextBracketQuality`)."""
    return NextBracketQuality(floaters, residents, compatible, last)(floaters)
