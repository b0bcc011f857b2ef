"""The C.07 tie-break menu (`tournaments.domain.tiebreaks`): one source for every reader."""

from __future__ import annotations

import pytest

from tournaments.domain.tiebreaks import (
    BY_CODE,
    DEFAULT_TIEBREAKS,
    TIEBREAKS,
    TiebreakCodeError,
    is_known_tiebreak,
    parse_tiebreak,
    tiebreak_list_problems,
)


@pytest.mark.parametrize(
    ("text", "cut_low", "cut_high", "limit"),
    [
        ("BH", 0, 0, 0),
        ("BH/C1", 1, 0, 0),
        ("sb/m2", 2, 2, 0),
        ("KS/L+1", 0, 0, 1),
        ("KS/L-2", 0, 0, -2),
    ],
)
def test_it_reads_cuts_medians_and_koya_limits(
    text: str, cut_low: int, cut_high: int, limit: int
) -> None:
    parsed = parse_tiebreak(text)

    assert (parsed.cut_low, parsed.cut_high, parsed.limit) == (cut_low, cut_high, limit)
    assert parsed.computed


@pytest.mark.parametrize("text", ["XYZ", "WIN/C1", "BH/L+1", "BH/C3", "KS/C1", "BH/", "", "BH:XP"])
def test_it_refuses_codes_and_modifiers_off_the_menu(text: str) -> None:
    with pytest.raises(TiebreakCodeError):
        parse_tiebreak(text)
    assert not is_known_tiebreak(text)


@pytest.mark.parametrize("text", ["BC", "MPvGP", "MPVGP", "EDET/P", "BH:GP/C1/P", "BH:MP"])
def test_team_codes_and_selectors_are_known_but_only_recorded(text: str) -> None:
    assert is_known_tiebreak(text)
    assert not parse_tiebreak(text).computed


def test_only_direct_encounter_may_be_listed_twice() -> None:
    assert tiebreak_list_problems(["BH/C1", "DE", "BH", "DE"]) == []
    assert tiebreak_list_problems(["BH", "SB", "bh"]) == ["A tie-break is listed twice: BH."]
    assert tiebreak_list_problems(["BH", "XYZ"]) == ["Unknown tie-break: XYZ."]


def test_the_default_list_is_on_the_menu_and_computed() -> None:
    assert tiebreak_list_problems(DEFAULT_TIEBREAKS) == []
    assert all(parse_tiebreak(code).computed for code in DEFAULT_TIEBREAKS)


def test_every_code_is_listed_once_with_its_article() -> None:
    assert len(BY_CODE) == len(TIEBREAKS)
    assert all(entry.article and entry.name for entry in TIEBREAKS)
