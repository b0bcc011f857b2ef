"""The settings of a random tournament, read from a JaVaFo-style RTG configuration file.

FIDE asks every endorsed pairing program for a random tournament generator (C.04.A, endorsement
of pairing programs); JaVaFo and bbpPairings read its settings from a text file of `Key=Value`
lines. We read the same keys, with the same meaning, plus three of our own:

- `PlayersNumber` (2-9999) and `RoundsNumber` (1-99): required.
- `DrawPercentage` (default 30): % of draws between equally rated players under
  `ResultsModel=table`; it shrinks with the rating gap (see `results`). The TEC model (the
  default) has its own draw rate and leaves it unused.
- `ForfeitRate` N: one game in N is forfeited.
- `RetiredRate` N: players/N players take a zero-point bye `Z` (one in five of them: two).
- `HalfPointByeRate` N: players/N players take a half-point bye `H` (one in five: two).
- `HighestRating`, `LowestRating` (defaults 2600, 1400): ratings are drawn between them.
- ours, `RatingStep` N (default 1): drawn ratings are multiples of N (VCL Q28: steps).
- ours, `RatingSpread`: `uniform` (default) or `normal`, a normal distribution around the
  middle of the range with the standard deviation `RatingDeviation` (default 200), drawn again
  when it falls outside the range (VCL Q28: spread).
- ours, `UnratedPercentage` P (0-100, default 0): P % of the players (rounded down) are unrated.
- ours, `FullPointByeRate` N: players/N players take a full-point bye `F` (one in five: two).
- ours, `WithdrawalRate` N: players/N players withdraw from a round 2..R to the end (`0000 - -`).
- ours, `LateEntryRate` N: players/N players enter in round 2 or 3, shown `H` or `Z` before.
- ours, `InitialColor`: `white`, `black` or `random` (default: drawn with the seed; C.04.3 E.5).
- ours, `Edition`: the Dutch rules to pair by, `2017` (default) or `2025` (the file then
  records `192 FIDE_DUTCH_2025`).
- ours, `HalfZeroRate`, `ZeroHalfRate`, `ZeroZeroRate` N: one game played in N is scored ½-0,
  0-½ or 0-0 by the arbiter (C.04.1; VCL Q24, Q180), written `=`/`0`, `0`/`=`, `0`/`0`.
- ours, `TieBreaks`: the tie-breaks after points, TRF-2026 codes separated by commas (default
  `BH/C1,BH,SB,DE,WIN,BPG`, `tournaments.domain.tiebreaks.DEFAULT_TIEBREAKS`); the file records
  them as `202` and, after `PTS`, as `212`, and ranks the players by them (VCL Q24, Q31).
- ours, `Acceleration`: `baku` for Baku acceleration (C.04.7 1: group A's virtual points in
  the first half of the rounds, written as `XXA` records and a `_BAKU` `192` code) or `none`
  (default; like `Edition`, never drawn).
- ours, `Format`: `swiss` (default), `roundrobin` or `doubleroundrobin`: a round robin paired
  from the Berger tables (C.05 Annex 1; `pairing.roundrobin`), numbers drawn by lot from the
  seed; `RoundsNumber` may then be left out (n - 1 rounds per cycle for an even field of n, n for
  an odd one) and must otherwise be that number; 3-99 players; no requested byes, late entries,
  acceleration or `Edition`, and no Buchholz-family tie-break (C.07 8); the tie-breaks default to
  `DE,WIN,SB,KS` (`ROUND_ROBIN_TIEBREAKS`). Withdrawals keep their seat: their games are
  forfeits, and the 50 % rule decides whether their results count (C.06 V.4).
- ours, `SwapLastTwoRounds`: `yes` or `no` (default), a double round robin's first cycle with its
  last two rounds exchanged (C.05 Annex 1; VCL Q98); drawn when a double round robin's file
  leaves it out.
- ours, `ResultsModel`: `tec` (default: the TEC's statistical model of results, `tec_model`;
  VCL Q32) or `table` (FIDE's rating table and `DrawPercentage`, the model of the files made
  before `tec` became the default, whose `###` line has no `ResultsModel`); like `Edition`,
  never drawn, and always written in the file's `###` line.
- ours, `PlayersFile`: a TRF or CSV file of players (name, rating, federation, title, ...;
  `roster`), relative to the configuration file, instead of drawn ratings (VCL Q27);
  `PlayersNumber` may then be left out, and must otherwise equal the file's count.

A rate N of 0 turns the event off. Requested byes never fall in the last round unless a
round's own key asks for them there. Byes, forfeits and unusual results can also be set as a
count or a percentage, over the tournament or per round (`HalfPointByes=3`, `ForfeitRate=2%`,
`HalfPointByes.R5=2`; VCL Q24; `amounts`). Blank lines and lines starting with `#` are
ignored. Keys are case-sensitive, as in JaVaFo.

`parse_config` gives an optional key left out its fixed default (the dataclass's); the command
line reads a file with `read_config`, which draws a sensible random value for each optional key
the file leaves out (FIDE's checklist for tournament programs, VCL4THP Q25: unset parameters
are random, not "off"), from the tournament's seed, so that the same seed gives the same file;
the file's `###` comment records every value used.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from pairing.engine import Edition
from pairing.generator.amounts import (
    Amount,
    Event,
    EventAmount,
)
from pairing.generator.results import GameModel
from pairing.generator.roster import Entrant
from pairing.roundrobin.berger import BergerTableError, total_rounds
from tournaments.domain.tiebreaks import (
    DEFAULT_TIEBREAKS,
    ROUND_ROBIN_TIEBREAKS,
    TiebreakCodeError,
    parse_tiebreak,
    round_robin_problems,
    tiebreak_list_problems,
)

ReadFile = Callable[[str], str]
"""Reads a file named in the configuration (`PlayersFile`), raising OSError or
UnicodeDecodeError; the command line reads relative to the configuration file."""


class GeneratorConfigError(ValueError):
    """A configuration the generator cannot use; `line` is the 1-based line (None: no line)."""

    def __init__(self, reason: str, *, line: int | None = None) -> None:
        super().__init__(reason if line is None else f"line {line}: {reason}")
        self.reason = reason
        self.line = line


class InitialColor(enum.Enum):
    """The colour of the top-ranked player on board 1 of round 1 (C.04.3 E.5), or drawn by lot."""

    WHITE = "white"
    BLACK = "black"
    RANDOM = "random"


class TournamentFormat(enum.Enum):
    """A Swiss tournament, or a single or double round robin (C.05 Annex 1)."""

    SWISS = "swiss"
    ROUND_ROBIN = "roundrobin"
    DOUBLE_ROUND_ROBIN = "doubleroundrobin"

    @property
    def cycles(self) -> int:
        """A round robin's cycles (0: a Swiss)."""
        return {"swiss": 0, "roundrobin": 1, "doubleroundrobin": 2}[self.value]


