"""The pairing criteria of C.04.3 C.1-C.19 as edge weights of a maximum-weight matching.

Every candidate of a bracket (B.3) is a matching of the bracket's players; the players left
unpaired float down and, with all lower players, must still complete the round (A.9, C.4).
One graph holds the bracket, every lower player and, for an odd number of players, a vertex
standing for the pairing-allocated bye. The weight of an edge is a list of *gains*, one per
criterion in priority order, packed into one integer so that a maximum-weight matching
optimises the criteria lexicographically:

  completion (A.9, C.2, C.4) > C.5 pairs > C.6 scores paired (PSD) > C.8 > C.9 > C.10 > C.11 >
  C.12 > C.13 > C.14 > C.15 > C.16 > C.17 > C.18 > C.19.

C.7 depends on the set of downfloaters as a whole, not on single pairs: `next_bracket`
evaluates it separately and the search restricts who may float (see `bracket`).

Only edges between two players of the bracket that the bracket may pair together ("internal"
edges) carry the gains of C.5, C.6 and C.8-C.19; the other edges only count for completion.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pairing.engine.dutch.colours import colour_failures
from pairing.engine.dutch.players import Float, PlayerFacts, Strength
from tournaments.domain.messages import gettext_noop
from tournaments.domain.state import Color


@dataclass(frozen=True, slots=True)
class Layout:
    """The players of a bracket's graph: `players[:bracket_size]` is the bracket (A.2 order),
    the rest are the lower scoregroups; vertex `len(players)` is the PAB when `with_bye`.
    `collapsed`: the bracket is the CLB of A.9, whose residents need not share one score."""

    players: Sequence[PlayerFacts]
    bracket_size: int
    with_bye: bool
    collapsed: bool = False


CRITERIA = (
    gettext_noop("A.9 completion of the round"),
    gettext_noop("C.5 number of pairs"),
    gettext_noop("C.6 scores of the paired MDPs (PSD)"),
    gettext_noop("C.8 topscorers' colour difference"),
    gettext_noop("C.9 topscorers' colour repeated three times"),
    gettext_noop("C.10 colour preferences"),
    gettext_noop("C.11 strong colour preferences"),
    gettext_noop("C.12 repeated downfloats (last round)"),
    gettext_noop("C.13 repeated upfloats (last round)"),
    gettext_noop("C.14 repeated downfloats (two rounds before)"),
    gettext_noop("C.15 repeated upfloats (two rounds before)"),
    gettext_noop("C.16 scores of repeated downfloaters (last round)"),
    gettext_noop("C.17 scores of repeated upfloaters' opponents (last round)"),
    gettext_noop("C.18 scores of repeated downfloaters (two rounds before)"),
    gettext_noop("C.19 scores of repeated upfloaters' opponents (two rounds before)"),
)
"""The digits of a packed weight, most significant first (higher totals are better)."""


class Weights:
    """Packs the per-criterion gains of an edge into one integer (see the module docstring).

    Each criterion is a digit of a mixed-radix number; the radix of a digit is the span of the
    values its total can take over any matching of the layout, counted from the players who
    can contribute to it (e.g. C.12 only from players who downfloated in the last round), so
    the packed weights stay small. Where C.5 fixes the number of pairs above it, a criterion
    counts its failures (a gain of -1 per failing pair) rather than its successes: the same
    order among candidates with equal pairs, over a much smaller span. Scores (C.6, C.16-C.19)
    are digits of their own mixed radix, one per score, from the highest score down.

    In the collapsed last bracket (A.9), whose residents have different scores, C.6 and
    C.16-C.19 are score differences instead (A.8): one digit per difference, the largest
    most significant, counting the pairs' differences and the unpaired players' scores above
    the artificial value (`_Differences`).
    """

    def __init__(self, layout: Layout, initial: Color, rounds_played: int) -> None:
        self.layout = layout
        self.initial = initial
        self.rounds_played = rounds_played
        self._kinds: dict[int, int] = {}
        self._signatures: dict[tuple[object, ...], int] = {}
        self._by_kinds: dict[tuple[int, int], int] = {}
        bracket = layout.players[: layout.bracket_size]
        vertices = len(layout.players) + (1 if layout.with_bye else 0)
        pairs = vertices // 2
        lowest = min((p.score for p in bracket), default=0)
        self._differences = _Differences(bracket) if layout.collapsed else None
        # C.6: pairs by the score of their higher player, above the residents' score.
        self._c6 = _score_radix(bracket, lambda p: p.score > lowest)
        self._down = [
            _score_radix(bracket, lambda p: p.floats[0] is Float.DOWN),
            _score_radix(bracket, lambda p: p.floats[1] is Float.DOWN),
        ]
        self._up = [
            _score_radix(bracket, lambda p: p.score > lowest, cap=_count(bracket, back, Float.UP))
            for back in (0, 1)
        ]
        c6_span = self._c6.span
        down_spans = [radix.span for radix in self._down]
        up_spans = [radix.span for radix in self._up]
        if self._differences is not None:
            c6_span = self._differences.psd.span
            down_spans = [radix.span for radix in self._differences.down]
            up_spans = [radix.span for radix in self._differences.up]
        topscorers = sum(1 for p in bracket if p.topscorer)
        spans = [
            (0, pairs),  # completion
            (0, min(pairs, len(bracket) // 2)),  # C.5
            (0, c6_span),  # C.6
            (-2 * topscorers, 0),  # C.8
            (-2 * topscorers, 0),  # C.9
            (-sum(1 for p in bracket if p.preference is not Color.NONE), 0),  # C.10
            (-sum(1 for p in bracket if p.strength is Strength.STRONG), 0),  # C.11
        ]
        for back in (0, 1):
            spans += [(0, _count(bracket, back, Float.DOWN)), (-_count(bracket, back, Float.UP), 0)]
        for back in (0, 1):
            spans += [(0, down_spans[back]), (-up_spans[back], 0)]
        self._multipliers = [0] * len(spans)
        multiplier = 1
        for tier in reversed(range(len(spans))):
            self._multipliers[tier] = multiplier
            low, high = spans[tier]
            multiplier *= high - low + 1
        self._c6_floor = sum(
            m * low for m, (low, _) in zip(self._multipliers[3:], spans[3:], strict=True)
        )
        self._lows = [low for low, _ in spans]

    def digits(self, weight: int) -> list[int]:
        """The total of each criterion in a packed weight, in `CRITERIA` order (the first also
        holds whatever lies above completion)."""
        rest = weight - sum(m * low for m, low in zip(self._multipliers, self._lows, strict=True))
        totals = []
        for multiplier, low in zip(self._multipliers, self._lows, strict=True):
            digit, rest = divmod(rest, multiplier)
            totals.append(digit + low)
        return totals

    def completion(self) -> int:
        """An edge that only helps complete the round (A.9)."""
        return self._multipliers[0]

    def bye(self, player: PlayerFacts) -> int | None:
        """The edge to the PAB vertex: only players eligible under C.2."""
        return self._multipliers[0] if player.bye_eligible else None

    def quality_of_pairs(self, weight: int) -> int:
        """The part of a total weight that measures completion, C.5 and C.6 only."""
        return (weight - self._c6_floor) // self._multipliers[2]

    def internal(self, higher: PlayerFacts, lower: PlayerFacts) -> int:
        """A pair of the bracket itself: C.5, C.6 and C.8-C.19; computed once for each pair of
        player kinds (what the criteria and section E read of a player)."""
        key = (self.kind(higher), self.kind(lower))
        weight = self._by_kinds.get(key)
        if weight is None:
            weight = self._by_kinds[key] = self._internal(higher, lower)
        return weight

    def kind(self, player: PlayerFacts) -> int:
        """The player's kind: players of one kind weigh the same in every pair (what the
        criteria and section E read of a player; C.3 reads it too)."""
        kind = self._kinds.get(player.id)
        if kind is None:
            signature = (
                player.score,
                player.colours,
                player.floats,
                player.topscorer,
                player.rank % 2,  # E.5
            )
            kind = self._kinds[player.id] = self._signatures.setdefault(
                signature, len(self._signatures)
            )
        return kind

    def _internal(self, higher: PlayerFacts, lower: PlayerFacts) -> int:
        gains = self.gains(higher, lower)
        return sum(g * m for g, m in zip(gains, self._multipliers, strict=True))

    def gains(self, higher: PlayerFacts, lower: PlayerFacts) -> list[int]:
        """The pair's contribution to each criterion total, in `CRITERIA` order (unpacked)."""
        if self._differences is not None:
            return self._collapsed_gains(higher, lower)
        c8, c9, c10, c11 = colour_failures(higher, lower, self.initial)
        gains = [1, 1, self._c6.value(higher), -c8, -c9, -c10, -c11]
        floats = [0] * 8
        different = higher.score > lower.score
        for back in (0, 1):
            if self.rounds_played <= back:
                continue
            down_lower = lower.floats[back] is Float.DOWN
            down_higher = higher.floats[back] is Float.DOWN
            upfloat_again = different and lower.floats[back] is Float.UP
            # C.12/C.14: players who would receive the same downfloat again (paired: they don't).
            floats[2 * back] = int(down_lower) + int(not different and down_higher)
            # C.13/C.15: pairs in which the lower player would upfloat again.
            floats[2 * back + 1] = -int(upfloat_again)
            # C.16/C.18: the scores of the downfloaters paired; C.17/C.19: of the upfloaters'
            # opponents.
            down = self._down[back]
            floats[4 + 2 * back] = int(down_lower) * down.value(lower) + int(
                down_higher
            ) * down.value(higher)
            floats[4 + 2 * back + 1] = -int(upfloat_again) * self._up[back].value(higher)
        return gains + floats

    def _collapsed_gains(self, higher: PlayerFacts, lower: PlayerFacts) -> list[int]:
        """`gains` in the CLB (A.9): C.6 and C.16-C.19 by score differences (A.8).

        A pair removes its players' own differences (those of unpaired players, above the
        artificial value) and adds its own; a repeated downfloater paired with a lower player
        floats again with the pair's difference, one paired with an equal score does not.
        """
        differences = self._differences
        assert differences is not None
        c8, c9, c10, c11 = colour_failures(higher, lower, self.initial)
        psd = differences.psd
        difference = int(higher.score - lower.score)
        alone_higher = differences.alone(higher)
        alone_lower = differences.alone(lower)
        paired = psd.of(alone_higher) + psd.of(alone_lower) - psd.of(difference)
        gains = [1, 1, paired, -c8, -c9, -c10, -c11]
        floats = [0] * 8
        for back in (0, 1):
            if self.rounds_played <= back:
                continue
            down_lower = lower.floats[back] is Float.DOWN
            down_higher = higher.floats[back] is Float.DOWN
            upfloat_again = difference > 0 and lower.floats[back] is Float.UP
            floats[2 * back] = int(down_lower) + int(difference == 0 and down_higher)
            floats[2 * back + 1] = -int(upfloat_again)
            down, up = differences.down[back], differences.up[back]
            floats[4 + 2 * back] = int(down_lower) * down.of(alone_lower) + int(down_higher) * (
                down.of(alone_higher) - (down.of(difference) if difference > 0 else 0)
            )
            floats[4 + 2 * back + 1] = -int(upfloat_again) * up.of(difference)
        return gains + floats


