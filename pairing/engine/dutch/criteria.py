"""The pairing criteria of C.04.3 C.1-C.19 as edge weights of a maximum-weight matching.

Every candidate of a bracket (B.3) is a matching of the bracket's players; the players left
unpaired float down and, with all lower players, must still complete the round (A.9, C.4).
One graph holds the bracket, every lower player and, for an odd number of players, a vertex
standing for the pairing-allocated bye. The weight of an edge is a list of *gains*, one per
criterion in priority order, packed into one integer so that a maximum-weight matching
optimises the criteria lexicographically:

  completion (A.9, C.2, C.4) > C.5 pairs > C.6 scores paired (PSD) > C.8 > C.9 > C.10 > C.11 >
  C.12 > C.13 > C.14 > C.15 > C.16 > C.17 > C.18 > C.19.

C.7 depends on the set of downfloaters as a whole, not on single pairs: `next_bracket_quality`
evaluates it separately and the search restricts who may float (see `bracket`).

Only edges between two players of the bracket that the bracket may pair together ("internal"
edges) carry the gains of C.5, C.6 and C.8-C.19; the other edges only count for completion.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.players import Float, PlayerFacts
from pairing.engine.matching import max_weight_matching
from tournaments.domain.state import Color


@dataclass(frozen=True, slots=True)
class Layout:
    """The players of a bracket's graph: `players[:bracket_size]` is the bracket (A.2 order),
    the rest are the lower scoregroups; vertex `len(players)` is the PAB when `with_bye`."""

    players: Sequence[PlayerFacts]
    bracket_size: int
    with_bye: bool


class Weights:
    """Packs the per-criterion gains of an edge into one integer (see the module docstring)."""

    def __init__(self, layout: Layout, initial: Color, rounds_played: int) -> None:
        self.layout = layout
        self.initial = initial
        self.rounds_played = rounds_played
        scores = sorted({p.score for p in layout.players})
        self._score_index: dict[int, int] = {
            int(score): index for index, score in enumerate(scores)
        }
        count = len(layout.players) + 2
        self._base = count
        big = count ** len(scores)
        # Largest gain of one edge in each tier, most significant first.
        maxima = [1, 1, big, 2, 2, 2, 2, 2, 1, 2, 1, 2 * big, big, 2 * big, big]
        self._multipliers: list[int] = []
        multiplier = 1
        for maximum in reversed(maxima):
            self._multipliers.append(multiplier)
            multiplier *= maximum * count + 1
        self._multipliers.reverse()

    def _power(self, score: int) -> int:
        return int(self._base ** self._score_index[score])

    def _pack(self, gains: Sequence[int]) -> int:
        return sum(g * m for g, m in zip(gains, self._multipliers, strict=False))

    def completion(self) -> int:
        """An edge that only helps complete the round (A.9)."""
        return self._multipliers[0]

    def bye(self, player: PlayerFacts) -> int | None:
        """The edge to the PAB vertex: only players eligible under C.2."""
        return self._multipliers[0] if player.bye_eligible else None

    def bracket_part(self, weight: int) -> int:
        """The part of a total weight that measures C.5 and C.6 only (the bracket's pairs)."""
        return (weight // self._multipliers[2]) % (self._multipliers[0] // self._multipliers[2])

    def quality_of_pairs(self, weight: int) -> int:
        """The part of a total weight that measures completion, C.5 and C.6 only."""
        return weight // self._multipliers[2]

    def internal(self, higher: PlayerFacts, lower: PlayerFacts) -> int:
        """A pair of the bracket itself: C.5, C.6 and C.8-C.19."""
        c8, c9, c10, c11 = colour_failures(higher, lower, self.initial)
        gains = [1, 1, self._power(higher.score), 2 - c8, 2 - c9, 2 - c10, 2 - c11]
        floats = [0] * 8
        for back in (0, 1):
            if self.rounds_played <= back:
                continue
            down_lower = lower.floats[back] is Float.DOWN
            down_higher = higher.floats[back] is Float.DOWN
            different = higher.score > lower.score
            upfloat_again = different and lower.floats[back] is Float.UP
            # C.12/C.14: players who would receive the same downfloat again.
            floats[2 * back] = int(down_lower) + int(not different and down_higher)
            # C.13/C.15: players who would receive the same upfloat again.
            floats[2 * back + 1] = int(not upfloat_again)
            # C.16/C.18: the scores of those players; C.17/C.19: of their opponents.
            floats[4 + 2 * back] = int(down_lower) * self._power(lower.score) + int(
                down_higher
            ) * self._power(higher.score)
            floats[4 + 2 * back + 1] = int(not upfloat_again) * self._power(higher.score)
        return self._pack(gains + floats)


def next_bracket_quality(
    floaters: Sequence[PlayerFacts],
    residents: Sequence[PlayerFacts],
    compatible: Callable[[PlayerFacts, PlayerFacts], bool],
    last: bool,
) -> tuple[int, int, tuple[int, ...]]:
    """C.7: how well the next bracket (the downfloaters as its MDPs, then the next scoregroup)
    can be paired under C.1-C.3 alone: the number of players left unpaired, then (when it is the
    last bracket, whose unpaired player gets the PAB) those not eligible for the PAB (C.2),
    then the PSD (A.8, sorted high to low). Lower is better."""
    players = [*floaters, *residents]
    if not players:
        return 0, 0, ()
    artificial = min(p.score for p in players) - 2
    float_sd = [p.score - artificial for p in players]
    values = sorted({*float_sd, *(abs(a.score - b.score) for a in players for b in players)})
    index = {value: k for k, value in enumerate(values)}
    base = len(players) + 2
    ineligible = base ** (len(values) + 1)
    pair_gain = ineligible * base
    cost = [
        base ** index[float_sd[i]] + (ineligible if last and not p.bye_eligible else 0)
        for i, p in enumerate(players)
    ]
    edges = []
    for i in range(len(players)):
        for j in range(max(i + 1, len(floaters)), len(players)):
            if compatible(players[i], players[j]):
                sd = abs(players[i].score - players[j].score)
                edges.append((i, j, pair_gain + cost[i] + cost[j] - base ** index[sd]))
    _, mates = max_weight_matching(edges)
    unpaired = [i for i in range(len(players)) if i not in mates]
    sds = [float_sd[i] for i in unpaired]
    sds += [abs(players[i].score - players[j].score) for i, j in mates.items() if i < j]
    not_eligible = sum(1 for i in unpaired if last and not players[i].bye_eligible)
    return len(unpaired), not_eligible, tuple(sorted(sds, reverse=True))
