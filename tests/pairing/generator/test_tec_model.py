"""The TEC statistical model of results (VCL Q32), `ResultsModel=tec`, the generator's default.

The probabilities are checked against values worked out by hand from the model's formulas (the
reference implementation's parameters, see `pairing.generator.tec_model`); the frequencies on
many draws from a fixed seed, with tolerances several standard deviations wide.
"""

from __future__ import annotations

import functools
import io
import random
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.cli import main
from pairing.generator import GeneratorConfigError, parse_config, run_generator
from pairing.generator.results import GameEnd, GameModel, ResultModel
from pairing.generator.tec_model import tec_probabilities
from standings.ranks import file_ranks

DRAWS = 20_000
generate = functools.partial(run_generator, rank=file_ranks)


def test_between_equal_2000_players_white_scores_53_6_percent_with_36_percent_draws() -> None:
    # Rm 2000: W = 96, B = -150; Pw = 1/(1+10^(96/370)), Pb = 1/(1+10^(150/370)).
    odds = tec_probabilities(2000, 2000)
    assert odds.white_wins == pytest.approx(1 / (1 + 10 ** (96 / 370)))
    assert odds.black_wins == pytest.approx(1 / (1 + 10 ** (150 / 370)))
    assert odds.white_wins == pytest.approx(0.3549, abs=1e-4)
    assert odds.draw == pytest.approx(0.3628, abs=1e-4)
    assert odds.black_wins == pytest.approx(0.2822, abs=1e-4)
    assert odds.white_score == pytest.approx(0.536, abs=1e-3)


def test_a_higher_mean_rating_gives_more_draws_and_more_white_advantage() -> None:
    weak, strong = tec_probabilities(1600, 1600), tec_probabilities(2400, 2400)
    assert strong.draw > weak.draw
    assert strong.white_score > weak.white_score
    # Rm 2400: W = 135.44, B = -212.8.
    assert strong.white_wins == pytest.approx(1 / (1 + 10 ** (135.44 / 370)))
    assert strong.black_wins == pytest.approx(1 / (1 + 10 ** (212.8 / 370)))


def test_the_stronger_player_scores_more_with_either_colour() -> None:
    assert tec_probabilities(2200, 1900).white_score > 0.8
    assert tec_probabilities(1900, 2200).white_score < 0.3


def test_below_the_fitted_range_there_are_no_draws_and_the_odds_still_sum_to_one() -> None:
    odds = tec_probabilities(800, 900)  # mean 850: the two curves overlap
    assert odds.draw == 0
    assert odds.white_wins + odds.black_wins == pytest.approx(1)
    assert odds.black_wins > odds.white_wins


@given(st.integers(0, 3500), st.integers(0, 3500))
def test_the_probabilities_are_a_distribution(white: int, black: int) -> None:
    odds = tec_probabilities(white, black)
    assert min(odds.white_wins, odds.draw, odds.black_wins) >= 0
    assert odds.white_wins + odds.draw + odds.black_wins == pytest.approx(1)


@pytest.mark.parametrize(("white", "black"), [(2000, 2000), (2300, 2100), (1700, 2000)])
def test_games_drawn_with_the_tec_model_come_at_its_frequencies(white: int, black: int) -> None:
    model = ResultModel.from_rates(30, 0, game_model=GameModel.TEC)
    rng = random.Random(20261127)
    games = Counter(model.draw(rng, white, black) for _ in range(DRAWS))
    odds = tec_probabilities(white, black)
    assert games[GameEnd.WHITE_WINS] / DRAWS == pytest.approx(odds.white_wins, abs=0.015)
    assert games[GameEnd.DRAW] / DRAWS == pytest.approx(odds.draw, abs=0.015)
    assert games[GameEnd.BLACK_WINS] / DRAWS == pytest.approx(odds.black_wins, abs=0.015)


def test_the_draw_percentage_does_not_change_the_tec_model() -> None:
    low = ResultModel.from_rates(0, 0, game_model=GameModel.TEC)
    high = ResultModel.from_rates(60, 0, game_model=GameModel.TEC)
    first, second = random.Random(7), random.Random(7)
    assert [low.draw(first, 2100, 2000) for _ in range(500)] == [
        high.draw(second, 2100, 2000) for _ in range(500)
    ]


def test_the_results_model_key_is_read_written_back_and_checked() -> None:
    config = parse_config("PlayersNumber=10\nRoundsNumber=5\nResultsModel=table\n")
    assert config.game_model is GameModel.TABLE
    assert "ResultsModel=table\n" in config.as_text()
    assert parse_config(config.as_text()) == config
    default = parse_config("PlayersNumber=10\nRoundsNumber=5\n")
    assert default.game_model is GameModel.TEC  # the checklist's model by default (Q32)
    assert "ResultsModel=tec\n" in default.as_text()  # always recorded in the ### line
    with pytest.raises(GeneratorConfigError, match="line 3: ResultsModel must be table or tec"):
        parse_config("PlayersNumber=10\nRoundsNumber=5\nResultsModel=elo\n")


def test_a_tec_tournament_is_reproducible_recorded_and_passes_the_checker(tmp_path: Path) -> None:
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=20\nRoundsNumber=7\nResultsModel=tec\n")
    first, second = tmp_path / "a.trf", tmp_path / "b.trf"

    assert main(["--dutch", "-g", str(config), "-o", str(first), "-s", "29"]) == 0
    assert main(["--dutch", "-g", str(config), "-o", str(second), "-s", "29"]) == 0

    assert first.read_text() == second.read_text()
    header = [line for line in first.read_text().splitlines() if line.startswith("###")]
    assert "ResultsModel=tec" in header[0]
    assert main(["--dutch", str(first), "-c"]) == 0
    config.write_text("PlayersNumber=20\nRoundsNumber=7\nResultsModel=table\n")
    table = tmp_path / "table.trf"
    assert main(["--dutch", "-g", str(config), "-o", str(table), "-s", "29"]) == 0
    assert table.read_text() != first.read_text()


def test_without_a_results_model_the_generator_plays_the_tec_model(tmp_path: Path) -> None:
    """The default is the TEC model (VCL Q32): a file without `ResultsModel` gives, seed for
    seed, the very tournament of `ResultsModel=tec`."""
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=30\nRoundsNumber=7\n")
    default, tec = tmp_path / "default.trf", tmp_path / "tec.trf"
    assert main(["--dutch", "-g", str(config), "-o", str(default), "-s", "5"]) == 0
    config.write_text("PlayersNumber=30\nRoundsNumber=7\nResultsModel=tec\n")
    assert main(["--dutch", "-g", str(config), "-o", str(tec), "-s", "5"]) == 0
    assert default.read_text() == tec.read_text()


def test_a_draw_percentage_under_the_tec_model_is_named_as_unused(tmp_path: Path) -> None:
    """A JaVaFo-style file with `DrawPercentage` still runs, and stderr says the key took no
    effect; under `ResultsModel=table` it is used and nothing is said."""
    config = tmp_path / "rtg.txt"
    config.write_text("PlayersNumber=12\nRoundsNumber=4\nDrawPercentage=40\n")
    errors = io.StringIO()
    assert generate(str(config), str(tmp_path / "a.trf"), 3, stderr=errors) == 0
    assert "DrawPercentage is not used: ResultsModel=tec" in errors.getvalue()
    config.write_text("PlayersNumber=12\nRoundsNumber=4\nDrawPercentage=40\nResultsModel=table\n")
    errors = io.StringIO()
    assert generate(str(config), str(tmp_path / "b.trf"), 3, stderr=errors) == 0
    assert errors.getvalue() == ""
