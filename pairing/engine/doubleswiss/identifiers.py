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

    def perfect(self, players: Sequence[PlayerId], allowed: Allowed, free_only: bool) -> bool:
        def adjacent(i: int, j: int) -> bool:
            a, b = sorted((players[i], players[j]))
            return allowed(a, b) and not (free_only and self.cost(a, b))

        return len(players) % 2 == 0 and -1 not in max_cardinality_matching(len(players), adjacent)

    def least(self, players: frozenset[PlayerId], allowed: Allowed) -> int | None:
        """The smallest [C8] count of a complying pairing of `players`, None if none exists."""
        ordered = sorted(players)
        if self.perfect(ordered, allowed, free_only=True):
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

    def within(left: frozenset[PlayerId], spent: int) -> bool:
        least = search.least(left, allowed)
        return least is not None and spent + least <= budget

    for player in players:
        top[player] = True
        if not within(frozenset(players), 0):
            top[player] = False
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
