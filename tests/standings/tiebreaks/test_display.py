"""Values for people and for JSON: exact halves and quarters, other fractions to 2 decimals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks.display import format_value, json_number


@pytest.mark.parametrize(
    ("value", "text", "number"),
    [
        (Fraction(14), "14", 14),
        (Fraction(27, 2), "13.5", 13.5),
        (Fraction(39, 4), "9.75", 9.75),
        (Fraction(129, 10), "12.9", 12.9),
        (Fraction(2585, 200), "12.93", 12.93),  # 12.925, rounded half up
        (Fraction(-1, 3), "-0.33", -0.33),
        (None, "", None),
    ],
)
def test_it_shows_values_exactly_or_to_two_decimals(
    value: Fraction | None, text: str, number: float | None
) -> None:
    assert format_value(value) == text
    assert json_number(value) == number
