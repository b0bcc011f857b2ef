"""A game played with the colours reversed, found after the pairing was published: the game
stands as played, the colours are recorded as they were (C.04.2 D.8: "a game played with the
wrong colours" is a correction, with the same deadlines as a wrongly recorded result).

Pure: the service locks and loads the game, asks `colour_reversal` what the change needs, and
writes the exchanged colours with `reversed_result` (the players keep their scores).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.configuration import first_correctable_round
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.warnings import ActionWarning, Level, Refusal

REVERSED_RESULTS = {
    "1-0": "0-1",
    "0-1": "1-0",
    "W-L": "L-W",
    "L-W": "W-L",
    "1/2-0": "0-1/2",
    "0-1/2": "1/2-0",
}
"""The result codes (TRF notation) whose sides change when White and Black are exchanged; the
others (no result, ½-½, 0-0, an adjourned game) read the same both ways."""

FORFEITS = frozenset({"+/-", "-/+", "-/-"})
"""A forfeited game was not played: it has no colours to correct (C.04.1 e)."""


class NotPlayedGame(Refusal):
    """The colours of a forfeited game: it was not played."""


def reversed_result(result: str) -> str:
    """`result` with White and Black exchanged, each player keeping their score."""
    return REVERSED_RESULTS.get(result, result)


@dataclass(frozen=True, kw_only=True)
class ColourReversal:
    """Board `board` of round `round_number`, paired `white` - `black` (names), to be recorded
    as played the other way round; `result` is its stored result (TRF code, "" for none) and
    `result_label`, `reversed_label` how the arbiter reads it before and after."""

    round_number: int
    board: int
    white: str
    black: str
    result: str
    result_label: str
    reversed_label: str


def colour_reversal(
    reversal: ColourReversal, *, next_paired: bool, fide_mode: bool, last_published: int
) -> ActionWarning:
    """What recording `reversal` needs: refused for a forfeit (`NotPlayedGame`); else the
    warning of a correction (C.04.2 D.8): Level 3 in the last published round and the one
    before it, Level 5 before them in FIDE mode, Level 4 before them out of FIDE mode."""
    number = reversal.round_number
    if reversal.result in FORFEITS:
        raise NotPlayedGame(
            Message(
                gettext_noop(
                    "Board %(board)s was forfeited: a game not played has no colours to correct."
                ),
                board=reversal.board,
            )
        )
    title = Message(
        gettext_noop("Round %(number)s, board %(board)s: did %(black)s play White?"),
        number=number,
        board=reversal.board,
        black=reversal.black,
    )
    consequences: list[Message] = [
        Message(
            gettext_noop("The game is recorded as played: %(white)s White, %(black)s Black."),
            white=reversal.black,
            black=reversal.white,
        )
    ]
    if reversal.result:
        consequences.append(
            Message(
                gettext_noop(
                    "The result stands: %(before)s is recorded as %(after)s, each player keeps "
                    "their points."
                ),
                before=reversal.result_label,
                after=reversal.reversed_label,
            )
        )
    if next_paired:
        consequences.append(
            Message(
                gettext_noop(
                    "Round %(next)s is paired: its pairing stands, the colours as played count "
                    "from the following pairing (C.04.2 D.8)."
                ),
                next=number + 1,
            )
        )
    else:
        consequences.append(
            Message(gettext_noop("The colours as played count for the next pairings."))
        )
    consequences.append(
        Message(
            gettext_noop(
                "The change is recorded in the tournament report as "
                "“### Correction @ Round %(number)s”."
            ),
            number=number,
        )
    )
    first_open = first_correctable_round(last_published)
    if number < first_open:
        if fide_mode:
            return ActionWarning(
                Level.REFUSED,
                Message(
                    gettext_noop("Round %(number)s can no longer be corrected:"), number=number
                ),
                (
                    Message(
                        gettext_noop(
                            "in FIDE mode only rounds %(first_open)s and later can change "
                            "(C.04.2 D.8)."
                        ),
                        first_open=first_open,
                    ),
                ),
                rule="C.04.2 D.8",
            )
        return ActionWarning(Level.DOUBLE_CONFIRM, title, tuple(consequences), rule="C.04.2 D.8")
    return ActionWarning(Level.CONFIRM, title, tuple(consequences), rule="C.04.2 D.8")
