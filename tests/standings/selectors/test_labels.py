"""The public names of the tie-breaks, as the standings pages list them."""

from __future__ import annotations

import pytest

from standings.labels import tiebreak_name, tiebreak_rule
from standings.tiebreaks import Family, parse_code


@pytest.mark.parametrize(
    ("code", "name"),
    [
        ("BH/C1", "Buchholz cut 1"),
        ("SB/M2", "Sonneborn-Berger median 2"),
        ("KS/L+1", "Koya system limit +1"),
        ("ARO", "Average rating of opponents"),
        ("REP", "Rounds one elected to play"),
    ],
)
def test_a_code_is_named_with_its_modifier(code: str, name: str) -> None:
    assert tiebreak_name(parse_code(code)) == name


def test_the_rule_says_what_a_modifier_removes() -> None:
    assert tiebreak_rule(parse_code("BH/C2")).endswith("without the 2 lowest values")
    assert tiebreak_rule(parse_code("BH/M1")).endswith("without the 1 lowest and 1 highest values")
    assert tiebreak_rule(parse_code("KS/L-1")).endswith("(threshold moved by -1 half-points)")


@pytest.mark.parametrize("family", list(Family))
def test_every_family_has_a_name_and_a_rule(family: Family) -> None:
    code = parse_code(family.value)

    assert tiebreak_name(code) and tiebreak_rule(code)
