"""The Cut and Median modifiers (C.07 14.1-14.4) with the unplayed-round rule (C.07 16.C).

Values are removed one at a time. At the low end, a voluntary unplayed round (requested bye or
forfeit loss) is removed first: always in the 2023 edition (16.C, the least contributing one
first); from 2024 only while its value is not lower than that of the least significant value
(otherwise that value goes). At the high end the most significant value goes.
"""

from __future__ import annotations

from collections.abc import Sequence

from .breakdown import Contribution, Cut, CutReason
from .codes import TiebreakCode
from .editions import Edition


def _significance(item: Contribution) -> tuple[int, int, int]:
    return item.key, item.value, item.round


def _cut_one_low(remaining: list[Contribution], edition: Edition) -> Cut:
    least = min(remaining, key=_significance)
    voluntary = [item for item in remaining if item.voluntary]
    if voluntary:
        candidate = min(voluntary, key=lambda item: (item.value, item.key, item.round))
        if not edition.cuts_voluntary_rounds_only_if_not_lower or candidate.value >= least.value:
            remaining.remove(candidate)
            return Cut(candidate.round, CutReason.VOLUNTARY_FIRST)
    remaining.remove(least)
    return Cut(least.round, CutReason.LEAST_SIGNIFICANT)


def select_cuts(
    items: Sequence[Contribution], code: TiebreakCode, edition: Edition
) -> tuple[Cut, ...]:
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
        most = max(remaining, key=lambda item: (item.key, item.value, -item.round))
        remaining.remove(most)
        cuts.append(Cut(most.round, CutReason.MOST_SIGNIFICANT))
    return tuple(cuts)


def kept(items: Sequence[Contribution], cuts: Sequence[Cut]) -> list[Contribution]:
    """The contributions that remain after the cuts."""
    removed = {cut.round for cut in cuts}
    return [item for item in items if item.round not in removed]
