"""The standings compute exactly the codes the C.07 menu marks as computed."""

from __future__ import annotations

import pytest

from standings.tiebreaks import Family, UnknownTiebreak, parse_code
from standings.tiebreaks.codes import HELPERS
from tournaments.domain.tiebreaks import TIEBREAKS, TiebreakDefinition, is_known_tiebreak


def test_the_computed_codes_of_the_menu_are_the_standings_families() -> None:
    computed = {entry.code for entry in TIEBREAKS if entry.computed}

    assert computed == {family.value for family in Family if family not in HELPERS}


@pytest.mark.parametrize("entry", [e for e in TIEBREAKS if e.computed], ids=lambda e: e.code)
def test_every_computed_code_parses_to_its_family(entry: TiebreakDefinition) -> None:
    code = entry.code

    assert parse_code(code).family is Family(code)


@pytest.mark.parametrize("entry", [e for e in TIEBREAKS if not e.computed], ids=lambda e: e.code)
def test_recorded_only_codes_are_refused_by_the_standings(entry: TiebreakDefinition) -> None:
    with pytest.raises(UnknownTiebreak, match="recorded, not computed"):
        parse_code(entry.code)


@pytest.mark.parametrize("family", [f for f in Family if f in HELPERS], ids=str)
def test_helper_values_are_read_by_the_standings_but_not_on_the_menu(family: Family) -> None:
    assert parse_code(family.value).family is family
    assert not is_known_tiebreak(family.value)
