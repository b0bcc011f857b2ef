"""The Berger tables as FIDE prints them (C.05 Annex 1), for every field of 3 to 16 players."""

from __future__ import annotations

import pytest

from pairing.roundrobin.berger import Board, berger_round, rounds_per_cycle
from tests.pairing.roundrobin.handbook import handbook_tables

TABLES = handbook_tables()


def test_the_typed_tables_cover_every_even_size_from_4_to_16() -> None:
    assert sorted(TABLES) == [4, 6, 8, 10, 12, 14, 16]
    for size, rounds in TABLES.items():
        assert len(rounds) == size - 1
        assert all(len(pairs) == size // 2 for pairs in rounds)


@pytest.mark.parametrize("players", range(4, 17, 2))
def test_an_even_field_gets_the_printed_table_board_for_board(players: int) -> None:
    printed = TABLES[players]
    assert rounds_per_cycle(players) == len(printed)
    for number, pairs in enumerate(printed, start=1):
        made = berger_round(players, number)
        assert made.bye is None
        assert made.boards == tuple(Board(white=w, black=b) for w, b in pairs), number


@pytest.mark.parametrize("players", range(3, 16, 2))
def test_an_odd_field_uses_the_next_table_with_the_highest_number_as_the_bye(players: int) -> None:
    printed = TABLES[players + 1]
    assert rounds_per_cycle(players) == len(printed)
    for number, pairs in enumerate(printed, start=1):
        (bye,) = [w if b == players + 1 else b for w, b in pairs if players + 1 in (w, b)]
        games = tuple(Board(white=w, black=b) for w, b in pairs if players + 1 not in (w, b))
        made = berger_round(players, number)
        assert (made.boards, made.bye) == (games, bye), number
