"""Rating changes (issue 33) against values worked by hand from FIDE Handbook B.02 (2024, with the
amendment of 8.3.1 of 1 October 2025). PD comes from table 8.1.2: D 0 -> .50, 35 -> .55,
50 -> .57, 100 -> .64, 200 -> .76, 400 -> .92, 600 -> .98, 700 -> .99, over 735 -> 1.00."""

from __future__ import annotations

import datetime

import pytest

from tournaments.domain.rating_changes import (
    Game,
    KData,
    RatingKind,
    UnsupportedRules,
    capped_k,
    counted_difference,
    initial_rating,
    k_factor,
    rating_change,
)

START = datetime.date(2026, 7, 1)
STANDARD = RatingKind.STANDARD
ADULT = KData()


def change(
    rating: int, *games: tuple[int, int], data: KData = ADULT, start: datetime.date = START
) -> int:
    return rating_change(STANDARD, rating, [Game(*game) for game in games], data, start).change


@pytest.mark.parametrize(
    ("rating", "games", "expected"),
    [
        # 8.3.2: K 20, win against an equal opponent: 20 x (1 - .50) = +10.
        (2000, [(2000, 2)], 10),
        # A draw against a player 100 above (PD .36): 20 x .14 = 2.8 -> +3.
        (2000, [(2100, 1)], 3),
        # A loss against a player 100 below (PD .64): -12.8 -> -13.
        (2000, [(1900, 0)], -13),
        # 8.3.1, the 400-point rule: 1600 beats 2100, D -500 counts as -400 (PD .08): 20 x .92.
        (1600, [(2100, 2)], 18),
        # Five games, K 20: PD .64 .36 .24 .76 .43 = 2.43, score 3: 20 x .57 = 11.4 -> +11.
        (2000, [(1900, 2), (2100, 1), (2200, 0), (1800, 2), (2050, 1)], 11),
        # 8.3.1: a game against an unrated opponent does not count.
        (2000, [(0, 2), (2000, 1)], 0),
        # Draw at D -35 (PD .45), K 20: 20 x .05 = +1.0 (K 10 and a half below).
        (2000, [(2035, 1)], 1),
    ],
)
def test_the_change_of_an_adult_rated_under_2400(
    rating: int, games: list[tuple[int, int]], expected: int
) -> None:
    assert change(rating, *games) == expected


def test_the_400_point_rule_caps_the_difference_of_a_2500_player() -> None:
    # K 10 (rating 2400 or more): a win against 1900, D 600 counts as 400 (PD .92): +0.8 -> +1;
    # uncapped (PD .98) it would be +0.2 -> 0.
    assert change(2500, (1900, 2)) == 1
    assert counted_difference(2500, 1900, START) == 400


def test_from_october_2025_a_player_rated_2650_or_more_counts_the_whole_difference() -> None:
    # 2700 draws with 2000: D 700 (PD .99), K 10: 10 x (.50 - .99) = -4.9 -> -5.
    assert change(2700, (2000, 1), start=datetime.date(2025, 11, 1)) == -5
    # A win: 10 x .01 = +0.1 -> 0.
    assert change(2700, (2000, 2), start=datetime.date(2025, 11, 1)) == 0
    # Before the amendment D counts as 400 (PD .92): -4.2 -> -4.
    assert change(2700, (2000, 1), start=datetime.date(2025, 9, 30)) == -4
    # A player rated 2649 keeps the 400-point rule.
    assert change(2649, (2000, 1), start=datetime.date(2025, 11, 1)) == -4
    # Over 735 points PD is 1.00: a win gains nothing.
    assert counted_difference(2800, 2000, datetime.date(2025, 11, 1)) == 800
    assert change(2800, (2000, 2), start=datetime.date(2025, 11, 1)) == 0


def test_a_half_point_rounds_up_whether_the_change_is_positive_or_negative() -> None:
    data = KData(list_k=10)
    # Draw at D -35 (PD .45): 10 x .05 = +0.5 -> +1; at D +35 (PD .55): -0.5 -> 0.
    assert change(2000, (2035, 1), data=data) == 1
    assert change(2000, (1965, 1), data=data) == 0


