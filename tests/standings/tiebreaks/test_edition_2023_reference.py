"""The 2023 edition on the dev tournaments: where the disputed rule matters (a final forfeit
loss), the values that tests/data/reference/tiebreaks/dev/interpretation-sensitive.json
recomputes under the seed's reading ("if_draw"); everywhere else the oracle's values."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from standings.tiebreaks import Edition, compute_standings, parse_codes
from tests.standings.tiebreaks.reference import TIEBREAKS, load_expected, load_state, source_trf

SENSITIVE = load_expected(TIEBREAKS / "dev" / "interpretation-sensitive.json")["tournaments"]
CODES = ("ABH", "BH", "BH/C1", "SB")


def _check(name: str, recomputed: dict[str, Any]) -> int:
    expected = load_expected(TIEBREAKS / "dev" / f"{name}.json")
    state = load_state(source_trf(recomputed))
    standings = compute_standings(state, parse_codes(",".join(CODES)), edition=Edition.C07_2023)
    ours = {row.player_id: row.values for row in standings.rows}
    changed = {entry["startno"]: entry for entry in recomputed["changed_values"]}
    compared = 0
    for player in expected["players"]:
        for code in CODES:
            value = player["values"][code]
            if code in changed.get(player["startno"], {}):
                value = changed[player["startno"]][code]["if_draw"]
            assert ours[player["startno"]][code] == Fraction(str(value)), (name, player, code)
            compared += 1
    return compared


@pytest.mark.parametrize("name", sorted(SENSITIVE)[:3])
def test_it_reads_a_final_forfeit_loss_as_a_draw_in_2023(name: str) -> None:
    assert _check(name, SENSITIVE[name]) > 0


@pytest.mark.reference
def test_it_reads_every_final_forfeit_loss_of_the_dev_set_as_a_draw_in_2023() -> None:
    assert len(SENSITIVE) == 31
    assert sum(_check(name, recomputed) for name, recomputed in SENSITIVE.items()) == 17_220
