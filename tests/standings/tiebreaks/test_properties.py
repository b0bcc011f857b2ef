"""Hypothesis: invariants of the tie-breaks on random Swiss tournaments with byes, forfeits
and withdrawals."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from standings.tiebreaks import Edition, compute_standings, parse_codes
from standings.tiebreaks.results import Results
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

_GAME_RESULTS = [
    (Outcome.WIN, Outcome.LOSS),
    (Outcome.DRAW, Outcome.DRAW),
    (Outcome.LOSS, Outcome.WIN),
    (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
]
_NOT_PAIRED = [Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT, Outcome.FULL_BYE]
CODES = parse_codes(
    "PTS,DE,WIN,WON,BPG,BWG,GE,PS,PS/C1,KS,BH,BH/C1,BH/C2,BH/M1,BH/M2,FB,AOB,SB,SB/C1,"
    "ARO,ARO/C1,TPR,PTP,APRO,APPO"
)


@st.composite
def swiss_tournaments(draw: st.DrawFn) -> TournamentState:
    count = draw(st.integers(2, 10))
    ids = [PlayerId(number) for number in range(1, count + 1)]
    histories: dict[PlayerId, list[RoundRecord]] = {pid: [] for pid in ids}
    for _ in range(draw(st.integers(1, 6))):
        absent = draw(st.sets(st.sampled_from(ids), max_size=count // 3))
        for pid in sorted(absent):
            histories[pid].append(RoundRecord(None, Color.NONE, draw(st.sampled_from(_NOT_PAIRED))))
        present = draw(st.permutations([pid for pid in ids if pid not in absent]))
        if len(present) % 2:
            histories[present[-1]].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
        for white, black in zip(present[0::2], present[1::2], strict=False):
            first, second = draw(st.sampled_from(_GAME_RESULTS))
            histories[white].append(RoundRecord(black, Color.WHITE, first))
            histories[black].append(RoundRecord(white, Color.BLACK, second))
    ratings = draw(st.lists(st.integers(1000, 2800), min_size=count, max_size=count))
    players = tuple(
        PlayerState(id=pid, rating=rating, history=tuple(histories[pid]))
        for pid, rating in zip(ids, ratings, strict=True)
    )
    return TournamentState(total_rounds=len(players[0].history), players=players)


def _at_most(low: Fraction | None, high: Fraction | None) -> bool:
    return low is not None and high is not None and low <= high


@settings(max_examples=25, deadline=None)
@given(swiss_tournaments(), st.sampled_from(list(Edition)))
def test_every_cut_lowers_the_buchholz_and_sb_stays_below_it(
    state: TournamentState, edition: Edition
) -> None:
    for row in compute_standings(state, CODES, edition=edition).rows:
        values = row.values
        assert _at_most(values["BH/C1"], values["BH"])
        assert _at_most(values["BH/C2"], values["BH/C1"])
        assert _at_most(values["BH/M1"], values["BH/C1"])
        assert _at_most(values["BH/M2"], values["BH/M1"])
        assert _at_most(values["SB/C1"], values["SB"])
        assert _at_most(values["SB"], values["BH"])
        assert _at_most(values["PS/C1"], values["PS"])


@settings(max_examples=25, deadline=None)
@given(swiss_tournaments())
def test_the_counting_tie_breaks_are_consistent(state: TournamentState) -> None:
    rounds = state.rounds_played
    for row in compute_standings(state, CODES, edition=Edition.C07_2024).rows:
        values = row.values
        assert _at_most(values["WON"], values["WIN"])
        assert _at_most(values["BWG"], values["WON"])
        assert _at_most(values["BWG"], values["BPG"])
        assert _at_most(values["GE"], Fraction(rounds))
        assert _at_most(values["KS"], values["PTS"])


@settings(max_examples=25, deadline=None)
@given(swiss_tournaments())
def test_adjusted_scores_never_fall_below_points_and_2023_adds_most(
    state: TournamentState,
) -> None:
    in_2023 = Results(state, Edition.C07_2023)
    in_2024 = Results(state, Edition.C07_2024)
    for pid, points in in_2024.points.items():
        assert points <= in_2024.adjusted[pid] <= in_2023.adjusted[pid]


@settings(max_examples=25, deadline=None)
@given(swiss_tournaments())
def test_the_2026_cap_never_raises_a_buchholz(state: TournamentState) -> None:
    codes = parse_codes("BH")
    capped = compute_standings(state, codes, edition=Edition.C07_2026)
    uncapped = compute_standings(state, codes, edition=Edition.C07_2024)
    before = {row.player_id: row.values["BH"] for row in uncapped.rows}
    for row in capped.rows:
        assert _at_most(row.values["BH"], before[row.player_id])


@settings(max_examples=25, deadline=None)
@given(swiss_tournaments(), st.randoms(use_true_random=False))
def test_the_ranking_orders_by_points_and_ignores_the_input_order(
    state: TournamentState, shuffler: random.Random
) -> None:
    standings = compute_standings(state, CODES, edition=Edition.C07_2024, lots_seed="s")
    assert [row.rank for row in standings.rows] == list(range(1, len(state.players) + 1))
    points = [row.values["PTS"] or Fraction(0) for row in standings.rows]
    assert points == sorted(points, reverse=True)
    players = list(state.players)
    shuffler.shuffle(players)
    shuffled = TournamentState(total_rounds=state.total_rounds, players=tuple(players))
    again = compute_standings(shuffled, CODES, edition=Edition.C07_2024, lots_seed="s")
    assert again.rows == standings.rows
