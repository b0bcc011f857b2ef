"""The standings compute some values without their working (values.player_value); the
working shown to players must give the same values (values.player_breakdown)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from standings.tiebreaks import Edition, parse_codes
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown, player_value
from tests.standings.tiebreaks.reference import REFERENCE, load_state

CODES = parse_codes("PTS,WIN,WON,BPG,BWG,GE,REP,VUR,PS,ARO,TPR,PTP,BH,SB,KS,AOB,APRO,APPO")


@pytest.mark.parametrize(
    "trf",
    [REFERENCE / "tiebreaks" / "tec-exercise-swiss.trf", REFERENCE / "dev" / "dev_002.trf"],
    ids=lambda path: path.stem,
)
@pytest.mark.parametrize("unrated_rating", [None, 1000])
@pytest.mark.parametrize("unrated", [False, True], ids=["rated", "one-unrated"])
def test_the_values_without_working_equal_the_values_with_it(
    trf: Path, unrated_rating: int | None, unrated: bool
) -> None:
    state = load_state(trf)
    if unrated:
        first = replace(state.players[0], rating=0)
        state = replace(state, players=(first, *state.players[1:]))
    results = Results(state, Edition.C07_2024, unrated_rating)
    for code in CODES:
        for player_id in results.players:
            fast = player_value(results, player_id, code)
            assert fast == player_breakdown(results, player_id, code).value, (code, player_id)