class _Differences:
    """The score differences of the CLB (A.8, A.9): a pair's is the difference of its
    players' scores, an unpaired player's its score minus the artificial value, one point
    below the lowest score of the bracket; one mixed radix for C.6 and one for each of
    C.16-C.19, counting only the players who can contribute."""

    def __init__(self, bracket: Sequence[PlayerFacts]) -> None:
        scores = sorted({int(p.score) for p in bracket})
        self.artificial = (scores[0] if scores else 0) - 2

        def alone_or_paired(player: PlayerFacts) -> set[int]:
            own = int(player.score)
            return {own - self.artificial, *(own - s for s in scores if s <= own)}

        def alone_or_down(player: PlayerFacts) -> set[int]:
            own = int(player.score)
            return {own - self.artificial, *(own - s for s in scores if s < own)}

        def higher(player: PlayerFacts) -> set[int]:
            own = int(player.score)
            return {s - own for s in scores if s > own}

        self.psd = _difference_radix(bracket, alone_or_paired)
        self.down = [
            _difference_radix([p for p in bracket if p.floats[back] is Float.DOWN], alone_or_down)
            for back in (0, 1)
        ]
        self.up = [
            _difference_radix([p for p in bracket if p.floats[back] is Float.UP], higher)
            for back in (0, 1)
        ]

    def alone(self, player: PlayerFacts) -> int:
        """A.8: the score difference of the player left unpaired."""
        return int(player.score) - self.artificial


