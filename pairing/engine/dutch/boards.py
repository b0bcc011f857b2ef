"""Board order of a published pairing, C.04.2 D.9."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pairing.engine.api import Board
from tournaments.domain.state import PlayerId


def publication_order(boards: Iterable[Board], scores: Mapping[PlayerId, int]) -> tuple[Board, ...]:
    """Sort by the score of the higher-ranked player (descending), then the sum of both scores
    (descending), then the pairing number of the higher-ranked player (ascending)."""

    def key(board: Board) -> tuple[int, int, int]:
        white, black = scores[board.white], scores[board.black]
        higher = min((board.white, board.black), key=lambda player: (-scores[player], player))
        return (-max(white, black), -(white + black), higher)

    return tuple(sorted(boards, key=key))