class RatingSpread(enum.Enum):
    """How drawn ratings spread over the range (VCL Q28)."""

    UNIFORM = "uniform"
    NORMAL = "normal"


MAX_PLAYERS: Final = 9999
"""TRF16 pairing numbers have four digits."""
MAX_ROUNDS: Final = 99
MAX_RATING: Final = 9999
EDITIONS: Final = {"2017": Edition.DUTCH_2017, "2025": Edition.DUTCH_2025}
"""The `Edition` values."""
SWISS_TIEBREAKS: Final = (
    DEFAULT_TIEBREAKS,
    ("BH/C1", "BH", "SB", "PS"),
    ("DE", "BH/C1", "ARO", "WIN", "BPG"),
)
"""The lists `read_config` draws from when the file gives none (C.07 8.1, 9.1, 6, 7, 10.1)."""
ROUND_ROBIN_LISTS: Final = (ROUND_ROBIN_TIEBREAKS, ("SB", "DE", "WIN", "KS"), ("DE", "SB", "KS"))
"""The lists `read_config` draws from for a round robin (no Buchholz: C.07 8)."""
RATING_STEPS: Final = (1, 1, 5, 10, 25)
"""The rating steps `read_config` draws from."""


@dataclass(frozen=True, slots=True)
class GeneratorConfig:
    """What kind of tournament to generate; the "one in N" rates are 0 when the event is off."""

    players: int
    rounds: int
    draw_percentage: int = 30
    forfeit_rate: int = 0
    zero_bye_rate: int = 0
    half_bye_rate: int = 0
    full_bye_rate: int = 0
    highest_rating: int = 2600
    lowest_rating: int = 1400
    withdrawal_rate: int = 0
    late_entry_rate: int = 0
    initial_color: InitialColor = InitialColor.RANDOM
    edition: Edition | None = None
    """None: not given (the 2017 rules)."""
    baku: bool = False
    """Baku acceleration (C.04.7 1)."""
    half_zero_rate: int = 0
    zero_half_rate: int = 0
    zero_zero_rate: int = 0
    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    """The tie-breaks after points (TRF-2026 `202`)."""
    players_file: str | None = None
    """`PlayersFile` as written in the configuration."""
    roster: tuple[Entrant, ...] = ()
    """The players of `players_file`, in initial order (empty: ratings are drawn)."""
    rating_step: int = 1
    rating_spread: RatingSpread = RatingSpread.UNIFORM
    rating_deviation: int = 200
    """The standard deviation of a normal spread."""
    unrated_percentage: int = 0
    amounts: tuple[EventAmount, ...] = ()
    """Counts and percentages of events (`amounts`), sorted by key; an event set over the
    tournament here has its "one in N" rate 0."""
    format: TournamentFormat = TournamentFormat.SWISS
    swap_last_two: bool = False
    """A double round robin's first cycle with its last two rounds exchanged (C.05 Annex 1)."""
    game_model: GameModel = GameModel.TEC
    """How games played are scored (`ResultsModel`; VCL Q32)."""

    def __post_init__(self) -> None:
        _check_range("PlayersNumber", self.players, 2, MAX_PLAYERS)
        _check_range("RoundsNumber", self.rounds, 1, MAX_ROUNDS)
        _check_range("DrawPercentage", self.draw_percentage, 0, 100)
        _check_range("ForfeitRate", self.forfeit_rate, 0, None)
        _check_range("RetiredRate", self.zero_bye_rate, 0, None)
        _check_range("HalfPointByeRate", self.half_bye_rate, 0, None)
        _check_range("FullPointByeRate", self.full_bye_rate, 0, None)
        _check_range("WithdrawalRate", self.withdrawal_rate, 0, None)
        _check_range("LateEntryRate", self.late_entry_rate, 0, None)
        _check_range("HighestRating", self.highest_rating, 0, MAX_RATING)
        _check_range("LowestRating", self.lowest_rating, 0, self.highest_rating)
        for key in ("HalfZeroRate", "ZeroHalfRate", "ZeroZeroRate"):
            _check_range(key, getattr(self, FIELD_OF_KEY[key]), 0, None)
        _check_range("RatingStep", self.rating_step, 1, MAX_RATING)
        _check_range("RatingDeviation", self.rating_deviation, 1, MAX_RATING)
        _check_range("UnratedPercentage", self.unrated_percentage, 0, 100)
        _check_tiebreaks(self.tiebreaks)
        self._check_amounts()
        if self.roster and len(self.roster) != self.players:
            raise GeneratorConfigError(
                f"PlayersNumber is {self.players}, but the PlayersFile lists "
                f"{len(self.roster)} players"
            )
        if self.format is TournamentFormat.SWISS:
            if self.swap_last_two:
                raise GeneratorConfigError("SwapLastTwoRounds is for a double round robin")
        else:
            self._check_round_robin()

    @property
    def round_robin(self) -> bool:
        """Whether the tournament is a round robin (paired from the Berger tables)."""
        return self.format is not TournamentFormat.SWISS

    def _check_round_robin(self) -> None:
        """A round robin's field and rounds are the Berger table's (C.05 Annex 1); it has no
        requested byes, late entries, acceleration or Dutch edition, and no Buchholz (C.07 8)."""
        cycles = self.format.cycles
        try:
            rounds = total_rounds(self.players, cycles=cycles)
        except BergerTableError as error:
            raise GeneratorConfigError(f"Format={self.format.value}: {error}") from None
        if self.rounds != rounds:
            raise GeneratorConfigError(
                f"RoundsNumber must be {rounds} for a {self.format.value} of {self.players} "
                f"players (C.05 Annex 1), not {self.rounds}: leave it out"
            )
        barred = [
            key
            for key, on in (
                ("HalfPointByeRate", self.half_bye_rate),
                ("RetiredRate", self.zero_bye_rate),
                ("FullPointByeRate", self.full_bye_rate),
                ("LateEntryRate", self.late_entry_rate),
                ("Acceleration", self.baku),
                ("Edition", self.edition is not None),
            )
            if on
        ] + [item.key for item in self.amounts if item.event.is_bye]
        if barred:
            raise GeneratorConfigError(
                f"a round robin has no {', '.join(barred)}: the Berger table seats everyone "
                "every round"
            )
        if cycles == 1 and self.swap_last_two:
            raise GeneratorConfigError("SwapLastTwoRounds is for a double round robin")
        problems = round_robin_problems(self.tiebreaks)
        if problems:
            raise GeneratorConfigError(f"TieBreaks: {' '.join(problems)}")

    def _check_amounts(self) -> None:
        """VCL Q24: each event set once over the tournament (by its count key or its rate key)
        and once per round, in a round of the tournament, with no more byes than players."""
        seen: set[tuple[Event, int | None]] = set()
        for item in self.amounts:
            whole = item.round is None
            rate = getattr(self, _RATE_FIELD[item.event])
            if (item.event, item.round) in seen or (whole and rate):
                raise GeneratorConfigError(
                    f"{item.event.rate_key} and {item.key} both set the "
                    f"{_EVENT_NAMES[item.event]}: give one of them"
                    if whole
                    else f"{item.key} is given twice"
                )
            seen.add((item.event, item.round))
            if not whole and not 1 <= (item.round or 0) <= self.rounds:
                raise GeneratorConfigError(
                    f"{item.key}: the tournament has rounds 1 to {self.rounds}"
                )
            most = self.players * (self.rounds if whole else 1)
            if item.event.is_bye and not item.amount.percent and item.amount.value > most:
                raise GeneratorConfigError(
                    f"{item.key}={item.amount}: more byes than {most} "
                    + ("players times rounds" if whole else "players")
                )

    def amount(self, event: Event, round_number: int | None = None) -> Amount | None:
        """The count or percentage set for `event` over the tournament or in one round."""
        for item in self.amounts:
            if (item.event, item.round) == (event, round_number):
                return item.amount
        return None

    @property
    def rules(self) -> Edition:
        """The edition the tournament is paired by."""
        return self.edition or Edition.DUTCH_2017

    def as_text(self) -> str:
        """The configuration file that `parse_config` reads back as this configuration (the
        rating keys left out when the players come from a file, which they do not apply to,
        an event's rate key when its count key sets it, and `Format` and `SwapLastTwoRounds`
        where they say nothing: a Swiss, a single round robin)."""
        unused = (_RATING_KEYS if self.players_file else ()) + tuple(
            item.event.rate_key for item in self.amounts if item.round is None
        )
        if self.format.cycles < 2:  # the Swiss files as they were before round robins
            unused += (
                ("SwapLastTwoRounds",) if self.round_robin else ("Format", "SwapLastTwoRounds")
            )
        return "".join(
            f"{key}={_format(getattr(self, name), key)}\n"
            for key, name in FIELD_OF_KEY.items()
            if getattr(self, name) is not None and key not in unused
        ) + "".join(f"{item.key}={item.amount}\n" for item in self.amounts)


