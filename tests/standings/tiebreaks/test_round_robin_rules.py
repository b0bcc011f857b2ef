"""A round robin's unplayed rounds in the tie-breaks (C.07 15.2): its forfeits are games, no
score is adjusted, and Koya's maximum score leaves out the odd field's bye."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from standings.tiebreaks import Edition, parse_code
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown
from tests.standings.tiebreaks.builders import tournament
from tournaments.domain.state import PlayerId, Scoring

# A 4-player round robin (Berger table: 1-4 2-3, 4-3 1-2, 2-4 3-1). Player 4 lost round 1,
# then withdrew: rounds 2 and 3 are forfeits for 3 and 2.
WITHDRAWAL = {
    1: "+W4 =W2 +B3",
    2: "=B3 =B1 +F4",
    3: "=W2 +F4 -W1",
    4: "-B1 -F3 -F2",
}

# A 3-player round robin (the table for 4, number 4 the bye): 1-bye 2-3, bye-3 1-2, 2-bye 3-1.
ODD = {
    1: "PAB +W2 +B3",
    2: "+W3 -B1 PAB",
    3: "-B2 PAB -W1",
}
ZERO_BYE = Scoring(pairing_bye=Scoring().zero_bye)


def value(crosstable: dict[int, str], player: int, code: str, *, round_robin: bool) -> object:
    state = tournament(crosstable)
    if crosstable is ODD:
        state = replace(state, scoring=ZERO_BYE)  # a round robin's bye scores nothing
    results = Results(state, Edition.C07_2024, round_robin=round_robin)
    return player_breakdown(results, PlayerId(player), parse_code(code)).value


def test_a_forfeit_win_counts_its_opponent_in_sonneborn_berger() -> None:
    # Player 2: a draw with 3 (1½ points) and with 1 (2½), a forfeit win over 4 (0 points).
    assert value(WITHDRAWAL, 2, "SB", round_robin=True) == Fraction(3, 4) + Fraction(5, 4) + 0
    # The Swiss rules would give the forfeit a dummy opponent with player 2's own score.
    assert value(WITHDRAWAL, 2, "SB", round_robin=False) != value(
        WITHDRAWAL, 2, "SB", round_robin=True
    )


def test_nobody_s_score_is_adjusted_in_a_round_robin() -> None:
    results = Results(tournament(WITHDRAWAL), Edition.C07_2023, round_robin=True)

    assert results.adjusted == results.points


def test_koya_s_maximum_leaves_out_the_bye() -> None:
    # Every player of the odd field has 2 games: half the maximum is 1 point, which player 2
    # has; counting the bye round as a possible win would ask for 1½.
    assert value(ODD, 1, "KS", round_robin=True) == Fraction(1)
    assert value(ODD, 1, "KS", round_robin=False) == Fraction(0)