@pytest.mark.parametrize(
    ("kind", "rating", "data", "expected"),
    [
        # 8.3.3: fewer than 30 rated games -> 40.
        (STANDARD, 1500, KData(rated_games=10), 40),
        # Born 2008, in 2026 the year of the 18th birthday, under 2300 -> 40.
        (STANDARD, 2250, KData(birth_year=2008), 40),
        # Born 2007: 19 in 2026 -> 20.
        (STANDARD, 2250, KData(birth_year=2007), 20),
        # A junior rated 2300 -> 20.
        (STANDARD, 2300, KData(birth_year=2012), 20),
        # Rated 2400 or more -> 10.
        (STANDARD, 2400, KData(), 10),
        # Once the published rating reached 2400 it stays 10 below it.
        (STANDARD, 2350, KData(reached_2400=True), 10),
        # Otherwise 20.
        (STANDARD, 2399, KData(), 20),
        # Rapid and blitz: 20 for everybody.
        (RatingKind.RAPID, 2600, KData(rated_games=0), 20),
        (RatingKind.BLITZ, 1500, KData(birth_year=2014), 20),
        # The rating list's K wins.
        (STANDARD, 1800, KData(list_k=40), 40),
    ],
)
def test_k_follows_the_players_data(
    kind: RatingKind, rating: int, data: KData, expected: int
) -> None:
    assert k_factor(kind, rating, data, START) == expected


def test_k_times_the_games_of_the_period_never_exceeds_700() -> None:
    assert capped_k(40, 17) == 40  # 680
    assert capped_k(40, 18) == 38  # 720 > 700: 38 x 18 = 684
    assert capped_k(40, 20) == 35
    assert capped_k(20, 35) == 20
    # A new player with 18 games in the period wins once against an equal opponent: 38 x .5.
    data = KData(rated_games=0, period_games=18)
    assert change(1500, (1500, 2), data=data) == 19


def test_a_new_player_gains_with_k_40() -> None:
    # K 40, a win against an equal opponent: +20.
    assert change(1500, (1500, 2), data=KData(rated_games=5)) == 20


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        # 7.1.4: opponents 1600-2000, 2.5 points: with the two 1800 draws, 3.5/7 = .50 (dp 0),
        # Ra = (9000 + 3600) / 7 = 1800.
        ([(1600, 1), (1700, 1), (1800, 2), (1900, 0), (2000, 1)], 1800),
        # 5/5 against 2000: 6/7 = .857 -> .86 (dp 309), Ra 13600/7 = 1942.86: 2251.86 -> 2252.
        ([(2000, 2)] * 5, 2252),
        # 4/6 against 1500: 5/8 = .625 -> .63 (dp 95), Ra 12600/8 = 1575: 1670.
        ([(1500, 2)] * 4 + [(1500, 0)] * 2, 1670),
    ],
)
def test_the_initial_rating_of_an_unrated_player(
    games: list[tuple[int, int]], expected: int
) -> None:
    assert initial_rating([Game(*game) for game in games], START).rating == expected


def test_an_unrated_player_is_not_yet_rated_without_five_rated_games_a_point_or_1400() -> None:
    four = [Game(1800, 2)] * 4 + [Game(0, 2)]
    assert initial_rating(four, START).rating is None
    assert "5 games" in initial_rating(four, START).reason
    assert initial_rating([Game(1800, 0)] * 5, START).reason == "no point against rated opponents"
    # 0.5/5 against 1400: 1.5/7 = .21 (dp -230), Ra 10600/7 = 1514.29: 1284 < 1400.
    low = initial_rating([Game(1400, 1)] + [Game(1400, 0)] * 4, START)
    assert (low.rating, low.reason) == (None, "under the rating floor of 1400")


def test_a_tournament_before_march_2024_is_not_computed() -> None:
    with pytest.raises(UnsupportedRules):
        rating_change(STANDARD, 2000, [Game(2000, 2)], ADULT, datetime.date(2024, 2, 29))
    assert change(2000, (2000, 2), start=datetime.date(2024, 3, 1)) == 10


def test_a_game_scores_zero_one_or_two_half_points() -> None:
    with pytest.raises(ValueError, match="half-points"):
        Game(2000, 3)
