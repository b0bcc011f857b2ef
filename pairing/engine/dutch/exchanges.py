"""The first resident exchange (C.04.3 D.2) whose S1/S2 split reaches a bracket's best values,
found with a few matchings instead of walking the exchanges one by one.

Walking them (`generation.resident_exchanges`) is quick when the best candidates need one or two
exchanges, as in a bracket of one score. The collapsed last bracket (A.9) pairs several scores,
and its best PSD (A.8) may need many: the number of exchanges of k players grows as the square
of a binomial coefficient.

A candidate is generated first by the exchange that puts the higher-ranked player of each of its
pairs in S1 (Appendix P: a pair whose S1 player has the higher BSN was generated earlier in an
equivalent form), since that exchange moves the fewest players and the smallest BSNs. So the
first exchange reaching the target is that exchange for the candidate that, among those reaching
the target, has (D.2) a. the fewest pairs whose higher-ranked player comes from S2, b. the
smallest sum of those players' BSNs, c. the highest BSNs moved out of S1, d. the lowest moved
in from S2. Two digits below the bracket's own weights give a. and b.; c. and d. are then
decided player by player, each with one matching that keeps the values already reached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pairing.engine.dutch.bracket import BracketSearch


def first_exchange(
    search: BracketSearch, fixed: Sequence[tuple[int, int]], rest: Sequence[int], n1: int
) -> tuple[list[int], list[int], list[int]]:
    """S1 and S2 of the first exchange in D.2 order between the original S1 (`rest[:n1]`) and S2
    of the remainder `rest` (vertices in A.2 order, `fixed` pairs already made) whose pairs can
    reach the search's target, and that exchange's place in D.2 order (for `order_key`)."""
    members = frozenset(rest)
    bsn = {v: k + 1 for k, v in enumerate(rest)}

    def allowed(i: int, j: int) -> bool:
        return i in members and j in members

    edges = [(i, j) for i in rest for j in sorted(search.partners(i)) if i < j and j in members]
    # Two digits below the bracket's weights: a. the pairs whose higher-ranked player is not in
    # the original S1, b. the sum of the BSNs of the pairs' higher-ranked players.
    sums = n1 * len(rest) + 1
    adjusted = {(i, j): -(sums * (bsn[i] > n1) + bsn[i]) for i, j in edges}
    scale = n1 * (sums + len(rest)) + 1
    best = search.scaled_value(fixed, allowed, scale, adjusted)
    if best <= (search.target - 1) * scale:
        raise AssertionError("no exchange reaches the bracket's best value")
    exchanged = (search.target * scale - best) // sums
    unusable = -(search.weight_bound() + 1) * scale

    out_of_s1: list[int] = []
    for player in reversed(rest[:n1]):  # c. the highest BSN moved out of S1 first
        if len(out_of_s1) == exchanged:
            break
        trial = dict(adjusted)
        for i, j in edges:
            if i == player:
                trial[(i, j)] = unusable  # no longer the higher-ranked player of a pair
        if search.scaled_value(fixed, allowed, scale, trial) == best:
            adjusted = trial
            out_of_s1.append(player)
    into_s1: list[int] = []
    for player in rest[n1:]:  # d. the lowest BSN moved in from S2 first
        if len(into_s1) == exchanged:
            break
        # One more for each player kept in S1: no candidate is worth more than `best`, so the
        # total exceeds it by one per such player only when all of them are in S1 and the
        # values a.-c. are kept.
        trial = dict(adjusted)
        for i, j in edges:
            if i == player:
                trial[(i, j)] += 1
        if search.scaled_value(fixed, allowed, scale, trial) == best + len(into_s1) + 1:
            adjusted = trial
            into_s1.append(player)
    s1 = sorted({*rest[:n1]} - {*out_of_s1} | {*into_s1})
    s2 = [v for v in rest if v not in s1]
    moved = [bsn[v] for v in into_s1]
    key = [exchanged, sum(moved) - sum(bsn[v] for v in out_of_s1)]
    key += [-bsn[v] for v in out_of_s1] + moved
    return s1, s2, key
