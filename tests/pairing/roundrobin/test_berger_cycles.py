"""Single and double round robins from the Berger tables (C.05 Annex 1): invariants for 3-99."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pairing.roundrobin.berger import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    BergerRound,
    BergerTableError,
    berger_round,
    rounds_per_cycle,
    schedule_round,
    total_rounds,
)

fields = st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS)


def cycle(players: int) -> list[BergerRound]:
    return [berger_round(players, r) for r in range(1, rounds_per_cycle(players) + 1)]


def colours(players: int, *, swap_last_two: bool) -> dict[int, str]:
    """Each player's colours over a double round robin, played games only (a bye has none)."""
    seen = dict.fromkeys(range(1, players + 1), "")
    for number in range(1, total_rounds(players, cycles=2) + 1):
        for board in schedule_round(players, number, cycles=2, swap_last_two=swap_last_two).boards:
            seen[board.white] += "W"
            seen[board.black] += "B"
    return seen


@given(fields)
def test_everyone_plays_once_a_round_and_an_odd_field_has_exactly_one_bye(players: int) -> None:
    for made in cycle(players):
        seated = [n for board in made.boards for n in (board.white, board.black)]
        seated += [made.bye] if made.bye is not None else []
        assert sorted(seated) == list(range(1, players + 1))
        assert (made.bye is None) == (players % 2 == 0)


@given(fields)
def test_each_pair_meets_exactly_once_a_cycle(players: int) -> None:
    met = Counter(
        frozenset((board.white, board.black)) for made in cycle(players) for board in made.boards
    )
    assert len(met) == players * (players - 1) // 2
    assert set(met.values()) == {1}


@given(fields)
def test_the_bye_goes_round_everyone_once_in_an_odd_field(players: int) -> None:
    byes = [made.bye for made in cycle(players) if made.bye is not None]
    assert sorted(byes) == (list(range(1, players + 1)) if players % 2 else [])


@given(fields)
def test_whites_and_blacks_differ_by_at_most_one_over_a_cycle(players: int) -> None:
    balance = Counter[int]()
    for made in cycle(players):
        for board in made.boards:
            balance[board.white] += 1
            balance[board.black] -= 1
    assert all(abs(balance[n]) <= 1 for n in range(1, players + 1))


@given(fields, st.booleans())
def test_the_second_cycle_replays_the_first_with_colours_reversed(
    players: int, swap_last_two: bool
) -> None:
    per_cycle = rounds_per_cycle(players)
    for number in range(1, per_cycle + 1):
        first = berger_round(players, number)
        second = schedule_round(players, per_cycle + number, cycles=2, swap_last_two=swap_last_two)
        assert [(b.black, b.white) for b in second.boards] == [
            (b.white, b.black) for b in first.boards
        ]
        assert second.bye == first.bye


@given(fields)
def test_swapping_exchanges_only_the_last_two_rounds_of_the_first_cycle(players: int) -> None:
    per_cycle = rounds_per_cycle(players)
    played = [
        schedule_round(players, n, cycles=2, swap_last_two=True) for n in range(1, per_cycle + 1)
    ]
    expected = cycle(players)
    expected[-2], expected[-1] = expected[-1], expected[-2]
    assert played == expected


@given(fields)
def test_with_the_swap_nobody_gets_one_colour_three_games_running(players: int) -> None:
    assert not any("WWW" in c or "BBB" in c for c in colours(players, swap_last_two=True).values())


@pytest.mark.parametrize("players", [4, 6, 10, 16])
def test_without_the_swap_an_even_field_has_three_same_colours_running(players: int) -> None:
    # Why C.05 Annex 1 recommends the swap: the cycles meet with a colour repeated.
    assert any("WWW" in c or "BBB" in c for c in colours(players, swap_last_two=False).values())


@given(fields, st.booleans())
def test_a_single_round_robin_ignores_the_swap(players: int, swap_last_two: bool) -> None:
    for number in range(1, rounds_per_cycle(players) + 1):
        made = schedule_round(players, number, cycles=1, swap_last_two=swap_last_two)
        assert made == berger_round(players, number)


@pytest.mark.parametrize(
    ("players", "number", "cycles"),
    [(2, 1, 1), (100, 1, 1), (8, 0, 1), (8, 8, 1), (7, 15, 2), (8, 1, 3)],
)
def test_it_refuses_a_field_round_or_cycle_count_no_table_covers(
    players: int, number: int, cycles: int
) -> None:
    with pytest.raises(BergerTableError):
        schedule_round(players, number, cycles=cycles, swap_last_two=False)
