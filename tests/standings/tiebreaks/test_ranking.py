"""The ranking by the ordered tie-break list (C.07 4.2) and the drawing of lots."""

from __future__ import annotations

from fractions import Fraction

from standings.tiebreaks import Edition, compute_standings, lot, parse_codes
from tests.standings.tiebreaks.builders import SEED_003, SEED_003_RATINGS, tournament
from tournaments.domain.state import PlayerId

SEED = tournament(SEED_003, SEED_003_RATINGS)
FOUR_ABSENT = tournament({1: "HPB", 2: "HPB", 3: "HPB", 4: "HPB"})


def test_it_ranks_by_points_then_each_tie_break_in_order() -> None:
    """On 3 points, BH/C1 puts Bruno (12) before Davide (11) although Davide's BH is higher;
    on 2.5, Giorgia (12) before Elisa (10.5)."""
    standings = compute_standings(SEED, parse_codes("PTS,BH/C1,BH"), edition=Edition.C07_2023)
    assert [row.player_id for row in standings.rows] == [1, 2, 4, 7, 5, 3, 6, 8]
    assert [row.rank for row in standings.rows] == list(range(1, 9))


def test_it_ranks_by_points_first_even_when_the_list_omits_them() -> None:
    standings = compute_standings(SEED, parse_codes("BH"), edition=Edition.C07_2023)
    assert [row.player_id for row in standings.rows][:3] == [1, 4, 2]
    assert set(standings.rows[0].values) == {"BH"}


def test_it_breaks_the_remaining_ties_by_a_seeded_drawing_of_lots() -> None:
    first = compute_standings(FOUR_ABSENT, parse_codes("PTS,BH"), edition=Edition.C07_2024)
    again = compute_standings(FOUR_ABSENT, parse_codes("PTS,BH"), edition=Edition.C07_2024)
    assert [row.player_id for row in first.rows] == [row.player_id for row in again.rows]
    assert [row.lot for row in first.rows] == [1, 2, 3, 4]
    assert first.lots_seed == ""


def test_it_draws_the_lots_from_the_recorded_seed() -> None:
    """Each player draws SHA-256(seed:pairing number); the lower draw ranks higher."""
    orders = set()
    for seed in ("round 9 2026-11-22", "another seed", "third"):
        standings = compute_standings(
            FOUR_ABSENT, parse_codes("PTS"), edition=Edition.C07_2024, lots_seed=seed
        )
        order = [row.player_id for row in standings.rows]
        assert order == sorted(order, key=lambda player: lot(seed, player))
        assert standings.lots_seed == seed
        orders.add(tuple(order))
    assert len(orders) > 1


def test_it_draws_no_lots_for_players_already_separated() -> None:
    standings = compute_standings(SEED, parse_codes("PTS,BH/C1"), edition=Edition.C07_2023)
    assert all(row.lot is None for row in standings.rows)


def test_it_ranks_undefined_values_last() -> None:
    """#1 and #2 on 1.5 points; #1 played no game over the board, so it has no ARO."""
    state = tournament(
        {1: "PAB HPB", 2: "+W3 HPB", 3: "-B2 PAB"}, ratings={1: 2000, 2: 1500, 3: 2500}
    )
    standings = compute_standings(state, parse_codes("PTS,ARO"), edition=Edition.C07_2024)
    assert [(row.player_id, row.values["ARO"]) for row in standings.rows] == [
        (2, Fraction(2500)),
        (1, None),
        (3, Fraction(1500)),
    ]


def test_it_keeps_the_working_of_every_value() -> None:
    standings = compute_standings(SEED, parse_codes("PTS,BH/C1,DE"), edition=Edition.C07_2023)
    alice = standings.breakdown(PlayerId(1), "BH/C1")
    assert alice.value == Fraction(23, 2)
    assert [item.opponent for item in alice.contributions] == [5, 8, 4, 2, 7]
    assert standings.breakdown(PlayerId(1), "DE").value == 0


def test_it_shows_the_working_of_all_of_a_players_values() -> None:
    standings = compute_standings(SEED, parse_codes("PTS,DE,BH/C1,ARO"), edition=Edition.C07_2023)
    davide = standings.breakdowns(PlayerId(4))
    assert list(davide) == ["PTS", "DE", "BH/C1", "ARO"]
    assert [item.round for item in davide["ARO"].contributions] == [1, 3, 4, 5]
    assert davide["BH/C1"].is_cut(2)
    row = next(row for row in standings.rows if row.player_id == 4)
    assert row.rank == 2  # Davide beat Bruno, also on 3 points (DE)
    assert {code: b.value for code, b in davide.items()} == row.values


def test_without_the_drawing_of_lots_the_players_left_tied_share_the_place() -> None:
    # Q203: 1 and 2 drew each other, 3 and 4 too: with no tie-break, each pair stays tied.
    state = tournament({1: "=W2", 2: "=B1", 3: "=W4", 4: "=B3"})

    shared = compute_standings(state, [], edition=Edition.C07_2024, lots=False)
    drawn = compute_standings(state, [], edition=Edition.C07_2024, lots_seed="seed")

    assert [(row.rank, row.player_id, row.lot) for row in shared.rows] == [
        (1, 1, None),
        (1, 2, None),
        (1, 3, None),
        (1, 4, None),
    ]
    assert [row.rank for row in drawn.rows] == [1, 2, 3, 4]
    assert sorted(row.lot or 0 for row in drawn.rows) == [1, 2, 3, 4]
