"""The prize distribution (issue 33): golden cases worked by hand, and hypothesis properties."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.domain.prizes import (
    GENERAL,
    Category,
    Choice,
    Contender,
    Prize,
    Rules,
    Sharing,
    distribute,
    fund,
)
from tournaments.domain.state import PlayerId

U1800 = Category("Under 1800", max_rating=1799)
WOMEN = Category("Women", sex="F")
JUNIOR = Category("Under 14", max_age=13, age_on=datetime.date(2026, 7, 1))
UNRATED = Category("Unrated", unrated=True)


def player(rank: int, points: int, **details: object) -> Contender:
    return Contender(PlayerId(rank), rank, points, **details)  # type: ignore[arg-type]


def paid(awards: list) -> dict[int, int]:  # type: ignore[type-arg]
    totals: dict[int, int] = {}
    for award in awards:
        totals[award.player] = totals.get(award.player, 0) + award.amount
    return totals


def places(*amounts: int) -> list[Prize]:
    return [Prize(GENERAL, number, amount) for number, amount in enumerate(amounts, start=1)]


def test_the_hort_system_matches_the_worked_example_of_its_description() -> None:
    # The example of de.wikipedia "Hort-System" (in euros): 100 80 60 40 20 10, A and B on 8,
    # C alone on 7.5, D E F on 7. A keeps 50 and B 40, the pot 90 gives 45 each: 95 and 85.
    # D E F keep 20 10 5, the pot 35 is 11.67 each: whole euros 12 12 11 (the article pays 12
    # each, 1 euro over the fund); we pay the remainder to the best-ranked.
    standings = [
        player(1, 16),
        player(2, 16),
        player(3, 15),
        player(4, 14),
        player(5, 14),
        player(6, 14),
    ]
    awards = distribute(places(100, 80, 60, 40, 20, 10), standings, Rules(sharing=Sharing.HORT))
    assert paid(awards) == {1: 95, 2: 85, 3: 60, 4: 32, 5: 22, 6: 16}
    assert sum(paid(awards).values()) == 310


def test_equal_sharing_pools_the_prizes_of_the_tied_players_with_a_tied_player_outside_them() -> (
    None
):
    # 1st 1000, 2nd 600, 3rd 300; B C D tied on 4.5: they share 600 + 300 = 900, 300 each.
    standings = [player(1, 10), player(2, 9), player(3, 9), player(4, 9), player(5, 8)]
    awards = distribute(places(1000, 600, 300), standings, Rules(sharing=Sharing.EQUAL))
    assert paid(awards) == {1: 1000, 2: 300, 3: 300, 4: 300}
    assert {award.sharers for award in awards if award.player != 1} == {3}


def test_a_hort_percentage_of_zero_is_equal_sharing_and_of_100_the_tie_break() -> None:
    standings = [player(1, 9), player(2, 9), player(3, 7)]
    prizes = places(900, 300, 100)
    assert paid(distribute(prizes, standings, Rules(sharing=Sharing.HORT, hort_percent=0))) == {
        1: 600,
        2: 600,
        3: 100,
    }
    assert paid(distribute(prizes, standings, Rules(sharing=Sharing.HORT, hort_percent=100))) == {
        1: 900,
        2: 300,
        3: 100,
    }


def test_a_player_qualifying_for_three_prizes_gets_the_highest_and_the_others_move_down() -> None:
    # Player 3 is third, a woman and under 1800: 3rd prize 200, best woman 300, best U1800 100.
    # Higher amount: she takes the women's 300; the 3rd goes to player 4, U1800 to player 5.
    standings = [
        player(1, 12, rating=2300),
        player(2, 11, rating=2200),
        player(3, 10, rating=1750, sex="F"),
        player(4, 9, rating=2000),
        player(5, 8, rating=1700, sex="F"),
        player(6, 7, rating=1600),
    ]
    prizes = [*places(500, 400, 200), Prize(WOMEN, 1, 300), Prize(U1800, 1, 100)]
    rules = Rules(sharing=Sharing.TIEBREAK)
    assert paid(distribute(prizes, standings, rules)) == {1: 500, 2: 400, 3: 300, 4: 200, 5: 100}
    # Place prizes first: she keeps the 3rd (200), player 5 is the best woman, 6 the best U1800.
    first = Rules(sharing=Sharing.TIEBREAK, choice=Choice.PLACE_FIRST)
    assert paid(distribute(prizes, standings, first)) == {1: 500, 2: 400, 3: 200, 5: 300, 6: 100}
    # The regulations' order, U1800 listed first: she takes the U1800 prize.
    listed = [Prize(U1800, 1, 100), *places(500, 400, 200), Prize(WOMEN, 1, 300)]
    assert paid(
        distribute(listed, standings, Rules(sharing=Sharing.TIEBREAK, choice=Choice.LISTED))
    ) == {
        1: 500,
        2: 400,
        3: 100,
        4: 200,
        5: 300,
    }
    # Without one prize per player she collects all three.
    many = Rules(sharing=Sharing.TIEBREAK, one_per_player=False)
    assert paid(distribute(prizes, standings, many))[3] == 600


def test_ties_across_categories_share_within_each_category() -> None:
    # Place prizes 1000 and 500; best U1800 200 and 100. Players 2 and 3 tie on 5 points; 3 is
    # under 1800 and so are 4 and 5, tied on 4 points. One prize per player, higher amount:
    # 2 and 3 share the 500 (250 each, more than the U1800 prize), and 4 and 5 share the
    # U1800 pool 200 + 100 = 150 each.
    standings = [
        player(1, 12, rating=2200),
        player(2, 10, rating=2000),
        player(3, 10, rating=1700),
        player(4, 8, rating=1650),
        player(5, 8, rating=1600),
        player(6, 6, rating=1500),
    ]
    prizes = [*places(1000, 500), Prize(U1800, 1, 200), Prize(U1800, 2, 100)]
    awards = distribute(prizes, standings, Rules())
    assert paid(awards) == {1: 1000, 2: 250, 3: 250, 4: 150, 5: 150}
    by_player = {award.player: award for award in awards}
    assert by_player[PlayerId(3)].category == GENERAL
    assert by_player[PlayerId(4)].category == U1800


def test_a_thing_is_never_shared_and_goes_by_the_tie_break() -> None:
    standings = [player(1, 9), player(2, 9), player(3, 8, birth_year=2014)]
    prizes = [
        Prize(GENERAL, 1, item="Trophy"),
        Prize(GENERAL, 2, 500),
        Prize(JUNIOR, 1, item="Book"),
    ]
    awards = distribute(prizes, standings, Rules())
    assert [(award.player, award.item, award.amount) for award in awards] == [
        (1, "Trophy", 0),
        (2, "", 500),
        (3, "Book", 0),
    ]


def test_the_remainder_of_an_equal_share_goes_to_the_best_ranked() -> None:
    standings = [player(1, 9), player(2, 9), player(3, 9)]
    assert paid(distribute(places(90, 11), standings, Rules())) == {1: 34, 2: 34, 3: 33}


def test_categories_read_the_players_details() -> None:
    junior = Category("U14", max_age=13, age_on=datetime.date(2026, 1, 1))
    assert junior.admits(player(1, 0, birth_year=2013))
    assert not junior.admits(player(1, 0, birth_year=2012))
    assert not junior.admits(player(1, 0))
    assert UNRATED.admits(player(1, 0)) and not UNRATED.admits(player(1, 0, rating=1500))
    assert not U1800.admits(player(1, 0, rating=1800))
    assert Category("ITA", federation="ita").admits(player(1, 0, federation="ITA"))
    assert Category("Club", club="Torre").admits(player(1, 0, club="torre"))
    school = Category("School", field_name="school", field_value="Liceo")
    assert school.admits(player(1, 0, fields={"school": "Liceo"}))
    assert not school.admits(player(1, 0))


def test_a_prize_is_money_or_a_thing() -> None:
    with pytest.raises(ValueError, match="either"):
        Prize(GENERAL, 1, 100, "Cup")
    with pytest.raises(ValueError, match="either"):
        Prize(GENERAL, 1)
    with pytest.raises(ValueError, match="same place"):
        distribute([Prize(GENERAL, 1, 100), Prize(GENERAL, 1, 50)], [], Rules())


CATEGORIES = [GENERAL, U1800, WOMEN, UNRATED]


@st.composite
def events(draw: st.DrawFn) -> tuple[list[Prize], list[Contender], Rules]:
    count = draw(st.integers(0, 12))
    points = sorted(draw(st.lists(st.integers(0, 8), min_size=count, max_size=count)), reverse=True)
    standings = [
        player(
            rank,
            score,
            rating=draw(st.sampled_from([0, 1500, 1700, 1900, 2300])),
            sex=draw(st.sampled_from(["M", "F"])),
        )
        for rank, score in enumerate(points, start=1)
    ]
    prizes: list[Prize] = []
    for category in draw(st.lists(st.sampled_from(CATEGORIES), unique=True, max_size=4)):
        for place in range(1, draw(st.integers(1, 4)) + 1):
            if draw(st.booleans()) or place > 1:
                prizes.append(Prize(category, place, draw(st.integers(1, 10_000))))
            else:
                prizes.append(Prize(category, place, item="Cup"))
    rules = Rules(
        one_per_player=draw(st.booleans()),
        choice=draw(st.sampled_from(list(Choice))),
        sharing=draw(st.sampled_from(list(Sharing))),
        hort_percent=draw(st.integers(0, 100)),
    )
    return prizes, standings, rules


@settings(max_examples=300, deadline=None)
@given(events())
def test_the_money_paid_never_exceeds_the_fund(
    event: tuple[list[Prize], list[Contender], Rules],
) -> None:
    prizes, standings, rules = event
    awards = distribute(prizes, standings, rules)
    assert sum(award.amount for award in awards) <= fund(prizes)
    assert all(award.amount >= 0 for award in awards)


@settings(max_examples=300, deadline=None)
@given(events())
def test_one_prize_per_player_gives_nobody_two(
    event: tuple[list[Prize], list[Contender], Rules],
) -> None:
    prizes, standings, rules = event
    if not rules.one_per_player:
        return
    players = [award.player for award in distribute(prizes, standings, rules)]
    assert len(players) == len(set(players))


@settings(max_examples=300, deadline=None)
@given(events())
def test_shared_amounts_add_up_to_the_prizes_shared(
    event: tuple[list[Prize], list[Contender], Rules],
) -> None:
    prizes, standings, rules = event
    pools: dict[tuple[Prize, ...], int] = {}
    for award in distribute(prizes, standings, rules):
        if award.amount:
            pools[award.prizes] = pools.get(award.prizes, 0) + award.amount
    for pool, total in pools.items():
        assert total == sum(prize.amount for prize in pool)
