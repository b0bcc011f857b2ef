"""Seed 003 (FSI slides "C.07 Sistemi di spareggio 2023"): the six published Buchholz values
under the 2023 edition, and what the later editions change (docs/tiebreaks.md)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks import CutReason, Edition, compute_standings, parse_codes
from standings.tiebreaks.results import Results
from tests.standings.tiebreaks.builders import SEED_003, SEED_003_RATINGS, tournament
from tests.standings.tiebreaks.reference import TIEBREAKS, load_state
from tournaments.domain.state import PlayerId, TournamentState

STATE = tournament(SEED_003, SEED_003_RATINGS)
ALICE, BRUNO, DAVIDE, ITALO = PlayerId(1), PlayerId(2), PlayerId(4), PlayerId(8)


def values(edition: Edition, codes: str = "PTS,BH,BH/C1") -> dict[int, dict[str, Fraction | None]]:
    standings = compute_standings(STATE, parse_codes(codes), edition=edition)
    return {row.player_id: row.values for row in standings.rows}


@pytest.mark.parametrize(
    ("player", "code", "published"),
    [
        (ALICE, "BH", "14.0"),
        (ALICE, "BH/C1", "11.5"),
        (BRUNO, "BH", "13.5"),
        (BRUNO, "BH/C1", "12.0"),
        (DAVIDE, "BH", "14.0"),
        (DAVIDE, "BH/C1", "11.0"),
    ],
)
def test_it_gives_the_six_values_the_seed_publishes_under_the_2023_edition(
    player: int, code: str, published: str
) -> None:
    assert values(Edition.C07_2023)[player][code] == Fraction(published)


def test_the_hand_built_seed_has_the_results_of_the_reference_trf() -> None:
    def results(state: TournamentState) -> list[tuple[int, int, list[tuple[object, ...]]]]:
        return [
            (p.id, p.rating, [(r.opponent, r.outcome) for r in p.history]) for p in state.players
        ]

    assert results(load_state(TIEBREAKS / "c07-seed-example.trf")) == results(STATE)


def test_it_counts_a_final_forfeit_loss_as_a_draw_for_the_opponents_only_in_2023() -> None:
    """Italo lost round 3 by forfeit and never came back: 3.0 for his opponents in 2023
    (16.A), 2.5 from 2024 on (only requested byes become draws, category .5)."""
    assert Results(STATE, Edition.C07_2023).adjusted[ITALO] == 6
    assert Results(STATE, Edition.C07_2024).adjusted[ITALO] == 5
    assert values(Edition.C07_2024)[ALICE] == {
        "PTS": Fraction(4),
        "BH": Fraction(27, 2),
        "BH/C1": Fraction(11),
    }


def test_it_cuts_davides_half_point_bye_before_his_lowest_opponent() -> None:
    standings = compute_standings(STATE, parse_codes("BH/C1"), edition=Edition.C07_2023)
    breakdown = standings.breakdown(DAVIDE, "BH/C1")
    assert [(cut.round, cut.reason) for cut in breakdown.cuts] == [(2, CutReason.VOLUNTARY_FIRST)]
    assert [breakdown.points(item) for item in breakdown.contributions] == [
        Fraction(5, 2),
        Fraction(3),
        Fraction(4),
        Fraction(3, 2),
        Fraction(3),
    ]


def test_it_caps_the_dummy_opponent_in_the_2026_edition() -> None:
    """2026: Bruno's forfeit win counts Italo's adjusted 2.5, not his own 3.0; Davide's
    half-point bye at most a draw per round so far (2.5), not 3.0 (oracle's 2026 set)."""
    found = values(Edition.C07_2026)
    assert found[BRUNO]["BH"] == 13
    assert found[DAVIDE]["BH"] == Fraction(27, 2)
