"""The generation order of one bracket, walked with pruning (C.04.3 B.6/B.7, D.1-D.3): the S1
sets of a heterogeneous bracket, the exchanges and the transpositions of S2, each choice kept
only when some completion still reaches the bracket's target (`BracketSearch.reaches`)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from pairing.engine.dutch.exchanges import first_exchange
from pairing.engine.dutch.generation import mdp_selections, resident_exchanges
from pairing.engine.matching import NATIVE_WEIGHT_LIMIT

if TYPE_CHECKING:
    from pairing.engine.dutch.bracket import BracketSearch


def heterogeneous(
    search: BracketSearch, residents: list[int], m1: int, max_pairs: int
) -> list[tuple[int, int]]:
    """B.7: S1 sets in D.3 order, MDP-Pairings in D.1 order, then the remainder."""
    players = search.layout.players
    scores = {i: int(players[i].score) for i in range(search.mdps)}
    for index, s1 in enumerate(mdp_selections(range(search.mdps), m1, scores)):
        chosen = set(s1)

        def allowed(i: int, j: int, chosen: set[int] = chosen) -> bool:
            return j >= search.mdps and (i >= search.mdps or i in chosen)

        if not search.reaches([], allowed):
            continue
        fixed: list[tuple[int, int]] = []
        free = list(residents)
        for mdp in s1:
            for resident in free:
                if search.can_pair(mdp, resident) and search.reaches(
                    [*fixed, (mdp, resident)], allowed
                ):
                    fixed.append((mdp, resident))
                    free.remove(resident)
                    break
            else:
                raise AssertionError("the MDP-Pairing lost the target it had reached")
        search.order_key = [index, *(resident for _, resident in fixed)]
        return remainder(search, fixed, free, max_pairs - m1)
    raise AssertionError("no S1 reaches the bracket's best value")


def remainder(
    search: BracketSearch, fixed: list[tuple[int, int]], rest: list[int], n1: int
) -> list[tuple[int, int]]:
    """B.6 for a homogeneous bracket or a remainder: exchanges (D.2) and transpositions
    (D.1), with the remainder's players numbered 1..n (Appendix P)."""
    if search.exchanges_by_matching:
        s1, s2, key = first_exchange(search, fixed, rest, n1)
        pairs = transpositions(search, fixed, s1, s2)
        if pairs is None:
            raise AssertionError("the exchange lost the target it had reached")
        search.order_key += [*key, *(opponent for _, opponent in pairs[len(fixed) :])]
        return pairs
    original_s1, original_s2 = rest[:n1], rest[n1:]
    bsn = {v: k + 1 for k, v in enumerate(rest)}
    vertex = {k + 1: v for k, v in enumerate(rest)}
    exchanges = resident_exchanges([bsn[v] for v in original_s1], [bsn[v] for v in original_s2])
    nothing: frozenset[int] = frozenset()
    options = itertools.chain([(nothing, nothing)], exchanges)
    for index, (out_of_s1, out_of_s2) in enumerate(options):
        s1 = sorted(
            [v for v in original_s1 if bsn[v] not in out_of_s1] + [vertex[k] for k in out_of_s2]
        )
        s2 = sorted(
            [v for v in original_s2 if bsn[v] not in out_of_s2] + [vertex[k] for k in out_of_s1]
        )
        pairs = transpositions(search, fixed, s1, s2)
        if pairs is not None:
            search.order_key += [index, *(opponent for _, opponent in pairs[len(fixed) :])]
            return pairs
    raise AssertionError("no exchange reaches the bracket's best value")


def transpositions(
    search: BracketSearch, fixed: list[tuple[int, int]], s1: list[int], s2: list[int]
) -> list[tuple[int, int]] | None:
    """D.1: the first transposition of S2 whose pairs with S1 reach the target.

    The first legal transposition (C.1-C.3 only) is tried first. When it misses the target
    but the target can be reached at all, the S1 players choose their opponents in order,
    a few per matching (`best_opponents`), as many as the 128-bit weights allow.
    """
    side = set(s1)
    others = set(s2)

    def allowed(i: int, j: int) -> bool:
        return (i in side and j in others) or (j in side and i in others)

    chosen = search.first_legal(s1, s2, [])
    if chosen is None:
        return None
    if search.examined is not None:
        search.examined.append((*fixed, *chosen))
    radix = len(s2) + 1
    room = NATIVE_WEIGHT_LIMIT.bit_length() - 2 - search.weight_bound().bit_length()
    step = max(1, room // radix.bit_length())
    scale = radix**step
    if search.reaches_scaled([*fixed, *chosen], allowed, scale):
        return [*fixed, *chosen]
    if not search.reaches_scaled(fixed, allowed, scale):
        return None
    kept: list[tuple[int, int]] = []
    for start in range(0, len(s1), step):
        group = s1[start : start + step]
        taken = {opponent for _, opponent in kept}
        free = [opponent for opponent in s2 if opponent not in taken]
        opponents = search.best_opponents([*fixed, *kept], allowed, group, free, radix, scale)
        kept += zip(group, opponents, strict=True)
    return [*fixed, *kept]
