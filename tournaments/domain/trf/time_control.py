"""The time control of a tournament as TRF-2026 encodes it on its `222` line, and its
readable form for the TRF16 `122` line.

TRF-2026 `222`: periods joined by `:`, each `M/S` (M moves in S seconds), `M/S+I`, `S` (the
rest of the game in S seconds) or `S+I` (I seconds added per move); an Armageddon game is
`W<s>-B<s>` (White's and Black's seconds). Examples: `5400+30`, `40/6000+30:900+30`,
`W300-B240`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PERIOD = re.compile(
    r"(?:(?P<moves>[1-9][0-9]{0,2})/)?(?P<seconds>[1-9][0-9]{0,5})(?:\+(?P<increment>[0-9]{1,3}))?"
)
_ARMAGEDDON = re.compile(
    r"W(?P<white>[1-9][0-9]{0,5})-B(?P<black>[1-9][0-9]{0,5})(?:\+(?P<increment>[0-9]{1,3}))?"
)


class TimeControlError(ValueError):
    """A `222` code that does not read (the message says which part and why)."""


@dataclass(frozen=True, slots=True)
class Period:
    """One period: `moves` moves (None: the rest of the game) in `seconds`, plus `increment`
    seconds per move."""

    moves: int | None
    seconds: int
    increment: int


@dataclass(frozen=True, slots=True)
class Armageddon:
    """An Armageddon game: White's and Black's seconds, plus `increment` seconds per move."""

    white: int
    black: int
    increment: int


def parse_time_control(code: str) -> tuple[Period, ...] | Armageddon:
    """The periods of a `222` code, or its Armageddon times.

    Raises `TimeControlError` on anything else: only the last period may be for the rest of
    the game, every earlier one names its moves.
    """
    text = code.strip()
    if not text:
        raise TimeControlError("the time control is empty")
    armageddon = _ARMAGEDDON.fullmatch(text) if text.isascii() else None
    if armageddon:
        white, black = int(armageddon["white"]), int(armageddon["black"])
        return Armageddon(white, black, int(armageddon["increment"] or 0))
    periods: list[Period] = []
    parts = text.split(":")
    for number, part in enumerate(parts, start=1):
        match = _PERIOD.fullmatch(part) if part.isascii() else None
        if match is None:
            raise TimeControlError(
                f"period {number} {part!r} is not M/S, M/S+I, S or S+I (moves, seconds, "
                "increment in seconds; e.g. 40/6000+30)"
            )
        moves = int(match["moves"]) if match["moves"] else None
        if moves is None and number < len(parts):
            raise TimeControlError(
                f"period {number} {part!r} is for the rest of the game, but another follows"
            )
        periods.append(Period(moves, int(match["seconds"]), int(match["increment"] or 0)))
    if periods[-1].moves is not None:
        raise TimeControlError(f"the last period {parts[-1]!r} must be for the rest of the game")
    return tuple(periods)


def _duration(seconds: int) -> str:
    minutes, rest = divmod(seconds, 60)
    if not minutes:
        return f"{rest} s"
    return f"{minutes} min" + (f" {rest} s" if rest else "")


def _added(increment: int) -> str:
    return f" + {increment} s/move" if increment else ""


def describe_time_control(code: str) -> str:
    """The readable form of a `222` code (the TRF16 `122` text): `40/6000+30:900+30` reads
    "40 moves in 100 min + 30 s/move, then rest of the game in 15 min + 30 s/move". Raises
    `TimeControlError` when the code does not read."""
    parsed = parse_time_control(code)
    if isinstance(parsed, Armageddon):
        return (
            f"Armageddon: White {_duration(parsed.white)}, Black {_duration(parsed.black)}"
            + _added(parsed.increment)
        )
    if len(parsed) == 1 and parsed[0].moves is None:
        return _duration(parsed[0].seconds) + _added(parsed[0].increment)
    return ", then ".join(
        f"{f'{period.moves} moves' if period.moves else 'rest of the game'} in "
        f"{_duration(period.seconds)}{_added(period.increment)}"
        for period in parsed
    )
