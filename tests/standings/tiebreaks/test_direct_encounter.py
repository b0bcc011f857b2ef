"""Direct encounter (C.07 6): the mini-standings of a tied group, applied again to smaller
groups, and the Swiss procedure when not everybody met (6.3)."""

from __future__ import annotations

from fractions import Fraction

from standings.tiebreaks import Edition, compute_standings, parse_codes
from standings.tiebreaks.direct_encounter import direct_encounter_order, places
from standings.tiebreaks.results import Results
from tests.standings.tiebreaks.builders import tournament
from tournaments.domain.state import PlayerId, TournamentState

CYCLE = {1: "+W2 -B3 PAB", 2: "-B1 PAB +W3", 3: "PAB +W1 -B2"}
"""#1 beat #2, #2 beat #3, #3 beat #1."""


def order(state: TournamentState, *group: int) -> list[tuple[PlayerId, ...]]:
    results = Results(state, Edition.C07_2024)
    return direct_encounter_order(results, [PlayerId(number) for number in group])


def test_it_ranks_players_who_all_met_by_their_mini_standings() -> None:
    state = tournament({1: "+W2 +B3 PAB", 2: "-B1 PAB +W3", 3: "PAB -W1 -B2"})
    assert order(state, 1, 2, 3) == [(1,), (2,), (3,)]


def test_it_leaves_a_cycle_tied_and_reports_zero() -> None:
    state = tournament(CYCLE)
    assert order(state, 1, 2, 3) == [(1, 2, 3)]
    assert places(order(state, 1, 2, 3)) == {1: 0, 2: 0, 3: 0}


def test_it_applies_direct_encounter_again_inside_each_smaller_tied_group() -> None:
    """Mini-standings: #1 and #2 on 2, #3 and #4 on 1; #1 beat #2 and #4 beat #3."""
    state = tournament(
        {
            1: "+W2 -B3 +W4",
            2: "-B1 +W4 +B3",
            3: "-W4 +W1 -W2",
            4: "+B3 -B2 -B1",
        }
    )
    assert order(state, 1, 2, 3, 4) == [(1,), (2,), (4,), (3,)]
    assert places(order(state, 1, 2, 3, 4)) == {1: 1, 2: 2, 4: 3, 3: 4}


def test_it_assigns_no_place_when_the_leaders_did_not_meet() -> None:
    """The seed's example: A and B did not meet, C lost to both. C's certain last place is not
    used either: places are assigned from the top only."""
    state = tournament({1: "+W3 PAB", 2: "PAB +B3", 3: "-B1 -W2"})
    assert order(state, 1, 2, 3) == [(1, 2, 3)]


def test_it_places_a_player_first_whatever_the_missing_games_and_restarts_with_the_rest() -> None:
    """#1 beat everybody; #2 and #3 did not meet, so the rest stays tied."""
    state = tournament(
        {
            1: "+W2 +B3 +W4",
            2: "-B1 +W4 PAB",
            3: "+W4 -W1 PAB",
            4: "-B3 -B2 -B1",
        }
    )
    assert order(state, 1, 2, 3, 4) == [(1,), (2, 3, 4)]
    assert places(order(state, 1, 2, 3, 4)) == {1: 1, 2: 2, 3: 2, 4: 2}


def test_it_does_not_place_a_leader_whom_a_missing_game_could_still_catch() -> None:
    """#1 leads 1-0 but has not met #3, who could still reach 1 by beating #1."""
    state = tournament({1: "+W2 PAB", 2: "-B1 -W3", 3: "PAB +B2"})
    assert order(state, 1, 2, 3) == [(1, 2, 3)]


def test_it_leaves_forfeits_out() -> None:
    state = tournament({1: "+F2", 2: "-F1"})
    assert order(state, 1, 2) == [(1, 2)]


def test_it_averages_the_results_of_players_who_met_more_than_once() -> None:
    """#1 won and drew against #2: ¾ against ¼ (6.1.2)."""
    state = tournament({1: "+W2 =B2", 2: "-B1 =W1"})
    assert order(state, 1, 2) == [(1,), (2,)]
    state = tournament({1: "+W2 -B2", 2: "-B1 +W1"})
    assert order(state, 1, 2) == [(1, 2)]


def test_it_recomputes_direct_encounter_inside_the_group_still_tied_before_it() -> None:
    """All on 2 points in a cycle. ARO puts #3 (1500 against 2000) first; DE then separates
    #1 from #2, who met, although it separates nobody in the whole group."""
    state = tournament(CYCLE, ratings={1: 2000, 2: 2000, 3: 1000})
    standings = compute_standings(state, parse_codes("PTS,ARO,DE"), edition=Edition.C07_2024)
    assert [(row.player_id, row.values["DE"]) for row in standings.rows] == [
        (3, Fraction(0)),
        (1, Fraction(1)),
        (2, Fraction(2)),
    ]
