"""The first resident exchange found with matchings (`exchanges.first_exchange`, used in the
collapsed last bracket of A.9) is the one the walk through every exchange in D.2 order finds."""

from __future__ import annotations

from pathlib import Path

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pairing.engine.api import NoValidPairing
from pairing.engine.dutch.absolute import absolute_criteria
from pairing.engine.dutch.bracket import BracketPairing, BracketSearch
from pairing.engine.dutch.criteria import Layout, Weights
from pairing.engine.dutch.players import build_facts
from tournaments.domain.trf import parse_trf, tournament_state_from_trf

DEV = Path(__file__).resolve().parents[2] / "data" / "reference" / "dev"
FILES = sorted(DEV.glob("dev_*.trf"))[:40]


def _pairs(result: BracketPairing) -> list[tuple[int, int]]:
    return [(higher.id, lower.id) for higher, lower in result.pairs]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, len(FILES) - 1),
    st.integers(0, 20),
    st.integers(4, 12),
    st.integers(0, 2),
    st.booleans(),
)
def test_the_exchange_found_by_matchings_is_the_first_in_d2_order(
    file: int, round_choice: int, size: int, mdps: int, collapsed: bool
) -> None:
    doc = parse_trf(FILES[file].read_text(encoding="utf-8"))
    state = tournament_state_from_trf(doc, 1 + round_choice % doc.rounds_in_file)
    players = build_facts(state)[-size:]
    assume(len(players) > mdps + 1)
    layout = Layout(players, len(players), len(players) % 2 == 1, collapsed=collapsed)
    found = []
    for by_matching in (False, True):
        search = BracketSearch(
            layout,
            Weights(layout, state.initial_color, state.rounds_played),
            absolute_criteria(state),
            mdps,
            [],
            False,
        )
        search.exchanges_by_matching = by_matching
        try:
            result = search.solve(completing=True)
        except NoValidPairing:
            assume(False)
        found.append(_pairs(result))
    assert found[0] == found[1]
