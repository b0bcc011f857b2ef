"""The pairing of a bracket by its first Pairing Identifier (C.04.5 3.6).

In each pair the player with the smaller TPN is the top member. A pairing's identifier is the
top members' TPNs in ascending order followed by their bottom members' TPNs in the same order
(3.6.2: 11-24 16-6 10-9 8-4 is 4 6 9 11 8 16 10 24). The bracket is paired by the first
identifier, in lexicographic order, among the pairings complying with [C1] that are best for
[C8] (3.6.3, 3.6.4).

Built, not enumerated: the top members are chosen one TPN after another, each player a top
member when a complying pairing still exists with it as one (an earlier top member makes a
smaller identifier); then each top member, in order, takes the smallest bottom member that
leaves a complying pairing. "Complying" is a perfect matching of what is left, within the
[C8] count of the best pairing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence

from pairing.engine.doubleswiss.criteria import Criteria
from pairing.engine.matching import max_cardinality_matching
from tournaments.domain.state import PlayerId

Allowed = Callable[[PlayerId, PlayerId], bool]
"""Whether a pair (smaller TPN first) is still possible under the choices made so far."""


class _Search:
    """The [C8] count of the best completion of what is left of a bracket."""

    def __init__(self, criteria: Criteria, upfloaters: Collection[PlayerId]) -> None:
        self.criteria = criteria
        self.upfloaters = frozenset(upfloaters)

    def cost(self, a: PlayerId, b: PlayerId) -> int:
        return self.criteria.opponent_cost(a, b, self.upfloaters)

    def matching(
        self, players: Sequence[PlayerId], allowed: Allowed, free_only: bool
    ) -> dict[PlayerId, PlayerId] | None:
        """A complying pairing of all `players` (with no [C8] cost if `free_only`), None if
        there is none. The players are handed to the matching interleaved, the first half with
        the second (1, 5, 2, 6, ...), so that its greedy start tries the natural pairing first."""
        if len(players) % 2:
            return None
        ordered = sorted(players)
        half = len(ordered) // 2
        order = [p for pair in zip(ordered[:half], ordered[half:], strict=True) for p in pair]

        def adjacent(i: int, j: int) -> bool:
            a, b = (order[i], order[j]) if order[i] < order[j] else (order[j], order[i])
            return allowed(a, b) and not (free_only and self.cost(a, b))

        mates = max_cardinality_matching(len(order), adjacent)
        if -1 in mates:
            return None
        return {order[i]: order[m] for i, m in enumerate(mates)}

    def perfect(self, players: Sequence[PlayerId], allowed: Allowed, free_only: bool) -> bool:
        return self.matching(players, allowed, free_only) is not None

    def least(
        self, players: frozenset[PlayerId], allowed: Allowed, free_tried: bool = False
    ) -> int | None:
        """The smallest [C8] count of a complying pairing of `players`, None if none exists
        (`free_tried`: the caller knows that no pairing without a [C8] cost exists)."""
        ordered = sorted(players)
        if not free_tried and self.perfect(ordered, allowed, free_only=True):
            return 0
        if not self.perfect(ordered, allowed, free_only=False):
            return None
        known: dict[frozenset[PlayerId], int | None] = {}

        def solve(left: frozenset[PlayerId]) -> int | None:
            if left in known:
                return known[left]
            ups = sorted(left & self.upfloaters)
            if not ups:
                result: int | None = 0 if self.perfect(sorted(left), allowed, False) else None
            else:
                result = None
                u = ups[0]
                for v in sorted(left - {u}):
                    a, b = sorted((u, v))
                    if not allowed(a, b):
                        continue
                    step = self.cost(a, b)
                    if result is not None and step >= result:
                        continue
                    rest = solve(left - {u, v})
                    if rest is not None and (result is None or step + rest < result):
                        result = step + rest
                    if result == 0:
                        break
            known[left] = result
            return result

        return solve(players)


def first_identifier(
    criteria: Criteria, bracket: Sequence[PlayerId], upfloaters: Collection[PlayerId]
) -> tuple[tuple[PlayerId, PlayerId], ...]:
    """3.6: the pairs of the first identifier among the complying pairings best for [C8],
    top member first, in the identifier's order. The bracket must be pairable (3.5 chose it so).
    """
    search = _Search(criteria, upfloaters)
    players = sorted(bracket)
    top: dict[PlayerId, bool] = {}

    def allowed(a: PlayerId, b: PlayerId) -> bool:
        return criteria.compatible(a, b) and top.get(a, True) and not top.get(b, False)

    budget = search.least(frozenset(players), allowed)
    assert budget is not None, "3.5 chose a pairable bracket"

    witness: dict[PlayerId, PlayerId] = {}
    """The last complying pairing found: a choice it still fits needs no new search."""

    def fits(left: frozenset[PlayerId], spent: int) -> bool:
        total = spent
        for player in left:
            partner = witness.get(player)
            if partner is None or partner not in left:
                return False
            a, b = sorted((player, partner))
            if not allowed(a, b):
                return False
            total += search.cost(a, b) if player == a else 0
        return total <= budget

    def within(left: frozenset[PlayerId], spent: int) -> bool:
        if spent > budget:
            return False
        if fits(left, spent):
            return True
        found = search.matching(sorted(left), allowed, free_only=True)
        if found is not None:
            witness.update(found)
            return True
        if spent >= budget:
            return False
        least = search.least(left, allowed, free_tried=True)
        return least is not None and spent + least <= budget

    tops = 0
    for player in players:
        # Half the players are top members: once they are chosen, the rest are bottom members.
        top[player] = tops < len(players) // 2
        if top[player] and not within(frozenset(players), 0):
            top[player] = False
        tops += top[player]
    pairs: list[tuple[PlayerId, PlayerId]] = []
    left = frozenset(players)
    spent = 0
    for member in (p for p in players if top[p]):
        for bottom in sorted(p for p in left if p > member and not top[p]):
            if not allowed(member, bottom):
                continue
            step = search.cost(member, bottom)
            if within(left - {member, bottom}, spent + step):
                pairs.append((member, bottom))
                left -= {member, bottom}
                spent += step
                break
        else:
            raise AssertionError("a top member always has a bottom member left")
    return tuple(pairs)
