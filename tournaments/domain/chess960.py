"""Chess960 starting positions (checklist Q222): the seeded draw of a round's position and the
arrangement of the pieces a position number stands for.

Positions are numbered 0-959 in Scharnagl's scheme (518 is the standard RNBQKBNR). The draw is
SHA-256 of a seed that names the tournament and the round, so anyone can repeat it.
"""

from __future__ import annotations

import hashlib

POSITIONS = 960
STANDARD = 518
_LIGHT_BISHOP = (1, 3, 5, 7)
_DARK_BISHOP = (0, 2, 4, 6)
_KNIGHTS_ROOKS_KING = (
    "NNRKR",
    "NRNKR",
    "NRKNR",
    "NRKRN",
    "RNNKR",
    "RNKNR",
    "RNKRN",
    "RKNNR",
    "RKNRN",
    "RKRNN",
)


def drawn_position(seed: str) -> int:
    """The position drawn for `seed`: the first eight bytes of SHA-256(seed) modulo 960."""
    digest = hashlib.sha256(seed.encode()).digest()
    return int.from_bytes(digest[:8], "big") % POSITIONS


def round_seed(tournament_id: int, round_number: int) -> str:
    """The seed of a round's draw: fixed for the tournament and the round."""
    return f"chess960 tournament {tournament_id} round {round_number}"


def back_rank(position: int) -> str:
    """White's pieces from a1 to h1 for a position number (Scharnagl): 518 gives RNBQKBNR."""
    if not 0 <= position < POSITIONS:
        raise ValueError(f"a Chess960 position is a number from 0 to 959, not {position}")
    squares: list[str | None] = [None] * 8
    rest, light = divmod(position, 4)
    squares[_LIGHT_BISHOP[light]] = "B"
    rest, dark = divmod(rest, 4)
    squares[_DARK_BISHOP[dark]] = "B"
    rest, queen = divmod(rest, 6)
    empty = [index for index, piece in enumerate(squares) if piece is None]
    squares[empty[queen]] = "Q"
    empty = [index for index, piece in enumerate(squares) if piece is None]
    for index, piece in zip(empty, _KNIGHTS_ROOKS_KING[rest], strict=True):
        squares[index] = piece
    return "".join(piece or "" for piece in squares)
