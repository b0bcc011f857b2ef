"""When a player may withdraw or come back, and what coming back needs (C.04.2 D.3; checklist
Q197-Q198).

Pure: the availability service locks and loads the player and the tournament, asks these
functions with the first round not yet paired (`first_open`), and writes what they allow. A
change the rules refuse raises `StatusRefused`; coming back is a Level-2 notice.
"""

from __future__ import annotations

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.warnings import ActionWarning, Level, Refusal


class StatusRefused(Refusal):
    """A withdrawal or reinstatement that does not fit the player's status or the rounds left."""


def check_withdrawal(
    *,
    name: str,
    withdrawn: bool,
    withdrawn_from: int | None,
    from_round: int,
    first_open: int,
    rounds: int,
) -> None:
    """A player withdraws from a round not yet paired on (C.04.2 D.3: no longer paired); not
    twice (`withdrawn`, from round `withdrawn_from`)."""
    if withdrawn:
        raise StatusRefused(
            Message(
                gettext_noop("%(name)s has already withdrawn (from round %(number)s)."),
                name=name,
                number=withdrawn_from,
            )
        )
    if first_open > rounds:
        raise StatusRefused(
            Message(gettext_noop("Every round is paired: enter the remaining games as forfeits."))
        )
    if not first_open <= from_round <= rounds:
        raise StatusRefused(
            Message(
                gettext_noop("Choose a round not yet paired: %(first)s to %(last)s."),
                first=first_open,
                last=rounds,
            )
        )


def reinstatement_notice(
    *, name: str, withdrawn: bool, withdrawn_from: int | None, first_open: int, rounds: int
) -> ActionWarning:
    """Bringing a withdrawn player back from the next round to pair: a Level-2 notice that the
    rounds missed meanwhile stay absences (zero points). Refused (`StatusRefused`) for a player
    who has not withdrawn, or when every round is paired."""
    if not withdrawn:
        raise StatusRefused(Message(gettext_noop("%(name)s has not withdrawn."), name=name))
    if first_open > rounds:
        raise StatusRefused(
            Message(gettext_noop("Every round is paired: there is no round left to play."))
        )
    if withdrawn_from is not None and withdrawn_from < first_open:
        missed = Message(
            gettext_noop("Rounds %(first)s-%(last)s stay unplayed: zero points."),
            first=withdrawn_from,
            last=first_open - 1,
        )
    else:
        missed = Message(gettext_noop("No round was missed."))
    return ActionWarning(
        Level.NOTICE,
        Message(
            gettext_noop("%(name)s comes back from round %(number)s."),
            name=name,
            number=first_open,
        ),
        (
            missed,
            Message(
                gettext_noop("%(name)s is paired again from round %(number)s."),
                name=name,
                number=first_open,
            ),
        ),
    )
