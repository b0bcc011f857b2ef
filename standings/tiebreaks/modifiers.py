"""The Cut and Median modifiers (C.07 14.1-14.4) with the unplayed-round rule (C.07 16.C).

Values are removed one at a time. At the low end, a voluntary unplayed round (requested bye or
forfeit loss) is removed first: always in the 2023 edition (16.C, the least contributing one
first); from 2024 only while its value is not lower than that of the least significant value
(otherwise that value goes). At the high end the most significant value goes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .breakdown import KEY, ROUND, VALUE, VOLUNTARY, Cut, CutReason, Item
from .codes import TiebreakCode
from .editions import Edition


def _significance(item: Item) -> tuple[int, int, int]:
    return item[KEY], item[VALUE], item[ROUND]


def _contribution(item: Item) -> tuple[int, int, int]:
    return item[VALUE], item[KEY], item[ROUND]


def _cut_one_low(remaining: list[Item], edition: Edition) -> Cut:
    least = min(remaining, key=_significance)
    voluntary = [item for item in remaining if item[VOLUNTARY]]
    if voluntary:
        candidate = min(voluntary, key=_contribution)
        if not edition.cuts_voluntary_rounds_only_if_not_lower or candidate[VALUE] >= least[VALUE]:
            remaining.remove(candidate)
            return Cut(candidate[ROUND], CutReason.VOLUNTARY_FIRST)
    remaining.remove(least)
    return Cut(least[ROUND], CutReason.LEAST_SIGNIFICANT)


def select_cuts(items: Sequence[Item], code: TiebreakCode, edition: Edition) -> tuple[Cut, ...]:
    """The values the code's modifier removes, in the order removed (low end first, 14.3)."""
    if not code.cut_low and not code.cut_high:
        return ()
    remaining = list(items)
    cuts: list[Cut] = []
    for _ in range(code.cut_low):
        if not remaining:
            break
        cuts.append(_cut_one_low(remaining, edition))
    for _ in range(code.cut_high):
        if not remaining:
            break
        most = max(remaining, key=lambda item: (item[KEY], item[VALUE], -item[ROUND]))
        remaining.remove(most)
        cuts.append(Cut(most[ROUND], CutReason.MOST_SIGNIFICANT))
    return tuple(cuts)


def total_kept(items: Sequence[Item], cuts: Sequence[Cut]) -> int:
    """The sum of the values that remain after the cuts."""
    total = sum(item[VALUE] for item in items)
    if cuts:
        removed = {cut.round for cut in cuts}
        total -= sum(item[VALUE] for item in items if item[ROUND] in removed)
    return total


def kept(items: Sequence[Item], cuts: Sequence[Cut]) -> list[Item]:
    """The values that remain after the cuts."""
    removed = {cut.round for cut in cuts}
    return [item for item in items if item[ROUND] not in removed]
