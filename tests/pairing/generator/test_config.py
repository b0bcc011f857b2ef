"""The RTG configuration file: JaVaFo's keys, ours, and clear errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.generator import GeneratorConfig, GeneratorConfigError, InitialColor, parse_config
from pairing.generator.config import SWISS_TIEBREAKS, RatingSpread
from pairing.generator.config_reader import read_config
from tournaments.domain.tiebreaks import DEFAULT_TIEBREAKS

RTG_FILE = """\
PlayersNumber=26
RoundsNumber=5
DrawPercentage=40
ForfeitRate=68
RetiredRate=37
HalfPointByeRate=19
HighestRating=2471
LowestRating=1345
"""


def test_it_reads_the_javafo_keys() -> None:
    assert parse_config(RTG_FILE) == GeneratorConfig(
        players=26,
        rounds=5,
        draw_percentage=40,
        forfeit_rate=68,
        zero_bye_rate=37,
        half_bye_rate=19,
        highest_rating=2471,
        lowest_rating=1345,
    )


def test_it_reads_our_own_keys() -> None:
    text = "PlayersNumber=10\nRoundsNumber=4\nWithdrawalRate=20\nLateEntryRate=30\n"
    config = parse_config(text + "InitialColor=Black\n")
    assert (config.withdrawal_rate, config.late_entry_rate) == (20, 30)
    assert config.initial_color is InitialColor.BLACK


def test_it_reads_the_unusual_results_and_the_tie_break_list() -> None:
    text = "PlayersNumber=10\nRoundsNumber=4\nHalfZeroRate=50\nZeroHalfRate=60\n"
    config = parse_config(text + "ZeroZeroRate=70\nTieBreaks= BH/C1, SB ,DE,DE\n")
    assert (config.half_zero_rate, config.zero_half_rate, config.zero_zero_rate) == (50, 60, 70)
    assert config.tiebreaks == ("BH/C1", "SB", "DE", "DE")  # C.07 6: DE may repeat
    assert parse_config("PlayersNumber=8\nRoundsNumber=3\n").tiebreaks == DEFAULT_TIEBREAKS


def test_baku_acceleration_is_asked_for_and_never_drawn() -> None:
    text = "PlayersNumber=8\nRoundsNumber=3\n"
    assert parse_config(text + "Acceleration=Baku\n").baku
    assert not parse_config(text + "Acceleration=none\n").baku
    assert not any(read_config(text, random.Random(seed)).baku for seed in range(20))


def test_a_players_file_needs_the_command_line_to_read_it() -> None:
    with pytest.raises(GeneratorConfigError, match="line 2: PlayersFile is read by the command"):
        parse_config("RoundsNumber=3\nPlayersFile=players.csv\n")
    config = parse_config(
        "RoundsNumber=3\nPlayersFile=players.csv\n",
        {"players.csv": "name,rating\nB,1900\nA,2000\n"}.__getitem__,
    )
    assert (config.players, config.players_file) == (2, "players.csv")
    assert [entrant.name for entrant in config.roster] == ["A", "B"]


def test_it_ignores_comments_blank_lines_and_spaces_around_the_equals_sign() -> None:
    config = parse_config("# a comment\n\n  PlayersNumber = 12 \r\nRoundsNumber=3\n")
    assert (config.players, config.rounds) == (12, 3)


def test_it_defaults_every_optional_key() -> None:
    assert parse_config("PlayersNumber=8\nRoundsNumber=3\n") == GeneratorConfig(8, 3)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("PlayersNumber=8\nRoundsNumber=3\nDrawRate=3\n", "line 3: unknown key 'DrawRate'"),
        ("PlayersNumber=8\nRoundsNumber=3\nPlayersNumber=9\n", "line 3: PlayersNumber is given"),
        ("PlayersNumber=8\nRoundsNumber 3\n", "line 2: expected Key=Value"),
        ("PlayersNumber=eight\nRoundsNumber=3\n", "line 1: PlayersNumber must be a whole number"),
        ("PlayersNumber=8\nRoundsNumber=-3\n", "line 2: RoundsNumber must be a whole number"),
        ("PlayersNumber=8\n", "missing RoundsNumber"),
        ("RoundsNumber=3\n", "missing PlayersNumber"),
        ("PlayersNumber=1\nRoundsNumber=3\n", "PlayersNumber must be between 2 and 9999, not 1"),
        ("PlayersNumber=8\nRoundsNumber=0\n", "RoundsNumber must be between 1 and 99, not 0"),
        ("PlayersNumber=8\nRoundsNumber=3\nDrawPercentage=101\n", "DrawPercentage must be"),
        ("PlayersNumber=8\nRoundsNumber=3\nHighestRating=10000\n", "HighestRating must be"),
        (
            "PlayersNumber=8\nRoundsNumber=3\nHighestRating=1500\nLowestRating=1600\n",
            "LowestRating must be between 0 and 1500, not 1600",
        ),
        ("PlayersNumber=8\nRoundsNumber=3\nInitialColor=red\n", "line 3: InitialColor must be"),
        ("PlayersNumber=8\nRoundsNumber=3\nTieBreaks=BH,BH\n", "listed twice: BH"),
        ("PlayersNumber=8\nRoundsNumber=3\nAcceleration=yes\n", "line 3: Acceleration must be"),
        ("PlayersNumber=8\nRoundsNumber=3\nTieBreaks=PTS,BH\n", "PTS cannot be computed"),
        ("PlayersNumber=8\nRoundsNumber=3\nTieBreaks=MAN\n", "MAN cannot be computed"),
        ("PlayersNumber=8\nRoundsNumber=3\nTieBreaks=EDET\n", "EDET cannot be computed"),
        ("PlayersNumber=8\nRoundsNumber=3\nTieBreaks=\n", "The list is empty"),
        ("PlayersNumber=8\nRoundsNumber=3\nZeroZeroRate=x\n", "line 3: ZeroZeroRate must be"),
    ],
)
def test_it_names_the_problem_of_a_bad_file(text: str, message: str) -> None:
    with pytest.raises(GeneratorConfigError) as caught:
        parse_config(text)
    assert message in str(caught.value)


configs = st.builds(
    GeneratorConfig,
    players=st.integers(2, 9999),
    rounds=st.integers(1, 99),
    draw_percentage=st.integers(0, 100),
    forfeit_rate=st.integers(0, 500),
    zero_bye_rate=st.integers(0, 500),
    half_bye_rate=st.integers(0, 500),
    highest_rating=st.just(9999),
    lowest_rating=st.integers(0, 9999),
    withdrawal_rate=st.integers(0, 500),
    late_entry_rate=st.integers(0, 500),
    initial_color=st.sampled_from(InitialColor),
    half_zero_rate=st.integers(0, 500),
    zero_half_rate=st.integers(0, 500),
    zero_zero_rate=st.integers(0, 500),
    tiebreaks=st.sampled_from(SWISS_TIEBREAKS),
    baku=st.booleans(),
    rating_step=st.integers(1, 9999),
    rating_spread=st.sampled_from(RatingSpread),
    rating_deviation=st.integers(1, 9999),
    unrated_percentage=st.integers(0, 100),
)


@given(configs)
def test_a_configuration_reads_back_from_its_own_text(config: GeneratorConfig) -> None:
    assert parse_config(config.as_text()) == config


def test_reading_a_file_draws_the_keys_it_leaves_out() -> None:
    text = "PlayersNumber=30\nRoundsNumber=5\nForfeitRate=0\nHighestRating=2400\n"
    drawn = [read_config(text, random.Random(seed)) for seed in range(20)]

    for config in drawn:
        assert (config.players, config.rounds, config.forfeit_rate) == (30, 5, 0)
        assert config.highest_rating == 2400
        assert 0 <= config.lowest_rating <= 2400
        assert 10 <= config.draw_percentage <= 50
        assert config.zero_bye_rate > 0 and config.half_bye_rate > 0
        assert config.withdrawal_rate > 0 and config.late_entry_rate > 0
        assert config.edition is None  # the rules are never drawn
        assert all(100 <= rate <= 500 for rate in (config.half_zero_rate, config.zero_zero_rate))
        assert config.tiebreaks in SWISS_TIEBREAKS
    assert len({c.draw_percentage for c in drawn}) > 1
    assert len({c.tiebreaks for c in drawn}) > 1
    assert read_config(text, random.Random(3)) == read_config(text, random.Random(3))
    # The drawn values read back as given ones (the file's ### comment records them).
    config = drawn[0]
    assert read_config(config.as_text(), random.Random(99)) == config


@pytest.mark.parametrize(
    "ratings", ["LowestRating=2900\n", "HighestRating=900\n", "LowestRating=0\nHighestRating=0\n"]
)
def test_drawn_ratings_respect_the_given_bound(ratings: str) -> None:
    for seed in range(10):
        config = read_config("PlayersNumber=8\nRoundsNumber=3\n" + ratings, random.Random(seed))
        assert 0 <= config.lowest_rating <= config.highest_rating <= 9999
