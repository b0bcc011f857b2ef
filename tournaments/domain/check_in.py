"""Check-in before a round (issue 32): who is present, who is absent and what absence means.

Pure: the check-in services lock and load the round and its players, ask these functions, and
write what they allow.

- At the desk the arbiter marks each player present, absent (an absence announced: a known
  absence, C.04.2 D.4, a zero-point bye unless the tournament's rules say otherwise) or
  withdrawing (C.04.2 D.3: no longer paired). A player may also check in from a phone with the
  code printed on the badge, until the time the arbiter set (`check_in_window`).
- Before pairing, the players of the round not checked in are absent without notice. C.04.2
  D.2 (2017/2018 text; the General Regulations for Competitions 6.5 from 2026): "a player
  absent without notifying the arbiter is treated as withdrawn, unless the absence is explained
  with acceptable reasons". The regulations may allow more than one such absence: the
  tournament's `absences_before_withdrawal` (1, the rule's own number, by default; 0: never
  offered). `absentees_plan` says, for one round, who gets a zero-point bye, who withdraws and
  whose withdrawal the rule asks for.

The codes printed on the badges are made by the web layer from a secret (they must not be
guessable); here only their spelling: ten letters and digits of Crockford's base 32, read back
whatever the case, with O for 0 and I or L for 1 (`code_text`, `normalized_code`).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.warnings import Refusal

CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: no I, L, O or U, which are read as 1, 1, 0 and nothing."""
CODE_LENGTH = 10
"""Ten characters: 50 bits, far beyond what any rate limit lets a stranger try."""
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


class Mark(enum.Enum):
    """What the check-in says of a player in a round (no mark: not checked in)."""

    PRESENT = "present"
    ABSENT = "absent"
    """An absence announced at the desk (C.04.2 D.4)."""
    WITHDRAWN = "withdrawn"
    """The player leaves the tournament from this round (C.04.2 D.3)."""
    NO_SHOW = "no_show"
    """Recorded when the arbiter marks the round's absentees: absent without notice (D.2)."""


class CheckInRefused(Refusal):
    """A check-in or an absence the round's state or the rules refuse."""


def code_text(digest: bytes) -> str:
    """The first 50 bits of `digest` as ten characters of Crockford's base 32."""
    if len(digest) < 7:
        raise ValueError("a check-in code needs at least 7 bytes of digest")
    number = int.from_bytes(digest[:7], "big") >> (56 - 5 * CODE_LENGTH)
    characters = []
    for _ in range(CODE_LENGTH):
        number, index = divmod(number, 32)
        characters.append(CODE_ALPHABET[index])
    return "".join(reversed(characters))


def shown_code(code: str) -> str:
    """The code as printed: two groups of five, `K7QXM-3PD2R`."""
    return f"{code[:5]}-{code[5:]}"


def normalized_code(text: str) -> str:
    """What a player typed, as a code: spaces and hyphens dropped, upper case, O read as 0 and
    I or L as 1; an empty string when it cannot be a code (wrong length, other characters)."""
    cleaned = "".join(text.split()).replace("-", "").upper().translate(_READ_AS)
    if len(cleaned) != CODE_LENGTH or any(char not in CODE_ALPHABET for char in cleaned):
        return ""
    return cleaned


@dataclass(frozen=True, slots=True)
class Window:
    """The check-in of round `number`: whether the round is paired, when the arbiter closes the
    check-in (None: when the round is paired), and whether players may check in from their
    phones (`self_check_in`)."""

    number: int
    paired: bool
    closes_at: datetime | None
    self_check_in: bool


def check_desk_open(window: Window) -> None:
    """The desk marks players until the round is paired (after the closing time too: the arbiter
    admits a late arrival); `CheckInRefused` once it is paired."""
    if window.paired:
        raise CheckInRefused(
            Message(
                gettext_noop("Round %(number)s is paired: its check-in is over."),
                number=window.number,
            )
        )


