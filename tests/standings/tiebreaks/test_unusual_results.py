"""The unusual results of a played game (issue 15, checklist Q180, Q186): ½-0 and 0-0 are
games played over the board, each player scoring what the arbiter gave; no side won. An
adjourned game scores a draw while it is open (Q157)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.tiebreaks import Edition, parse_codes
from standings.tiebreaks.results import Results
from standings.tiebreaks.values import player_breakdown, player_value
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

CODES = parse_codes("PTS,WIN,WON,GE,BH,SB")


def _one_round(white_1: Outcome, black_2: Outcome, white_3: Outcome, black_4: Outcome) -> Results:
    """Round 1: 1 (White) - 2 and 3 (White) - 4 with the given outcomes."""
    games = {1: (2, Color.WHITE, white_1), 2: (1, Color.BLACK, black_2)}
    games |= {3: (4, Color.WHITE, white_3), 4: (3, Color.BLACK, black_4)}
    players = tuple(
        PlayerState(
            id=PlayerId(number),
            name=f"Player {number}",
            rating=2000,
            history=(RoundRecord(PlayerId(opponent), color, outcome),),
        )
        for number, (opponent, color, outcome) in games.items()
    )
    return Results(TournamentState(total_rounds=1, players=players), Edition.C07_2024, None)


def _values(results: Results, code: str) -> list[Fraction | None]:
    (parsed,) = parse_codes(code)
    return [player_value(results, PlayerId(number), parsed) for number in (1, 2, 3, 4)]


def test_half_zero_and_zero_zero_score_as_given_and_win_nothing() -> None:
    results = _one_round(Outcome.DRAW, Outcome.LOSS, Outcome.LOSS, Outcome.LOSS)

    assert _values(results, "PTS") == [Fraction(1, 2), 0, 0, 0]
    assert _values(results, "WIN") == [0, 0, 0, 0]
    assert _values(results, "GE") == [1, 1, 1, 1]  # each game was played (C.07 GE)
    # BH: the opponent's points; SB: the points scored against each opponent times theirs.
    assert _values(results, "BH") == [0, Fraction(1, 2), 0, 0]
    assert _values(results, "SB") == [0, 0, 0, 0]


@pytest.mark.parametrize(
    "outcomes",
    [
        (Outcome.DRAW, Outcome.LOSS, Outcome.LOSS, Outcome.LOSS),
        (Outcome.LOSS, Outcome.DRAW, Outcome.ADJOURNED, Outcome.ADJOURNED),
    ],
    ids=["half-zero and zero-zero", "zero-half and adjourned"],
)
def test_the_values_shown_with_their_working_are_the_same(
    outcomes: tuple[Outcome, Outcome, Outcome, Outcome],
) -> None:
    results = _one_round(*outcomes)

    for code in CODES:
        for number in (1, 2, 3, 4):
            value = player_value(results, PlayerId(number), code)
            assert value == player_breakdown(results, PlayerId(number), code).value


def test_an_adjourned_game_scores_a_draw_while_open() -> None:
    results = _one_round(Outcome.WIN, Outcome.LOSS, Outcome.ADJOURNED, Outcome.ADJOURNED)

    assert _values(results, "PTS") == [1, 0, Fraction(1, 2), Fraction(1, 2)]