FIELD_OF_KEY: Final = {
    "PlayersNumber": "players",
    "RoundsNumber": "rounds",
    "DrawPercentage": "draw_percentage",
    "ForfeitRate": "forfeit_rate",
    "RetiredRate": "zero_bye_rate",
    "HalfPointByeRate": "half_bye_rate",
    "FullPointByeRate": "full_bye_rate",
    "HighestRating": "highest_rating",
    "LowestRating": "lowest_rating",
    "WithdrawalRate": "withdrawal_rate",
    "LateEntryRate": "late_entry_rate",
    "InitialColor": "initial_color",
    "Edition": "edition",
    "Acceleration": "baku",
    "HalfZeroRate": "half_zero_rate",
    "ZeroHalfRate": "zero_half_rate",
    "ZeroZeroRate": "zero_zero_rate",
    "TieBreaks": "tiebreaks",
    "PlayersFile": "players_file",
    "RatingStep": "rating_step",
    "RatingSpread": "rating_spread",
    "RatingDeviation": "rating_deviation",
    "UnratedPercentage": "unrated_percentage",
    "Format": "format",
    "SwapLastTwoRounds": "swap_last_two",
    "ResultsModel": "game_model",
}
_RATING_KEYS: Final = (
    "HighestRating",
    "LowestRating",
    "RatingStep",
    "RatingSpread",
    "RatingDeviation",
    "UnratedPercentage",
)
"""The keys of drawn ratings, which a `PlayersFile` replaces."""
_RATE_FIELD: Final = {event: FIELD_OF_KEY[event.rate_key] for event in Event}
_EVENT_NAMES: Final = {
    Event.FULL_POINT_BYE: "full-point byes",
    Event.HALF_POINT_BYE: "half-point byes",
    Event.ZERO_POINT_BYE: "zero-point byes",
    Event.FORFEIT: "forfeits",
    Event.HALF_ZERO: "½-0 results",
    Event.ZERO_HALF: "0-½ results",
    Event.ZERO_ZERO: "0-0 results",
}