def check_self_check_in_open(window: Window, now: datetime) -> None:
    """A player checks in from a phone only when the arbiter allows it, before the closing time
    and before the round is paired; `CheckInRefused` saying which."""
    if not window.self_check_in:
        raise CheckInRefused(
            Message(gettext_noop("Check-in from a phone is off here: check in at the desk."))
        )
    check_desk_open(window)
    if window.closes_at is not None and now >= window.closes_at:
        raise CheckInRefused(
            Message(
                gettext_noop(
                    "The check-in for round %(number)s closed at %(time)s: see the arbiter at "
                    "the desk."
                ),
                number=window.number,
                time=window.closes_at.strftime("%H:%M"),
            )
        )


class Action(enum.Enum):
    """What marking the absentees does to one player of the round."""

    ZERO_BYE = "zero_bye"
    """Not paired, zero points (C.04.2 D.4; D.2 when the rule does not withdraw the player)."""
    WITHDRAW = "withdraw"
    """Not paired from this round on (C.04.2 D.3; D.2 once the absences reach the limit)."""


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player who should play the round: active, entered by then, without a bye in it.

    `mark`: the check-in (None: not checked in); `absences_before`: the rounds already missed
    without notice.
    """

    number: int
    name: str
    mark: Mark | None
    absences_before: int = 0


@dataclass(frozen=True, slots=True)
class Absentee:
    """One line of the absentees' plan: the player, what is done, whether the absence is
    without notice, and whether the regulations' limit of such absences is reached
    (`withdrawal_due`: C.04.2 D.2 treats the player as withdrawn, unless the arbiter accepts
    the reasons)."""

    number: int
    name: str
    action: Action
    without_notice: bool
    withdrawal_due: bool


def absentees_plan(
    entrants: Iterable[Entrant], *, absences_before_withdrawal: int
) -> list[Absentee]:
    """Who is not paired in the round and why, in the entrants' order.

    Present players are paired. An absence announced at the desk is a zero-point bye (D.4) and a
    withdrawal announced one (D.3). A player not checked in (or marked absent without notice
    before) is absent without notice (D.2): a zero-point bye, and when this absence brings the
    player's count to `absences_before_withdrawal` (0: no limit) the withdrawal is due; the
    arbiter chooses (`absentees_apply`).
    """
    plan = []
    for entrant in entrants:
        if entrant.mark is Mark.PRESENT:
            continue
        if entrant.mark is Mark.WITHDRAWN:
            plan.append(Absentee(entrant.number, entrant.name, Action.WITHDRAW, False, False))
            continue
        if entrant.mark is Mark.ABSENT:
            plan.append(Absentee(entrant.number, entrant.name, Action.ZERO_BYE, False, False))
            continue
        count = entrant.absences_before + 1
        due = 0 < absences_before_withdrawal <= count
        plan.append(Absentee(entrant.number, entrant.name, Action.ZERO_BYE, True, due))
    return plan


def absentees_apply(
    plan: Sequence[Absentee], *, shown: Iterable[int], withdraw: Iterable[int]
) -> list[Absentee]:
    """The plan as the arbiter confirmed it: `shown`, the players the page listed, must be the
    plan's (else someone checked in meanwhile, `CheckInRefused`); the absentees without notice
    in `withdraw` withdraw instead of a zero-point bye (the arbiter ticks them; others in it are
    refused: a forged or stale post)."""
    planned = {absentee.number for absentee in plan}
    if set(shown) != planned:
        raise CheckInRefused(
            Message(
                gettext_noop(
                    "The check-in changed since the page was shown: nothing was done. Look at "
                    "the list again."
                )
            )
        )
    chosen = set(withdraw)
    may_withdraw = {absentee.number for absentee in plan if absentee.without_notice}
    if not chosen <= may_withdraw:
        raise CheckInRefused(
            Message(
                gettext_noop(
                    "Only players absent without notice can be withdrawn here: nothing was done."
                )
            )
        )
    return [
        Absentee(a.number, a.name, Action.WITHDRAW, a.without_notice, a.withdrawal_due)
        if a.number in chosen
        else a
        for a in plan
    ]
