"""Drawn ratings parametrised by range, steps, spread and an unrated share (VCL Q28)."""

from __future__ import annotations

import statistics

from pairing.generator import generate_tournament, parse_config
from tournaments.domain.trf import parse_trf, write_trf


def _ratings(text: str, seed: int = 1) -> list[int | None]:
    config = parse_config("RoundsNumber=1\n" + text)
    document = parse_trf(write_trf(generate_tournament(config, seed)))
    return [player.rating for player in document.players]


def test_ratings_come_in_steps_inside_the_range() -> None:
    ratings = _ratings("PlayersNumber=300\nLowestRating=1403\nHighestRating=2001\nRatingStep=25\n")
    assert all(rating is not None and rating % 25 == 0 for rating in ratings)
    assert min(r or 0 for r in ratings) >= 1425
    assert max(r or 0 for r in ratings) <= 2000
    assert len(set(ratings)) > 15


def test_a_step_wider_than_the_range_gives_its_lowest_rating() -> None:
    assert set(
        _ratings("PlayersNumber=10\nLowestRating=1510\nHighestRating=1540\nRatingStep=50\n")
    ) == {1510}


def test_a_normal_spread_gathers_around_the_middle_of_the_range() -> None:
    text = "PlayersNumber=1000\nLowestRating=1000\nHighestRating=2800\nRatingSpread=normal\n"
    ratings = [r or 0 for r in _ratings(text + "RatingDeviation=150\n")]
    assert 1870 < statistics.mean(ratings) < 1930
    assert 130 < statistics.stdev(ratings) < 170
    assert min(ratings) >= 1000
    assert max(ratings) <= 2800
    uniform = [r or 0 for r in _ratings(text.replace("normal", "uniform"))]
    assert statistics.stdev(uniform) > 450


def test_a_normal_spread_stays_inside_a_narrow_range() -> None:
    text = "PlayersNumber=200\nLowestRating=1500\nHighestRating=1600\nRatingSpread=normal\n"
    ratings = [r or 0 for r in _ratings(text + "RatingDeviation=400\n")]
    assert min(ratings) >= 1500
    assert max(ratings) <= 1600


def test_an_unrated_share_leaves_that_many_players_unrated_and_last() -> None:
    ratings = _ratings("PlayersNumber=40\nUnratedPercentage=25\n")
    assert ratings[30:] == [None] * 10
    assert all(ratings[:30])
    assert ratings[:30] == sorted(ratings[:30], key=lambda r: -(r or 0))
