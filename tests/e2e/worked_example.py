"""The seeds' worked example as the browser test needs it: the players to register, each
round's results and published pairing, read from tests/data/reference/worked-example/."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

WORKED_EXAMPLE = Path(__file__).resolve().parents[1] / "data" / "reference" / "worked-example"
TOURNAMENT_TRF = WORKED_EXAMPLE / "tournament.trf"
ROUNDS = 6
ABSENT_PLAYER = 12
ABSENT_ROUND = 2

FINAL_POINTS = {
    **dict.fromkeys((1, 2, 5), "4.5"),
    **dict.fromkeys((4, 7, 14), "3.5"),
    **dict.fromkeys((3, 6, 8), "3"),
    **dict.fromkeys((10, 11), "2.5"),
    9: "2",
    **dict.fromkeys((12, 13), "1"),
}
"""Final points (README, expected-notes.md and tiebreaks-c07), as the standings page writes
them."""

RESULT_KEYS = {"1": "1", "=": "=", "0": "0", "+": "+", "-": "-"}
"""White's TRF result letter → the key the arbiter types (templates/tournaments/manage)."""

RESULT_TEXTS = {"1": "1-0", "=": "½-½", "0": "0-1", "+": "+/− (forfeit)", "-": "−/+ (forfeit)"}
"""White's TRF result letter → the result as the result entry page shows it."""


@dataclass(frozen=True)
class Entrant:
    """A `001` line: the player as the arbiter registers them."""

    pairing_number: int
    title: str
    name: str
    rating: int


def _player_lines() -> list[str]:
    text = TOURNAMENT_TRF.read_text(encoding="utf-8")
    return [line for line in text.splitlines() if line.startswith("001")]


def entrants() -> list[Entrant]:
    """The 14 players in pairing-number order (TRF16 columns 5-8, 11-13, 15-47, 49-52)."""
    return [
        Entrant(
            pairing_number=int(line[4:8]),
            title=line[10:13].strip(),
            name=line[14:47].strip(),
            rating=int(line[48:52]),
        )
        for line in _player_lines()
    ]


def results(round_number: int) -> dict[tuple[int, int], str]:
    """Round `round_number`'s games from the completed tournament: (white, black) → white's
    result letter (`1`, `=`, `0`, `+`, `-`)."""
    start = 91 + 10 * (round_number - 1)
    games: dict[tuple[int, int], str] = {}
    for line in _player_lines():
        cell = line[start : start + 8]
        opponent, colour, result = int(cell[0:4]), cell[5], cell[7]
        if colour == "w":
            games[(int(line[4:8]), opponent)] = result
    return games


def expected_pairing(round_number: int) -> list[str]:
    """`round-N-expected.txt` without its count line: `white black` per board in published
    order, then `P 0` for the pairing-allocated bye."""
    path = WORKED_EXAMPLE / "rounds" / f"round-{round_number}-expected.txt"
    lines = path.read_text(encoding="utf-8").splitlines()
    assert int(lines[0]) == len(lines) - 1, path
    return lines[1:]
