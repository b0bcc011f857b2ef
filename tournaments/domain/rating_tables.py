"""FIDE Rating Regulations B.02 art. 8.1 tables, typed in from the regulations (FIDE Handbook
B.02, "FIDE Rating Regulations", 8.1.1 and 8.1.2).

`dp_for_hundredths(p)` is the rating difference dp for a fractional score of p hundredths (table
8.1.1); `expected_hundredths(d)` is the expected score PD of a player rated d points above the
opponent, in hundredths (table 8.1.2, over its full range). The tie-breaks of C.07 10.2 and 10.3
read them (C.07 10.3 applies no 400-point cut), and so does the random tournament generator,
which draws each game's result from PD (pairing.generator.results).
"""

from __future__ import annotations

import bisect

_DP_FROM_50 = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    800,
)  # fmt: skip
"""dp for p = .50, .51, ..., 1.00 (table 8.1.1)."""

_PD_UPPER_BOUNDS = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
)  # fmt: skip
"""The largest difference D giving PD = .50, .51, ..., .99 (table 8.1.2); above 735, 1.00."""


def dp_for_hundredths(p: int) -> int:
    """dp for a fractional score of `p` hundredths, 0 <= p <= 100 (8.1.1: dp(p) = -dp(1-p))."""
    if not 0 <= p <= 100:
        raise ValueError(f"a fractional score is between 0 and 100 hundredths, not {p}")
    if p >= 50:
        return _DP_FROM_50[p - 50]
    return -_DP_FROM_50[50 - p]


def expected_hundredths(difference: int) -> int:
    """PD in hundredths for a player rated `difference` points above the opponent."""
    if difference < 0:
        return 100 - expected_hundredths(-difference)
    return 50 + bisect.bisect_left(_PD_UPPER_BOUNDS, difference)