@dataclass(frozen=True, slots=True)
class _DifferenceRadix:
    """A mixed radix with one digit per score difference (the largest most significant): a
    count of differences by value, compared from the largest down (A.8), as one integer."""

    unit: dict[int, int]
    span: int

    def of(self, difference: int) -> int:
        return self.unit.get(difference, 0)


def _difference_radix(
    players: Sequence[PlayerFacts], differences: Callable[[PlayerFacts], set[int]]
) -> _DifferenceRadix:
    """The digits for the differences the `players` can give: each player gives at most one
    (its own when unpaired, or its pair's), so a digit counts at most the players able to."""
    per_value: dict[int, int] = {}
    for player in players:
        for value in differences(player):
            per_value[value] = per_value.get(value, 0) + 1
    unit: dict[int, int] = {}
    multiplier = 1
    for value in sorted(per_value):
        unit[value] = multiplier
        multiplier *= per_value[value] + 1
    return _DifferenceRadix(unit, multiplier - 1)


def _count(bracket: Sequence[PlayerFacts], back: int, kind: Float) -> int:
    return sum(1 for p in bracket if p.floats[back] is kind)


@dataclass(frozen=True, slots=True)
class _ScoreRadix:
    """A mixed radix with one digit per score (the highest score most significant): a count of
    players (or pairs) by score, compared from the highest score down, as one integer."""

    unit: dict[int, int]
    span: int

    def value(self, player: PlayerFacts) -> int:
        return self.unit.get(int(player.score), 0)


def _score_radix(
    bracket: Sequence[PlayerFacts], counts: Callable[[PlayerFacts], bool], cap: int | None = None
) -> _ScoreRadix:
    """The digits for the players of `bracket` that `counts` selects, at most `cap` per score."""
    per_score: dict[int, int] = {}
    for player in bracket:
        if counts(player):
            per_score[int(player.score)] = per_score.get(int(player.score), 0) + 1
    unit: dict[int, int] = {}
    multiplier = 1
    for score in sorted(per_score):
        unit[score] = multiplier
        multiplier *= min(per_score[score], cap if cap is not None else per_score[score]) + 1
    return _ScoreRadix(unit, multiplier - 1)