def _format(value: object, key: str) -> str:
    if isinstance(value, Edition):
        return next(name for name, edition in EDITIONS.items() if edition is value)
    if isinstance(value, bool):
        if key == "SwapLastTwoRounds":
            return "yes" if value else "no"
        return "baku" if value else "none"
    if isinstance(value, tuple):
        return ",".join(value)
    if isinstance(value, InitialColor | RatingSpread | TournamentFormat | GameModel):
        return str(value.value)
    return str(value)


def _check_tiebreaks(codes: tuple[str, ...]) -> None:
    """Codes of the C.07 menu the standings compute, each once (DE may repeat); not PTS, which
    always comes first, nor MAN, whose values an arbiter enters."""
    problems: list[str] = list(tiebreak_list_problems(codes))
    for code in codes:
        try:
            parsed = parse_tiebreak(code)
        except TiebreakCodeError:
            continue  # listed by tiebreak_list_problems
        if parsed.definition.code in ("PTS", "MAN") or not parsed.computed:
            problems.append(f"{code} cannot be computed for a generated tournament.")
    if not codes:
        problems.append("The list is empty.")
    if problems:
        raise GeneratorConfigError(f"TieBreaks: {' '.join(problems)}")


def _check_range(key: str, value: int, low: int, high: int | None) -> None:
    if value < low or (high is not None and value > high):
        bound = f"at least {low}" if high is None else f"between {low} and {high}"
        raise GeneratorConfigError(f"{key} must be {bound}, not {value}")
