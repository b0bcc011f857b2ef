"""Hand-built tournament states for the tie-break tests, written like the seed's crosstable.

Each player is a line of round cells: `+W5` a win with White against 5, `=B8` a draw with
Black, `-W2` a loss; `+F8` / `-F6` a forfeit win / loss; `PAB`, `FPB`, `HPB`, `ZPB` the
pairing-allocated, full-point, half-point and zero-point byes; `---` absent (withdrawn).
"""

from __future__ import annotations

from collections.abc import Mapping

from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

_BYES = {
    "PAB": Outcome.PAIRING_BYE,
    "FPB": Outcome.FULL_BYE,
    "HPB": Outcome.HALF_BYE,
    "ZPB": Outcome.ZERO_BYE,
    "---": Outcome.ABSENT,
}
_GAMES = {
    ("+", "W"): (Outcome.WIN, Color.WHITE),
    ("=", "W"): (Outcome.DRAW, Color.WHITE),
    ("-", "W"): (Outcome.LOSS, Color.WHITE),
    ("+", "B"): (Outcome.WIN, Color.BLACK),
    ("=", "B"): (Outcome.DRAW, Color.BLACK),
    ("-", "B"): (Outcome.LOSS, Color.BLACK),
    ("+", "F"): (Outcome.FORFEIT_WIN, Color.NONE),
    ("-", "F"): (Outcome.FORFEIT_LOSS, Color.NONE),
}


def record(cell: str) -> RoundRecord:
    """One round cell, such as `+W5` or `HPB`."""
    if cell in _BYES:
        return RoundRecord(None, Color.NONE, _BYES[cell])
    outcome, color = _GAMES[cell[0], cell[1]]
    return RoundRecord(PlayerId(int(cell[2:])), color, outcome)


def tournament(
    crosstable: Mapping[int, str],
    ratings: Mapping[int, int] | None = None,
    total_rounds: int | None = None,
) -> TournamentState:
    """A state from one line of cells per pairing number; opponents must agree."""
    players = tuple(
        PlayerState(
            id=PlayerId(number),
            name=f"Player {number}",
            rating=(ratings or {}).get(number, 2000),
            history=tuple(record(cell) for cell in line.split()),
        )
        for number, line in sorted(crosstable.items())
    )
    for player in players:
        for number, played in enumerate(player.history):
            if played.opponent is not None:
                back = next(p for p in players if p.id == played.opponent).history[number]
                assert back.opponent == player.id, f"round {number + 1}: {player.id}"
    rounds = len(players[0].history)
    return TournamentState(total_rounds=total_rounds or rounds, players=players)


SEED_003 = {
    1: "+W5 =B8 +W4 +B2 =B7",
    2: "+B6 +W3 +F8 -W1 -B4",
    3: "HPB -B2 =B7 ZPB PAB",
    4: "+W7 HPB -B1 =W6 +W2",
    5: "-B1 -F6 PAB =W7 +B6",
    6: "-W2 +F5 ZPB =B4 -W5",
    7: "-B4 PAB =W3 =B5 =W1",
    8: "PAB =W1 -F2 ZPB ZPB",
}
"""The 8-player, 5-round example of seed 003 (FSI slides "C.07 Sistemi di spareggio 2023")."""

SEED_003_RATINGS = {1: 1700, 2: 1650, 3: 1625, 4: 1600, 5: 1550, 6: 1525, 7: 1500, 8: 1480}


_REVERSE = {"+": "-", "-": "+", "=": "="}
_OTHER_COLOR = {"W": "B", "B": "W", "F": "F"}


def solo(
    line: str,
    filler: Mapping[int, str] | None = None,
    ratings: Mapping[int, int] | None = None,
    total_rounds: int | None = None,
) -> TournamentState:
    """Player 1 plays `line`; each opponent named in it gets the mirrored cell in that round
    and `filler[opponent]` (default `PAB`) in every other round."""
    cells = line.split()
    lines = {1: cells}
    for number, cell in enumerate(cells):
        if cell in _BYES:
            continue
        opponent = int(cell[2:])
        row = lines.setdefault(opponent, [(filler or {}).get(opponent, "PAB")] * len(cells))
        row[number] = f"{_REVERSE[cell[0]]}{_OTHER_COLOR[cell[1]]}1"
    return tournament(
        {number: " ".join(row) for number, row in lines.items()}, ratings, total_rounds
    )
