"""Golden files of the Double-Swiss engine (tests/pairing/engine/doubleswiss/cases): a file
before a match and the pairing of that match, which the independent checker finds too. The
`generated_*` files come from the cross-test's generator (benchmarks/crosstest_doubleswiss.py;
seeds divisible by 3 played random pairings, for unusual histories).
`c8_after_a_costly_first_bottom` is the cross-test's seed 213, match 3: a shortcut of the
engine's search once paired the upfloater 8 with a resident who floated ([C8]) although 7 had
not; the checker saw it. `c0405_3_6_3_first_match` is the text's example of 3.6.3 (eight
players: 1-5 2-6 3-7 4-8, the colours by 4.3.1), `preface_forfeited_match_repeated` the
Preface's forfeit: player 2 forfeited both games of match 1, so the pair meets again."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.checker.doubleswiss import check_double_swiss
from pairing.cli import double_swiss_document
from pairing.engine import format_pairing, pair_double_swiss
from tournaments.domain.trf import tournament_state_from_trf

CASES = Path(__file__).resolve().parent / "cases"


@pytest.mark.parametrize("case", sorted(CASES.glob("*.trf")), ids=lambda path: path.stem)
def test_it_pairs_each_golden_case_as_recorded(case: Path) -> None:
    state = tournament_state_from_trf(double_swiss_document(case.read_text(encoding="utf-8")))
    expected = case.with_suffix(".expected").read_text(encoding="utf-8")
    pairing = pair_double_swiss(state)
    checked = check_double_swiss(state)
    assert format_pairing(pairing) == expected
    assert tuple((b.white, b.black) for b in pairing.boards) == checked.boards
    assert pairing.bye == checked.bye


def test_the_golden_cases_cover_byes_and_upfloaters() -> None:
    texts = [case.read_text(encoding="utf-8") for case in CASES.glob("*.trf")]
    assert len(texts) >= 9
    assert any(" U  0000 - H" in text for text in texts)  # a PAB in an earlier match
    assert sum(1 for case in CASES.glob("*.expected") if " 0\n" in case.read_text()) >= 2
