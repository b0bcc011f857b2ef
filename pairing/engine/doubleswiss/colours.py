"""Colours of a match and the order of the boards (C.04.5 Article 4; C.04.2 3.6).

The player with White in a match plays game 1 with White and game 2 with Black (4.4). For each
pair, in descending priority (4.3), about the higher-ranked player (1.2: score, then TPN):

- 4.3.1 when neither player has had a colour yet: the higher-ranked player gets the initial
  colour (drawn by lot before the first round, 4.1) when their TPN is odd, else the other one;
- 4.3.2 White to the player who had fewer Whites;
- 4.3.3 each player the colour the other had in the most recent match in which their colours
  differed;
- 4.3.4 the higher-ranked player the colour other than the one they had last;
- 4.3.5 the opponent the colour other than the one they had last.

A colour is the colour of game 1 in a match in which at least one game was played (1.6).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pairing.engine.api import Board
from pairing.engine.doubleswiss.matches import Contender
from tournaments.domain.state import Color, PlayerId


def _last(colours: tuple[Color, ...]) -> Color:
    return next((c for c in reversed(colours) if c is not Color.NONE), Color.NONE)


def higher_ranked(a: Contender, b: Contender) -> tuple[Contender, Contender]:
    """The pair in the order of 1.2: the higher-ranked player (score, then TPN) first."""
    return (a, b) if (-a.score, a.id) < (-b.score, b.id) else (b, a)


def white_of_higher(higher: Contender, other: Contender, initial: Color) -> bool:
    """Whether the higher-ranked player gets White (4.3)."""
    if _last(higher.colours) is Color.NONE and _last(other.colours) is Color.NONE:
        return (initial is Color.WHITE) == (higher.rank % 2 == 1)  # 4.3.1
    if higher.whites != other.whites:
        return higher.whites < other.whites  # 4.3.2
    for own, theirs in zip(reversed(higher.colours), reversed(other.colours), strict=True):
        if Color.NONE not in (own, theirs) and own is not theirs:
            return own is Color.BLACK  # 4.3.3
    if _last(higher.colours) is not Color.NONE:
        return _last(higher.colours) is Color.BLACK  # 4.3.4
    return _last(other.colours) is Color.WHITE  # 4.3.5


def match_board(a: Contender, b: Contender, initial: Color) -> Board:
    """The board of a match, White (in game 1) first (4.3, 4.4)."""
    higher, other = higher_ranked(a, b)
    if white_of_higher(higher, other, initial):
        return Board(white=higher.id, black=other.id)
    return Board(white=other.id, black=higher.id)


def board_order(boards: Iterable[Board], by_id: Mapping[PlayerId, Contender]) -> tuple[Board, ...]:
    """C.04.2 3.6: the score of the higher-ranked player (descending), then the sum of both
    scores (descending), then the TPN of the higher-ranked player (ascending)."""

    def key(board: Board) -> tuple[int, int, int]:
        higher, other = higher_ranked(by_id[board.white], by_id[board.black])
        return (-higher.score, -(higher.score + other.score), higher.id)

    return tuple(sorted(boards, key=key))
