"""The tie-break cross-test harness (benchmarks/crosstest_tiebreaks.py, issue 39): how values
are compared, which differences it explains, how it reads TieBreakServer's choice of SB cut and
checks a file's ranks. No TieBreakServer is needed: the other program's values are given."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from standings.ranks import tiebreak_list
from standings.tiebreaks import compute_standings, parse_codes
from tournaments.domain.trf import parse_trf, tournament_state_from_trf

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "tests" / "data" / "tiebreaks-crosstest"
sys.path.insert(0, str(ROOT))

from benchmarks import crosstest_tiebreaks as harness  # noqa: E402
from benchmarks import crosstest_tiebreaks_tbs as tbs  # noqa: E402


def test_values_differ_beyond_two_decimals_or_when_one_is_undefined() -> None:
    assert not tbs.differs(35.875, 35.88)  # TieBreakServer prints AOB to 2 decimals
    assert tbs.differs(27.0, 27.5)
    assert tbs.differs(None, 0.0)
    assert not tbs.differs(None, None)


def test_a_2023_difference_is_explained_only_where_our_editions_differ() -> None:
    ours: dict[str, tbs.Values] = {
        "2023": {(1, "BH"): 14.0},
        "2024": {(1, "BH"): 13.5},
        "2026": {(1, "BH"): 13.5},
    }
    assert tbs.explanation((1, "BH"), "2023", 13.5, ours).startswith("C.07 2023 16")
    assert tbs.explanation((1, "BH"), "2023", 13.0, ours) == ""
    assert tbs.explanation((1, "BH"), "2026", 14.0, ours) == ""
    rtng: dict[str, tbs.Values] = {e: {(1, "RTNG"): 0.0} for e in ("2023", "2024", "2026")}
    assert tbs.explanation((1, "RTNG"), "2026", None, rtng) == ""  # no longer open: settled


def test_tiebreakservers_sb_cut_is_reproduced_from_our_contributions() -> None:
    """SB_2025_73 player 19 (docs/reports/tiebreakserver-1.9.57.md, finding 3): cutting the
    VUR of the lowest dummy score gives TieBreakServer's 2.0 and 1.5; ours are 2.5 and 1."""
    doc = parse_trf((DATA / "SB_2025_73.trf").read_text(encoding="utf-8"))
    standings = harness.our_standings(doc, ["PTS", "SB/C1", "SB/C2"], "2026", False, 1000)
    assert harness.lowest_dummy_score_cut(standings, (19, "SB/C1")) == 2.0
    assert harness.lowest_dummy_score_cut(standings, (19, "SB/C2")) == 1.5
    assert harness.our_values(standings)[(19, "SB/C1")] == 2.5


def test_the_rank_check_finds_a_player_ranked_above_a_better_one() -> None:
    doc = parse_trf((DATA / "B_2017_9.trf").read_text(encoding="utf-8"))
    codes = [code.text for code in tiebreak_list(None, doc)]
    standings = compute_standings(
        tournament_state_from_trf(doc),
        parse_codes(",".join(codes)),
        edition=harness.EDITIONS["2026"],
    )
    players: list[dict[str, float | None]] = []
    for row in standings.rows:
        values: dict[str, float | None] = {"cid": float(row.player_id)}
        values.update((code, tbs.number(value)) for code, value in row.values.items())
        players.append(values)
    assert tbs.ranks_contradicted(doc, players) == 0
    swapped = tuple(
        replace(player, rank=3 - player.rank) if player.rank in (1, 2) else player
        for player in doc.players
    )
    assert tbs.ranks_contradicted(replace(doc, players=swapped), players) == 1
