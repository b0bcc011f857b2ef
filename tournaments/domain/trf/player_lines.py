"""Reading and checking `001` player lines (FIDE C.04 Annex 2, TRF16 player section).

A player line has fixed columns up to 89, then one 10-column block per round from column
92 + 10*(r-1): opponent (4 columns), colour (column +5), result (column +7). The checks follow
the TRF16 rules as bbpPairings applies them: bye codes carry no opponent, a played game needs a
colour, the two entries of a game agree, and the points column equals the score.

With `unknown_results` (the whole-tournament import, VCL Q166) a result symbol outside TRF's
list is kept as an unknown result (`?`, `Outcome.ADJOURNED`) instead of being refused, and a
points column that then disagrees with the results is replaced by the score they give.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Color, Outcome, PlayerId, Points
from tournaments.domain.trf.columns import columns, half_points, integer, is_number
from tournaments.domain.trf.model import TrfError, TrfPlayer, TrfRoundEntry

FIRST_ROUND_COLUMN = 92
ROUND_WIDTH = 10
POINTS_COLUMNS = (81, 84)
# Columns between the fixed fields (TRF16 player line): a non-blank one means shifted fields.
_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)

_CODES: dict[str, Outcome] = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
    "W": Outcome.UNRATED_WIN,
    "D": Outcome.UNRATED_DRAW,
    "L": Outcome.UNRATED_LOSS,
    "U": Outcome.PAIRING_BYE,
    "H": Outcome.HALF_BYE,
    "F": Outcome.FULL_BYE,
    "Z": Outcome.ZERO_BYE,
    "?": Outcome.ADJOURNED,
}
_BYE_CODES = frozenset({Outcome.PAIRING_BYE, Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE})
_ABSENT = TrfRoundEntry(opponent=None, color=Color.NONE, outcome=Outcome.ABSENT)
_COLORS = {"w": Color.WHITE, "b": Color.BLACK, "-": Color.NONE, " ": Color.NONE}


@dataclass(frozen=True, slots=True)
class PlayerLine:
    """A parsed player line and where it was in the file."""

    player: TrfPlayer
    number: int
    points_given: bool
    unknown_codes: bool = False
    """Some round's result symbol is not a TRF code and was read as unknown (VCL Q166)."""


def round_column(round_number: int) -> int:
    """The first column of round `round_number`'s block (TRF16: 92 + 10*(r-1))."""
    return FIRST_ROUND_COLUMN + ROUND_WIDTH * (round_number - 1)


def is_pairing_entry(entry: TrfRoundEntry) -> bool:
    """The entry shows the player in the round's pairing: a game or the pairing-allocated bye.

    `0000 - +` (a forfeit win without an opponent) is the old JaVaFo code of the
    pairing-allocated bye, and counts as one here, as in the project's replay harness.
    """
    return (
        entry.opponent is not None
        or entry.outcome is Outcome.PAIRING_BYE
        or entry.outcome is Outcome.FORFEIT_WIN
    )


NO_GAME = gettext_noop(
    "round %(round)s: player %(player)s played %(opponent)s, but %(opponent)s has no game in "
    "that round"
)
OTHER_GAME = gettext_noop(
    "round %(round)s: player %(player)s played %(opponent)s, but %(opponent)s says it played "
    "%(other)s"
)


def read_player_line(line: str, number: int, *, unknown_results: bool = False) -> PlayerLine:
    """Parse one `001` line (line `number` of the file); `unknown_results`: see the module."""
    text = line.rstrip()
    if len(text) < POINTS_COLUMNS[1]:
        raise TrfError(
            Message(
                gettext_noop(
                    "player line too short: it ends at column %(end)s, but the points need "
                    "columns %(first)s-%(last)s"
                ),
                end=len(text),
                first=POINTS_COLUMNS[0],
                last=POINTS_COLUMNS[1],
            ),
            line=number,
            column=len(text) + 1,
        )
    for column in _SEPARATORS:
        if column <= len(text) and text[column - 1] != " ":
            raise TrfError(
                Message(
                    gettext_noop(
                        "column %(column)s must be blank, found %(found)s (are the fields "
                        "in the wrong columns?)"
                    ),
                    column=column,
                    found=repr(text[column - 1]),
                ),
                line=number,
                column=column,
            )
    pairing_number = integer(text, number, 5, 8, Message(gettext_noop("pairing number")))
    if not pairing_number:
        raise TrfError(
            Message(gettext_noop("missing pairing number (columns 5-8)")), line=number, column=5
        )
    points_text = columns(text, *POINTS_COLUMNS).strip()
    points = (
        half_points(points_text, number, POINTS_COLUMNS[0], Message(gettext_noop("points")))
        if points_text
        else Points(0)
    )
    player_id = PlayerId(pairing_number)
    rounds, unknown_codes = _read_rounds(text, number, player_id, unknown_results)
    player = TrfPlayer(
        pairing_number=player_id,
        sex=columns(text, 10, 10).strip(),
        title=columns(text, 11, 13).strip(),
        name=columns(text, 15, 47).strip(),
        rating=integer(text, number, 49, 52, Message(gettext_noop("rating"))),
        federation=columns(text, 54, 56).strip(),
        fide_id=integer(text, number, 58, 68, Message(gettext_noop("FIDE id"))),
        birth_date=columns(text, 70, 79).strip(),
        points=points,
        rank=integer(text, number, 86, 89, Message(gettext_noop("rank"))),
        rounds=rounds,
    )
    return PlayerLine(
        player=player,
        number=number,
        points_given=bool(points_text),
        unknown_codes=unknown_codes,
    )


