"""The TRF records read line by line before the players are known: the round dates (`132`),
the accelerations (`250`, `XXA`), the forbidden pairs (`260`, `XXP`), the bye requests
(`240`) and the absences (`XXZ`); `read.parse_trf` checks the players they name."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Outcome, PlayerId, Points
from tournaments.domain.trf.columns import (
    MAX_PAIRING_NUMBER,
    columns,
    half_points,
    integer,
    token_integer,
    tokens,
)
from tournaments.domain.trf.model import (
    TrfByeRequest,
    TrfError,
)
from tournaments.domain.trf.player_lines import (
    round_column,
)

BYE_KINDS = {"F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE, "Z": Outcome.ZERO_BYE}
PAIRING_NUMBER = Message(gettext_noop("pairing number"))
ACCELERATION = Message(gettext_noop("acceleration"))


@dataclass(frozen=True, slots=True)
class AccelerationLine:
    """`XXA` (one player, every round) or `250` (a range of players and rounds), with the line
    `number` and the `column` of its first player, for the checks made once all players are
    known."""

    number: int
    column: int
    first_player: PlayerId
    last_player: PlayerId
    first_round: int
    values: tuple[Points, ...]


@dataclass(frozen=True, slots=True)
class ForbiddenLine:
    """`XXP` or `260`: the players, each with its column, and the rounds."""

    number: int
    players: tuple[tuple[PlayerId, int], ...]
    first_round: int
    last_round: int | None


@dataclass(frozen=True, slots=True)
class ByeLine:
    """`240`: the request and the column of each player."""

    number: int
    request: TrfByeRequest
    columns: tuple[int, ...]


def round_dates(line: str) -> tuple[str, ...]:
    """`132`: one date per round, in the round's 10-column block from column 92 (TRF16)."""
    dates = []
    round_number = 1
    while round_column(round_number) <= len(line):
        start = round_column(round_number)
        dates.append(columns(line, start, start + 9).strip())
        round_number += 1
    while dates and not dates[-1]:
        dates.pop()
    return tuple(dates)


def read_acceleration(line: str, number: int) -> AccelerationLine:
    if line[:3] == "XXA":
        # XXA NNNN pp.p pp.p ...: player at 5-8, round r's points at 10 + 5*(r-1) (JaVaFo).
        words = tokens(line, 4)
        if not words:
            raise TrfError(
                Message(gettext_noop("XXA needs a pairing number")), line=number, column=5
            )
        (word, column), values = words[0], words[1:]
        player = PlayerId(token_integer(word, number, column, PAIRING_NUMBER, MAX_PAIRING_NUMBER))
        return AccelerationLine(
            number=number,
            column=column,
            first_player=player,
            last_player=player,
            first_round=1,
            values=tuple(half_points(w, number, c, ACCELERATION) for w, c in values),
        )
    # 250: match points 5-8, game points 10-13, rounds 15-17 and 19-21, players 23-26 and 28-31.
    match_points = columns(line, 5, 8).strip()
    if match_points and half_points(match_points, number, 5, "match points"):
        raise TrfError(
            Message(gettext_noop("team match-point acceleration is not supported")),
            line=number,
            column=5,
        )
    points = half_points(columns(line, 10, 13).strip(), number, 10, ACCELERATION)
    first_round = required_number(line, number, 15, 17, Message(gettext_noop("first round")))
    last_round = required_number(line, number, 19, 21, Message(gettext_noop("last round")))
    first_player = required_number(line, number, 23, 26, Message(gettext_noop("first player")))
    last_player = required_number(line, number, 28, 31, Message(gettext_noop("last player")))
    check_round_range(first_round, last_round, number, column=15)
    return AccelerationLine(
        number=number,
        column=23,
        first_player=PlayerId(first_player),
        last_player=PlayerId(last_player),
        first_round=first_round,
        values=(points,) * (last_round - first_round + 1),
    )


def check_round_range(first: int, last: int, number: int, *, column: int) -> None:
    """Rounds `first` to `last` of a record (`250`, `260`) must be a range from round 1 on."""
    if first < 1 or last < first:
        raise TrfError(
            Message(
                gettext_noop("rounds %(first)s-%(last)s are not a range"), first=first, last=last
            ),
            line=number,
            column=column,
        )


def required_number(line: str, number: int, first: int, last: int, what: str) -> int:
    value = integer(line, number, first, last, what)
    if value is None:
        raise TrfError(
            Message(
                gettext_noop("missing %(what)s (columns %(first)s-%(last)s)"),
                what=what,
                first=first,
                last=last,
            ),
            line=number,
            column=first,
        )
    return value


def read_forbidden(line: str, number: int) -> ForbiddenLine:
    if line[:3] == "XXP":
        # XXP id id ...: all the players on the line are mutually forbidden (JaVaFo).
        first_round, last_round, words = 1, None, tokens(line, 4)
    else:
        # 260: first round 5-7, last round 9-11, players from 13 (TRF-2026).
        first_round = required_number(line, number, 5, 7, Message(gettext_noop("first round")))
        last_round = required_number(line, number, 9, 11, Message(gettext_noop("last round")))
        check_round_range(first_round, last_round, number, column=5)
        words = tokens(line, 12)
    players = tuple(
        (
            PlayerId(
                token_integer(
                    word,
                    number,
                    column,
                    PAIRING_NUMBER,
                    MAX_PAIRING_NUMBER,
                )
            ),
            column,
        )
        for word, column in words
    )
    if len({player for player, _ in players}) < 2:
        raise TrfError(
            Message(gettext_noop("%(code)s needs at least two players"), code=line[:3]),
            line=number,
            column=5,
        )
    return ForbiddenLine(
        number=number,
        players=players,
        first_round=first_round,
        last_round=last_round,
    )


def read_bye(line: str, number: int) -> ByeLine:
    # 240: kind at 5 (F/H/Z), round at 7-9, players from 11 (TRF-2026).
    kind = columns(line, 5, 5).upper()
    if kind not in BYE_KINDS:
        raise TrfError(
            Message(gettext_noop("unknown bye kind %(kind)s (F, H or Z)"), kind=repr(kind)),
            line=number,
            column=5,
        )
    round_number = required_number(line, number, 7, 9, Message(gettext_noop("round")))
    if round_number < 1:
        raise TrfError(Message(gettext_noop("rounds are numbered from 1")), line=number, column=7)
    words = tokens(line, 10)
    if not words:
        raise TrfError(
            Message(gettext_noop("240 needs at least one player")), line=number, column=11
        )
    players = tuple(
        PlayerId(token_integer(word, number, column, PAIRING_NUMBER, MAX_PAIRING_NUMBER))
        for word, column in words
    )
    return ByeLine(
        number=number,
        request=TrfByeRequest(outcome=BYE_KINDS[kind], round_number=round_number, players=players),
        columns=tuple(column for _, column in words),
    )


def read_absent(line: str, number: int) -> list[tuple[PlayerId, int, int]]:
    """`XXZ id id ...` (JaVaFo): players absent in the round to pair; each with its line and
    column, checked once every player line is known."""
    words = tokens(line, 4)
    if not words:
        raise TrfError(
            Message(gettext_noop("XXZ needs at least one player")), line=number, column=5
        )
    return [
        (
            PlayerId(
                token_integer(
                    word,
                    number,
                    column,
                    PAIRING_NUMBER,
                    MAX_PAIRING_NUMBER,
                )
            ),
            number,
            column,
        )
        for word, column in words
    ]
