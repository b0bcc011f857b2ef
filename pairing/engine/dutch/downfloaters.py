"""C.04.3 C.7: which players of a bracket float down, judged by the next bracket.

Among the sets of downfloaters that keep the bracket's best C.5/C.6 values, the search keeps
those that let the next bracket be paired best (`next_bracket.NextBracketQuality`; with the 2025
look-ahead, `lookahead.NextBracket`), and restricts who may float (`BracketSearch.floatable`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from pairing.engine.dutch.next_bracket import NextBracketQuality

if TYPE_CHECKING:
    from pairing.engine.dutch.bracket import BracketSearch

MAX_FLOATER_SETS = 2000
"""C.7 is evaluated exactly for at most this many sets of downfloaters."""

Quality = tuple[int, int, tuple[int, ...]]
"""The value of the next bracket for C.7 (`next_bracket.NextBracketQuality`)."""


def next_bracket_criterion(
    search: BracketSearch, target: int, count: int
) -> tuple[int, dict[int, int]]:
    """C.7: among the sets of `count` downfloaters that keep the best C.5/C.6 values (and
    complete the round), keep those giving the best next bracket, and of them those reaching
    the best values of the later criteria; from then on only their members may float.
    Several sets equal on every criterion are left in `search.tied_floaters`, for the
    generation order to choose (B.8). Sets are only enumerated when they are few."""
    best_pairs = search.weights.quality_of_pairs(target)
    if math.comb(search.size, count) > MAX_FLOATER_SETS:
        return search.value([], search.default)
    players = search.layout.players
    quality: dict[Quality, list[frozenset[int]]] = {}
    known: dict[tuple[tuple[int, bool, frozenset[int]], ...], Quality] = {}
    next_quality: NextBracketQuality | None = None
    for chosen in itertools.combinations(range(search.size), count):
        # The next bracket only depends on each downfloater's score, PAB eligibility and
        # the next residents it cannot meet.
        key = tuple(sorted(_next_bracket_profile(search, i) for i in chosen))
        if key not in known and search.next_bracket is not None:
            known[key] = search.next_bracket.value([players[i] for i in chosen])
        elif key not in known:
            if next_quality is None:
                next_quality = NextBracketQuality(
                    players[: search.size],
                    search.next_residents,
                    search.compatible,
                    search.next_is_last,
                )
            known[key] = next_quality([players[i] for i in chosen])
        quality.setdefault(known[key], []).append(frozenset(chosen))
    for value in sorted(quality):
        if count == 1:
            # One downfloater: "a member of the best sets floats" is exact.
            for floatable in _fewest_unplayed_first(search, frozenset().union(*quality[value])):
                search.floatable = floatable
                weight, mates = search.value([], search.default)
                staying = search.size - len(search.floatable)
                bonus = search.weights.completion() * (search.vertex_count + 1) * staying
                if search.weights.quality_of_pairs(weight - bonus) == best_pairs:
                    return weight, mates
            continue
        best: tuple[int, dict[int, int]] | None = None
        winners: list[frozenset[int]] = []
        for chosen_set in quality[value]:
            search.floatable = chosen_set
            weight, mates = search.value([], search.default)
            staying = search.size - len(chosen_set)
            bonus = search.weights.completion() * (search.vertex_count + 1) * staying
            if search.weights.quality_of_pairs(weight - bonus) != best_pairs:
                continue
            if best is None or weight > best[0]:
                best, winners = (weight, mates), [chosen_set]
            elif weight == best[0]:
                winners.append(chosen_set)
        if best is not None:
            search.floatable = winners[0]
            search.tied_floaters = winners
            return best
    raise AssertionError("no set of downfloaters keeps the best C.5/C.6 values")


def _fewest_unplayed_first(
    search: BracketSearch, members: frozenset[int]
) -> Iterator[frozenset[int]]:
    """The players who may be the single downfloater: with [C9] (C.04.3 (2025) 2.9, the
    downfloater receives the PAB) those with the fewest unplayed rounds first, then those
    with at most the next count, and so on; otherwise all `members` at once."""
    if search.pab_by_unplayed:
        players = search.layout.players
        for most in sorted({players[i].unplayed for i in members})[:-1]:
            yield frozenset(i for i in members if players[i].unplayed <= most)
    yield members


def _next_bracket_profile(search: BracketSearch, index: int) -> tuple[int, bool, frozenset[int]]:
    player = search.layout.players[index]
    # With the 2025 look-ahead ([C4]) the lower players count too.
    later = search.next_bracket.later if search.next_bracket is not None else search.next_residents
    barred = frozenset(p.id for p in later if not search.compatible(player, p))
    return player.score, player.bye_eligible, barred
