"""Tie-break values for people and for JSON: the only place where a value becomes a float.

Point-based values are multiples of ½ or ¼ and are shown exactly; other fractions (AOB) are
rounded half up to two decimals, as the FIDE exercise files print them.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

_HUNDREDTH = Decimal("0.01")


def _decimal(value: Fraction) -> Decimal:
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    if (value * 100).denominator == 1:
        return exact
    return exact.quantize(_HUNDREDTH, rounding=ROUND_HALF_UP)


def format_value(value: Fraction | None) -> str:
    """`14`, `13.5`, `9.75`, `12.93`; an empty string for an undefined value."""
    if value is None:
        return ""
    if value.denominator == 1:
        return str(value.numerator)
    return format(_decimal(value).normalize(), "f")


def json_number(value: Fraction | None) -> int | float | None:
    """An int for whole values, else a float with at most two decimals; None stays None."""
    if value is None:
        return None
    if value.denominator == 1:
        return value.numerator
    return float(_decimal(value))
