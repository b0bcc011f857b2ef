"""The pairing criteria of C.04.3 C.1-C.19 as edge weights of a maximum-weight matching.

Every candidate of a bracket (B.3) is a matching of the bracket's players; the players left
unpaired float down and, with all lower players, must still complete the round (A.9, C.4).
One graph holds the bracket, every lower player and, for an odd number of players, a vertex
standing for the pairing-allocated bye. The weight of an edge is a list of *gains*, one per
criterion in priority order, packed into one integer so that a maximum-weight matching
optimises the criteria lexicographically:

  completion (A.9, C.2, C.4) > C.5 pairs > C.6 scores paired (PSD) > C.7 next-bracket pairs and
  scores > C.8 > C.9 > C.10 > C.11 > C.12 > C.13 > C.14 > C.15 > C.16 > C.17 > C.18 > C.19.

Only edges between two players of the bracket that the bracket may pair together ("internal"
edges) carry the gains of C.5, C.6 and C.8-C.19. An edge with a lower player at its lower end
carries the C.7 gains: the pairs formed below the bracket, then the scores of their
higher-ranked players (the reading of the reference engine bbpPairings, which looks at all
lower players rather than the next bracket alone). Other edges only count for completion.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.players import Float, PlayerFacts
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
        maxima = [1, 1, big, 1, big, 2, 2, 2, 2, 2, 1, 2, 1, 2 * big, big, 2 * big, big]
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

    def next_bracket(self, higher: PlayerFacts) -> int:
        """C.7: a pair formed below the bracket (pairs first, then the scores paired)."""
        return self._pack([1, 0, 0, 1, self._power(higher.score)])

    def internal(self, higher: PlayerFacts, lower: PlayerFacts) -> int:
        """A pair of the bracket itself: C.5, C.6 and C.8-C.19."""
        c8, c9, c10, c11 = colour_failures(higher, lower, self.initial)
        gains = [1, 1, self._power(higher.score), 0, 0, 2 - c8, 2 - c9, 2 - c10, 2 - c11]
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
