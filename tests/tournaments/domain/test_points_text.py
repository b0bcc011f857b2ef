"""`points_text`: the one way half-points are written for people (pages, documents, messages)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.state import points_text


@pytest.mark.parametrize(
    ("half_points", "text"),
    [(0, "0"), (1, "½"), (2, "1"), (3, "1½"), (22, "11"), (-1, "-½"), (-3, "-1½"), (-4, "-2")],
)
def test_half_points_read_as_points(half_points: int, text: str) -> None:
    assert points_text(half_points) == text


@given(st.integers(min_value=-10_000, max_value=10_000))
def test_the_text_gives_the_value_back(half_points: int) -> None:
    text = points_text(half_points)
    sign = -1 if text.startswith("-") else 1
    digits = text.lstrip("-")
    whole = int(digits.removesuffix("½") or 0)
    assert sign * (2 * whole + digits.endswith("½")) == half_points