def _read_rounds(
    text: str, number: int, player: PlayerId, unknown_results: bool
) -> tuple[tuple[TrfRoundEntry, ...], bool]:
    """The round entries, and whether a result symbol was read as unknown."""
    entries: list[TrfRoundEntry | None] = []
    unknown_codes = False
    for offset in range(FIRST_ROUND_COLUMN - 1, len(text), ROUND_WIDTH):
        round_number = len(entries) + 1
        block = text[offset : offset + ROUND_WIDTH].ljust(ROUND_WIDTH)
        try:
            entry = _entry(block, unknown_results)
        except _EntryError as error:
            reason = (
                error.reason
                if error.bare
                else Message(
                    gettext_noop("round %(round)s: %(reason)s"),
                    round=round_number,
                    reason=error.reason,
                )
            )
            raise TrfError(reason, line=number, column=offset + 1 + error.offset) from None
        if entry is not None and entry.opponent == player:
            raise TrfError(
                Message(
                    gettext_noop("round %(round)s: player %(player)s is paired against itself"),
                    round=round_number,
                    player=player,
                ),
                line=number,
                column=offset + 1,
            )
        entries.append(entry)
        unknown_codes = unknown_codes or (entry is not None and is_unknown_code(block[7]))
    while entries and entries[-1] is None:
        entries.pop()
    return tuple(_ABSENT if entry is None else entry for entry in entries), unknown_codes


def is_unknown_code(code: str) -> bool:
    """`code` (column 99 + 10*(r-1)) is not a TRF result symbol, nor blank (VCL Q166)."""
    return code.upper() not in _CODES and code not in (" ", "")


class _EntryError(Exception):
    """A bad round block: `offset` is the column within the block (0-based)."""

    def __init__(self, offset: int, reason: str, *, bare: bool = False) -> None:
        super().__init__(reason)
        self.offset = offset
        self.reason = reason
        self.bare = bare


@functools.lru_cache(maxsize=4096)
def _entry(block: str, unknown_results: bool) -> TrfRoundEntry | None:
    """One 10-column round block; None when it is blank (TRF16: blank means not paired).

    An unknown result symbol is refused, or with `unknown_results` read as `?` (an unknown
    result) when the block has an opponent and as an absence when it has none (VCL Q166).
    The same few hundred blocks recur in every file, hence the cache.
    """
    if not block.strip():
        return None
    for offset in (4, 6, 8, 9):
        if block[offset] != " ":
            raise _EntryError(
                offset,
                Message(
                    gettext_noop(
                        "column %(column)s of the round block must be blank, found %(found)s "
                        "(are the fields in the wrong columns?)"
                    ),
                    column=offset + 1,
                    found=repr(block[offset]),
                ),
            )
    opponent_text = block[:4].strip()
    if opponent_text and not is_number(opponent_text):
        raise _EntryError(
            0,
            Message(
                gettext_noop("opponent %(opponent)s is not a number"), opponent=repr(opponent_text)
            ),
        )
    color_code = block[5].lower()
    if color_code not in _COLORS:
        raise _EntryError(
            5, Message(gettext_noop("unknown colour %(colour)s"), colour=repr(block[5]))
        )
    color = _COLORS[color_code]
    symbol = block[7]
    opponent = PlayerId(int(opponent_text)) if opponent_text else None
    if is_unknown_code(symbol):
        if not unknown_results:
            raise _EntryError(
                7,
                Message(gettext_noop("unknown result code %(code)s"), code=repr(symbol)),
                bare=True,
            )
        symbol = "?" if opponent else "-"
    if not opponent:
        return _unpaired(symbol, color)
    if symbol == " ":
        raise _EntryError(
            7,
            Message(gettext_noop("the game against %(opponent)s has no result"), opponent=opponent),
        )
    outcome = _CODES[symbol.upper()]
    if outcome in _BYE_CODES:
        raise _EntryError(
            7,
            Message(
                gettext_noop("result %(code)s is a bye and cannot have an opponent (%(opponent)s)"),
                code=repr(block[7]),
                opponent=opponent,
            ),
        )
    if outcome.is_played and color is Color.NONE:
        raise _EntryError(
            5,
            Message(
                gettext_noop(
                    "the played game against %(opponent)s (result %(code)s) needs a colour, w or b"
                ),
                opponent=opponent,
                code=repr(block[7]),
            ),
        )
    return TrfRoundEntry(opponent=opponent, color=color, outcome=outcome)


def _unpaired(code_char: str, color: Color) -> TrfRoundEntry:
    """An entry without an opponent (`0000` or blank): a bye or an absence.

    `=` and `D` without an opponent are read as a half-point bye, the value the replay harness
    gives them (older programs wrote the requested half-point bye that way).
    """
    code = code_char.upper()
    if code in (" ", "-"):
        outcome = Outcome.ABSENT
    elif code in ("=", "D"):
        outcome = Outcome.HALF_BYE
    else:
        outcome = _CODES[code]
    if outcome.is_played:
        raise _EntryError(
            7,
            Message(
                gettext_noop("result %(code)s is a game and needs an opponent"),
                code=repr(code_char),
            ),
        )
    if color is not Color.NONE:
        raise _EntryError(
            5,
            Message(
                gettext_noop("a round without an opponent cannot have colour %(colour)s"),
                colour=repr(color.value),
            ),
        )
    return TrfRoundEntry(opponent=None, color=Color.NONE, outcome=outcome)
