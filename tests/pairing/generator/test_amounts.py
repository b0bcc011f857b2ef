"""Byes, forfeits and unusual results as a count or a percentage, over the tournament or per
round (VCL Q24): the keys, the byes they schedule and the games they decide."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pairing.generator import GeneratorConfig, GeneratorConfigError, parse_config
from pairing.generator.amounts import Amount, AmountError, Event, EventAmount, parse_amount
from pairing.generator.config_reader import read_config
from pairing.generator.games import plan_games
from pairing.generator.results import GameEnd
from pairing.generator.schedule import plan_schedule
from tournaments.domain.state import Outcome

HEAD = "PlayersNumber=40\nRoundsNumber=7\n"


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("3", Amount(3)),
        ("0", Amount(0)),
        ("2%", Amount(200, percent=True)),
        ("2.5%", Amount(250, percent=True)),
        ("0.25%", Amount(25, percent=True)),
        ("100%", Amount(10_000, percent=True)),
    ],
)
def test_an_amount_is_a_count_or_a_percentage_and_prints_back(text: str, amount: Amount) -> None:
    assert parse_amount(text) == amount
    assert str(amount) == text


@pytest.mark.parametrize("text", ["2.5", "-1", "101%", "1.234%", "two", "%", ""])
def test_anything_else_is_refused(text: str) -> None:
    with pytest.raises(AmountError):
        parse_amount(text)


def test_it_reads_counts_percentages_and_round_keys_and_keeps_the_rate_keys() -> None:
    config = parse_config(
        HEAD + "HalfPointByes=3\nForfeitRate=2%\nHalfPointByes.R5=2\nZeroZeroResults.R2=0.5%\n"
        "ZeroPointByes=10%\nHalfZeroRate=40\nFullPointByes.R1=1\n"
    )
    assert config.amount(Event.HALF_POINT_BYE) == Amount(3)
    assert config.amount(Event.HALF_POINT_BYE, 5) == Amount(2)
    assert config.amount(Event.FORFEIT) == Amount(200, percent=True)
    assert config.amount(Event.ZERO_ZERO, 2) == Amount(50, percent=True)
    assert config.amount(Event.ZERO_POINT_BYE) == Amount(1000, percent=True)
    assert config.amount(Event.FULL_POINT_BYE, 1) == Amount(1)
    assert config.amount(Event.FULL_POINT_BYE) is None
    assert (config.forfeit_rate, config.half_zero_rate) == (0, 40)


def test_a_configuration_with_amounts_and_rating_keys_reads_back_from_its_text() -> None:
    config = parse_config(
        HEAD
        + "Forfeits=4\nForfeits.R3=1\nHalfPointByes.R6=12.5%\nRatingStep=10\n"
        + "RatingSpread=normal\nRatingDeviation=150\nUnratedPercentage=5\n"
    )
    assert "Forfeits.R3=1\n" in config.as_text()
    assert "HalfPointByes.R6=12.5%\n" in config.as_text()
    assert parse_config(config.as_text()) == config


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ("Forfeits=2.5\n", "line 3: Forfeits: expected a count (3) or a percentage"),
        ("HalfZeroResults=101%\n", "at most 100%"),
        ("HalfPointByes.R8=1\n", "HalfPointByes.R8: the tournament has rounds 1 to 7"),
        ("HalfPointByes.R0=1\n", "HalfPointByes.R0: the tournament has rounds 1 to 7"),
        ("ForfeitRate=50\nForfeits=3\n", "ForfeitRate and Forfeits both set the forfeits"),
        ("ForfeitRate=2%\nForfeits=3\n", "ForfeitRate and Forfeits both set the forfeits"),
        ("RetiredRate=9\nZeroPointByes=1%\n", "RetiredRate and ZeroPointByes both set"),
        ("Forfeits.R2=1\nForfeits.R2=2\n", "line 4: Forfeits.R2 is given twice"),
        ("HalfPointByes.R2=41\n", "HalfPointByes.R2=41: more byes than 40 players"),
        ("HalfPointByes=281\n", "more byes than 280 players times rounds"),
        ("Byes.R2=1\n", "line 3: unknown key 'Byes.R2'"),
        ("RatingSpread=gaussian\n", "RatingSpread must be one of uniform, normal"),
        ("RatingStep=0\n", "RatingStep must be between 1 and 9999, not 0"),
        ("UnratedPercentage=101\n", "UnratedPercentage must be between 0 and 100"),
        ("RatingDeviation=0\n", "RatingDeviation must be between 1 and 9999"),
    ],
)
def test_it_names_the_problem_of_a_bad_amount(lines: str, message: str) -> None:
    with pytest.raises(GeneratorConfigError) as caught:
        parse_config(HEAD + lines)
    assert message in str(caught.value)


def test_an_event_set_by_a_count_is_not_drawn_and_the_others_still_are() -> None:
    for seed in range(10):
        config = read_config(HEAD + "Forfeits=2\nHalfPointByes.R3=1\n", random.Random(seed))
        assert config.forfeit_rate == 0
        assert config.amount(Event.FORFEIT) == Amount(2)
        assert 10 <= config.half_bye_rate <= 60  # a round's key leaves the others drawn
        assert config.rating_step in (1, 5, 10, 25)
        assert 0 <= config.unrated_percentage <= 10


def test_the_new_keys_do_not_move_the_values_drawn_for_the_old_ones() -> None:
    with_new = read_config(HEAD + "RatingStep=10\nForfeits.R2=1\n", random.Random(5))
    without = read_config(HEAD, random.Random(5))
    assert (with_new.draw_percentage, with_new.forfeit_rate, with_new.tiebreaks) == (
        without.draw_percentage,
        without.forfeit_rate,
        without.tiebreaks,
    )


def _byes(config: GeneratorConfig, seed: int = 3) -> Counter[tuple[int, Outcome]]:
    """How many players are not paired in each round, by round and outcome."""
    schedule = plan_schedule(config, random.Random(seed))
    return Counter(
        (round_number, outcome)
        for rounds in schedule.absences.values()
        for round_number, outcome in rounds.items()
    )


def _config(players: int, rounds: int, *amounts: EventAmount) -> GeneratorConfig:
    return GeneratorConfig(players=players, rounds=rounds, amounts=tuple(amounts))


def test_a_count_of_byes_gives_exactly_that_many_never_in_the_last_round() -> None:
    for seed in range(20):
        byes = _byes(_config(60, 7, EventAmount(Event.HALF_POINT_BYE, None, Amount(9))), seed)
        assert sum(byes.values()) == 9
        assert {outcome for _, outcome in byes} == {Outcome.HALF_BYE}
        assert all(round_number < 7 for round_number, _ in byes)


def test_a_round_count_puts_that_many_byes_in_that_round_even_the_last() -> None:
    config = _config(
        30,
        5,
        EventAmount(Event.ZERO_POINT_BYE, 3, Amount(4)),
        EventAmount(Event.FULL_POINT_BYE, 5, Amount(2)),
        EventAmount(Event.FULL_POINT_BYE, None, Amount(3)),
    )
    byes = _byes(config)
    assert byes[(3, Outcome.ZERO_BYE)] == 4
    assert byes[(5, Outcome.FULL_BYE)] == 2
    others = [
        r for (r, outcome), n in byes.items() for _ in range(n) if outcome is Outcome.FULL_BYE
    ]
    assert len(others) == 5
    assert sum(byes.values()) == 9


def test_a_percentage_of_byes_is_a_share_of_the_players() -> None:
    per_round = _config(200, 6, EventAmount(Event.HALF_POINT_BYE, 2, Amount(1000, percent=True)))
    assert _byes(per_round) == Counter({(2, Outcome.HALF_BYE): 20})
    whole = _config(200, 6, EventAmount(Event.HALF_POINT_BYE, None, Amount(1000, percent=True)))
    schedule = plan_schedule(whole, random.Random(3))
    assert len(schedule.absences) == 20  # 10 % of the players, one in five of them twice


def test_byes_never_leave_fewer_than_half_of_the_players_to_pair() -> None:
    byes = _byes(_config(10, 4, EventAmount(Event.HALF_POINT_BYE, 2, Amount(10))))
    assert byes == Counter({(2, Outcome.HALF_BYE): 5})


def _ends(config: GeneratorConfig, boards: int = 20, seed: int = 1) -> dict[int, Counter[GameEnd]]:
    rng = random.Random(seed)
    plan = plan_games(config, rng)
    ratings = [(2000, 2000)] * boards
    return {r: Counter(plan[r].ends(rng, ratings)) for r in plan}


def _forfeits(ends: Counter[GameEnd]) -> int:
    return sum(ends[end] for end in (GameEnd.WHITE_FORFEITS, GameEnd.BLACK_FORFEITS))


def test_a_round_count_forfeits_exactly_that_many_games_of_the_round() -> None:
    config = _config(
        40,
        4,
        EventAmount(Event.FORFEIT, 2, Amount(3)),
        EventAmount(Event.ZERO_ZERO, 2, Amount(2)),
        EventAmount(Event.HALF_ZERO, 3, Amount(50)),
    )
    ends = _ends(config)
    assert _forfeits(ends[2]) == 3
    assert ends[2][GameEnd.ZERO_ZERO] == 2
    assert ends[3][GameEnd.HALF_ZERO] == 20  # no more than the round's games
    assert _forfeits(ends[1]) == _forfeits(ends[4]) == 0


def test_a_tournament_count_is_spread_over_the_rounds_without_their_own() -> None:
    config = _config(
        40,
        5,
        EventAmount(Event.ZERO_HALF, None, Amount(7)),
        EventAmount(Event.ZERO_HALF, 1, Amount(0)),
    )
    for seed in range(10):
        ends = _ends(config, seed=seed)
        assert ends[1][GameEnd.ZERO_HALF] == 0
        assert sum(ends[r][GameEnd.ZERO_HALF] for r in ends) == 7


def test_a_percentage_is_each_games_probability_and_a_round_key_overrides_it() -> None:
    config = GeneratorConfig(
        players=40,
        rounds=2,
        forfeit_rate=0,
        amounts=(
            EventAmount(Event.ZERO_ZERO, None, Amount(1000, percent=True)),
            EventAmount(Event.ZERO_ZERO, 2, Amount(0, percent=True)),
        ),
    )
    ends = _ends(config, boards=20_000)
    assert 1700 < ends[1][GameEnd.ZERO_ZERO] < 2300
    assert ends[2][GameEnd.ZERO_ZERO] == 0
