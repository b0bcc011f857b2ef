"""How many byes, forfeits and unusual results a generated tournament has: a count or a
percentage, over the whole tournament or in one round (FIDE's checklist for pairing programs,
VCL Q24: "each as a count or a percentage, optionally per round").

Each event has a key of its own, written `Key=N` (N events) or `Key=P%` (a percentage, at most
two decimals), and `Key.R<round>=...` for one round only:

- byes: `FullPointByes`, `HalfPointByes`, `ZeroPointByes` (requested byes, C.04.1 e; TRF `F`,
  `H`, `Z`). A count is a number of byes; a percentage is a share of the registered players
  (over the tournament: that share of the players take one, one in five of them two, as the
  JaVaFo rate keys; in a round: that share of the players take one in that round);
- games: `Forfeits` (a player does not appear, C.04.1: `+`/`-`), `HalfZeroResults`,
  `ZeroHalfResults`, `ZeroZeroResults` (the arbiter scores a played game ½-0, 0-½ or 0-0). A
  count is a number of games; a percentage is each game's probability.

A round's own setting replaces the tournament's in that round; a tournament count is spread at
random over the other rounds. The JaVaFo-style rate keys (`FullPointByeRate`,
`HalfPointByeRate`, `RetiredRate`, `ForfeitRate`, `HalfZeroRate`, `ZeroHalfRate`,
`ZeroZeroRate`) keep their meaning, one in N, and take a percentage too: `ForfeitRate=2%` is
`Forfeits=2%`.
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Final

PERCENT: Final = 10_000
"""100 %, in hundredths of a percent (the unit of a percentage `Amount`)."""


class Event(enum.Enum):
    """An event whose frequency the configuration sets; the value is its key."""

    FULL_POINT_BYE = "FullPointByes"
    HALF_POINT_BYE = "HalfPointByes"
    ZERO_POINT_BYE = "ZeroPointByes"
    FORFEIT = "Forfeits"
    HALF_ZERO = "HalfZeroResults"
    ZERO_HALF = "ZeroHalfResults"
    ZERO_ZERO = "ZeroZeroResults"

    @property
    def is_bye(self) -> bool:
        """A requested bye (decided before round 1), not an event of a game."""
        return self in BYES

    @property
    def rate_key(self) -> str:
        """The JaVaFo-style "one in N" key of the same event."""
        return RATE_KEYS[self]


BYES: Final = frozenset({Event.FULL_POINT_BYE, Event.HALF_POINT_BYE, Event.ZERO_POINT_BYE})
RATE_KEYS: Final = {
    Event.FULL_POINT_BYE: "FullPointByeRate",
    Event.HALF_POINT_BYE: "HalfPointByeRate",
    Event.ZERO_POINT_BYE: "RetiredRate",
    Event.FORFEIT: "ForfeitRate",
    Event.HALF_ZERO: "HalfZeroRate",
    Event.ZERO_HALF: "ZeroHalfRate",
    Event.ZERO_ZERO: "ZeroZeroRate",
}
_EVENT_OF_RATE_KEY: Final = {key: event for event, key in RATE_KEYS.items()}
_ROUND_KEY: Final = re.compile(r"(?P<event>[A-Za-z]+)\.R(?P<round>[0-9]{1,2})")
_AMOUNT: Final = re.compile(r"(?P<whole>[0-9]{1,6})(?:\.(?P<decimals>[0-9]{1,2}))?(?P<percent>%)?")


class AmountError(ValueError):
    """A value that is neither a count nor a percentage; the message says what is expected."""


@dataclass(frozen=True, slots=True)
class Amount:
    """A count of events, or a percentage in hundredths of a percent (`2.5%` is 250)."""

    value: int
    percent: bool = False

    @property
    def share(self) -> float:
        """A percentage as a fraction of 1."""
        return self.value / PERCENT

    def __str__(self) -> str:
        if not self.percent:
            return str(self.value)
        whole, hundredths = divmod(self.value, 100)
        return f"{whole}%" if not hundredths else f"{whole}.{hundredths:02d}".rstrip("0") + "%"


def parse_amount(text: str) -> Amount:
    """`N` (a count) or `P%` (a percentage from 0 to 100, at most two decimals)."""
    match = _AMOUNT.fullmatch(text.strip())
    if match is None or (match["decimals"] and not match["percent"]):
        raise AmountError(f"expected a count (3) or a percentage (2.5%), not {text!r}")
    if not match["percent"]:
        return Amount(int(match["whole"]))
    value = int(match["whole"]) * 100 + int((match["decimals"] or "0").ljust(2, "0"))
    if value > PERCENT:
        raise AmountError(f"a percentage is at most 100%, not {text!r}")
    return Amount(value, percent=True)


@dataclass(frozen=True, slots=True)
class EventAmount:
    """How often `event` happens: over the tournament (`round` None) or in one round."""

    event: Event
    round: int | None
    amount: Amount

    @property
    def key(self) -> str:
        """The configuration key: `HalfPointByes` or `HalfPointByes.R5`."""
        return self.event.value + ("" if self.round is None else f".R{self.round}")

    @property
    def sort_key(self) -> tuple[str, int]:
        return (self.event.value, self.round or 0)


def event_key(key: str) -> tuple[Event, int | None] | None:
    """The event and round a count key names (`HalfPointByes.R5`: half-point byes, round 5), or
    None when `key` is not one."""
    match = _ROUND_KEY.fullmatch(key)
    name, round_number = (match["event"], int(match["round"])) if match else (key, None)
    try:
        return Event(name), round_number
    except ValueError:
        return None


def rate_event(key: str) -> Event | None:
    """The event of a JaVaFo-style rate key (`ForfeitRate`), or None."""
    return _EVENT_OF_RATE_KEY.get(key)
