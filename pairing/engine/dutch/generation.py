"""The order in which candidates are generated, C.04.3 section D (and Appendix P's BSNs).

Players are identified by their in-bracket sequence number (BSN), 1-based.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence


def resident_exchanges(
    s1: Sequence[int], s2: Sequence[int]
) -> Iterator[tuple[frozenset[int], frozenset[int]]]:
    """D.2: exchanges between the original S1 and S2, as (moved out of S1, moved out of S2).

    a. fewer exchanged players first; b. smallest difference of the BSN sums (S2 side minus
    S1 side); c. the highest differing BSN moved out of S1 first; d. the lowest differing BSN
    moved out of S2 first.
    """
    for size in range(1, min(len(s1), len(s2)) + 1):
        options = [
            (sum(b) - sum(a), tuple(-x for x in sorted(a, reverse=True)), tuple(sorted(b)), a, b)
            for a in itertools.combinations(s1, size)
            for b in itertools.combinations(s2, size)
        ]
        options.sort(key=lambda option: option[:3])
        for option in options:
            yield frozenset(option[3]), frozenset(option[4])


def mdp_selections(
    mdps: Sequence[int], size: int, score_of: dict[int, int]
) -> Iterator[tuple[int, ...]]:
    """D.3: the sets of `size` MDPs that can make up S1 (the others are the Limbo).

    a. the highest scores first (scores sorted descending, compared element by element);
    b. then the lowest BSNs (sorted ascending, compared lexicographically).
    """
    options = sorted(
        itertools.combinations(sorted(mdps), size),
        key=lambda chosen: (sorted(-score_of[x] for x in chosen), chosen),
    )
    yield from options
