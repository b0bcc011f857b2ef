"""Chess960 positions (checklist Q222): Scharnagl's numbering and the seeded draw."""

from __future__ import annotations

import pytest

from tournaments.domain.chess960 import back_rank, drawn_position, round_seed


@pytest.mark.parametrize(
    ("position", "pieces"),
    [(518, "RNBQKBNR"), (0, "BBQNNRKR"), (959, "RKRNNQBB"), (1, "BQNBNRKR")],
)
def test_a_position_number_gives_scharnagls_arrangement(position: int, pieces: str) -> None:
    assert back_rank(position) == pieces


def test_every_position_is_a_legal_and_distinct_arrangement() -> None:
    arrangements = {back_rank(position) for position in range(960)}

    assert len(arrangements) == 960
    for pieces in arrangements:
        assert sorted(pieces) == sorted("RNBQKBNR")
        bishops = [index for index, piece in enumerate(pieces) if piece == "B"]
        assert bishops[0] % 2 != bishops[1] % 2
        rooks = [index for index, piece in enumerate(pieces) if piece == "R"]
        assert rooks[0] < pieces.index("K") < rooks[1]


def test_a_number_outside_0_to_959_is_refused() -> None:
    with pytest.raises(ValueError, match="from 0 to 959"):
        back_rank(960)


def test_the_draw_is_repeatable_and_differs_between_rounds() -> None:
    draws = [drawn_position(round_seed(7, number)) for number in range(1, 10)]

    assert draws == [drawn_position(round_seed(7, number)) for number in range(1, 10)]
    assert all(0 <= draw < 960 for draw in draws)
    assert len(set(draws)) > 1
