"""Results drawn from the rating difference: FIDE's expected score, draws, forfeits, ½-0.

The frequencies are measured on many draws from a fixed seed, with tolerances several standard
deviations wide: the tests are deterministic and fail only when the model is wrong.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pairing.generator.results import GameEnd, ResultModel, expected_score
from tournaments.domain.state import Outcome

DRAWS = 20_000

SCORE = {
    GameEnd.WHITE_WINS: 1.0,
    GameEnd.DRAW: 0.5,
    GameEnd.BLACK_WINS: 0.0,
}


def _games(model: ResultModel, white: int, black: int) -> Counter[GameEnd]:
    rng = random.Random(20261122)
    return Counter(model.draw(rng, white, black) for _ in range(DRAWS))


@pytest.mark.parametrize(
    ("rating", "opponent", "expected"),
    [
        # B.02 table 8.1.2: D 0-3 .50, 4-10 .51, 99-106 .64, 198-206 .76, 392-411 .92.
        (2000, 2000, 0.50),
        (2003, 2000, 0.50),
        (2004, 2000, 0.51),
        (2100, 2000, 0.64),
        (1800, 2000, 0.24),
        (2400, 2000, 0.92),
        # B.02 art. 8 (rating change): a difference of more than 400 points counts as 400.
        (2800, 1000, 0.92),
        (1000, 2800, 0.08),
    ],
)
def test_the_expectation_is_pd_of_the_fide_rating_table(
    rating: int, opponent: int, expected: float
) -> None:
    assert expected_score(rating, opponent) == pytest.approx(expected)
    assert expected_score(rating, opponent) + expected_score(opponent, rating) == pytest.approx(1)


def test_unusual_scores_come_at_their_rates_among_played_games() -> None:
    model = ResultModel.from_rates(30, 0, half_zero_rate=10, zero_half_rate=20, zero_zero_rate=50)
    games = _games(model, 2000, 1900)
    assert games[GameEnd.HALF_ZERO] / DRAWS == pytest.approx(0.10, abs=0.01)
    assert games[GameEnd.ZERO_HALF] / DRAWS == pytest.approx(0.05, abs=0.01)
    assert games[GameEnd.ZERO_ZERO] / DRAWS == pytest.approx(0.02, abs=0.005)
    assert GameEnd.HALF_ZERO.outcomes == (Outcome.DRAW, Outcome.LOSS)
    assert GameEnd.ZERO_ZERO.outcomes == (Outcome.LOSS, Outcome.LOSS)
    assert all(outcome.is_played for outcome in GameEnd.ZERO_HALF.outcomes)


def test_equally_rated_players_draw_at_the_draw_percentage() -> None:
    games = _games(ResultModel.from_rates(draw_percentage=40, forfeit_rate=0), 2000, 2000)
    assert games[GameEnd.DRAW] / DRAWS == pytest.approx(0.40, abs=0.02)
    assert games[GameEnd.WHITE_WINS] == pytest.approx(games[GameEnd.BLACK_WINS], rel=0.1)


@pytest.mark.parametrize(("white", "black"), [(2200, 2000), (1500, 2100), (2800, 1000)])
def test_the_mean_score_is_the_table_expectation(white: int, black: int) -> None:
    games = _games(ResultModel.from_rates(draw_percentage=35, forfeit_rate=0), white, black)
    mean = sum(SCORE[end] * count for end, count in games.items()) / DRAWS
    assert mean == pytest.approx(expected_score(white, black), abs=0.01)


def test_draws_get_rarer_as_the_rating_gap_grows() -> None:
    model = ResultModel.from_rates(draw_percentage=40, forfeit_rate=0)
    shares = [_games(model, 2000 + gap, 2000)[GameEnd.DRAW] / DRAWS for gap in (0, 200, 600)]
    assert shares[0] > shares[1] > shares[2]
    expected = 0.40 * 2 * (1 - expected_score(2200, 2000))
    assert shares[1] == pytest.approx(expected, abs=0.02)


def test_one_game_in_forfeit_rate_is_forfeited_and_some_by_both_players() -> None:
    games = _games(ResultModel.from_rates(draw_percentage=30, forfeit_rate=10), 2000, 1900)
    forfeits = [GameEnd.WHITE_FORFEITS, GameEnd.BLACK_FORFEITS, GameEnd.BOTH_FORFEIT]
    assert sum(games[end] for end in forfeits) / DRAWS == pytest.approx(0.1, abs=0.01)
    assert 0 < games[GameEnd.BOTH_FORFEIT] < games[GameEnd.WHITE_FORFEITS]


def test_no_game_is_forfeited_when_the_rate_is_zero() -> None:
    games = _games(ResultModel.from_rates(draw_percentage=30, forfeit_rate=0), 2000, 1900)
    assert set(games) <= {GameEnd.WHITE_WINS, GameEnd.DRAW, GameEnd.BLACK_WINS}


def test_forfeits_are_written_as_unplayed_games() -> None:
    assert GameEnd.WHITE_FORFEITS.outcomes == (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
    assert GameEnd.BOTH_FORFEIT.outcomes == (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS)
    assert not any(outcome.is_played for outcome in GameEnd.BLACK_FORFEITS.outcomes)
    assert all(outcome.is_played for outcome in GameEnd.DRAW.outcomes)
