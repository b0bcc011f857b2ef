"""What a tournament's settings may become, before and after round 1 is paired (C.04.1; C.04.2 B;
C.04.7; VCL4THP Q57-Q63, Q74-Q84, Q109-Q110, Q200-Q202).

Pure: the settings service locks and loads the tournament, describes it before and after the
change as two `Setup`s, asks `settings_change`, and writes what it allows. A change the rules
refuse raises `SettingLocked` (a setting fixed once round 1 is paired, impossible dates) or
`SetupRefused` (a set-up that makes no sense or cannot be completed); what needs the arbiter's
confirmation comes back as warnings with their level (Level 5: refused, with its reason).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from tournaments.domain.acceleration import accelerated_rounds, premise_problem
from tournaments.domain.configuration import finality_changes, rounds_problem, scoring_problems
from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Scoring
from tournaments.domain.tiebreaks import round_robin_problems
from tournaments.domain.warnings import ActionWarning, Level, Refusal

MAX_ROUNDS = 99
"""The most rounds a tournament has (two digits in the TRF's round columns)."""


class SettingLocked(Refusal):
    """A setting that can no longer change (fixed once round 1 is paired), or dates and a number
    of rounds no tournament can have."""


class SetupRefused(Refusal):
    """A set-up that makes no sense or cannot be completed: a scoring system where two draws beat
    a win and a loss, Baku acceleration where it cannot apply, more rounds than the field can
    pair (VCL4THP Q62, Q74, Q81, Q83; C.04.7 1.1)."""


@dataclass(frozen=True, kw_only=True)
class Setup:
    """A tournament's settings as the rules of a change compare them, before or after it.

    `tiebreaks` is the list the standings use; `fixed` the settings announced before the start
    that round 1's pairing fixes (C.04.2 B; C.07 10): the format, the rules edition, the initial
    colour, the scoring, the tournament rating and its rules, by name; the service decides which
    of its fields they are and the rules compare them by value.
    """

    rounds: int
    tiebreaks: tuple[str, ...] = ()
    scoring: Scoring = field(default_factory=Scoring)
    round_robin: bool = False
    baku_acceleration: bool = False
    fixed: Mapping[str, object] = field(default_factory=dict)


def check_dates(*, start: datetime.date | None, end: datetime.date | None, rounds: int) -> None:
    """Refuse (`SettingLocked`) a tournament that ends before it starts, or that has not 1 to
    99 rounds."""
    if start and end and end < start:
        raise SettingLocked(Message(gettext_noop("The tournament cannot end before it starts.")))
    if not 1 <= rounds <= MAX_ROUNDS:
        raise SettingLocked(Message(gettext_noop("A tournament has 1 to 99 rounds.")))


def check_setup(setup: Setup) -> None:
    """Refuse (`SetupRefused`) a set-up that makes no sense: a scoring system against VCL4THP
    Q74, Q81 or Q83 and, in a round robin, the Buchholz family (C.07 8; VCL Q105), every problem
    named; then Baku acceleration in a round robin, or under a scoring in which a win is not two
    draws and a loss scores something (C.04.7 1.1)."""
    problems = scoring_problems(setup.scoring)
    if setup.round_robin:
        problems += round_robin_problems(setup.tiebreaks)
    if problems:
        raise SetupRefused(*problems)
    if not setup.baku_acceleration:
        return
    if setup.round_robin:
        raise SetupRefused(
            Message(gettext_noop("Baku acceleration is for Swiss tournaments (C.04.7)."))
        )
    problem = premise_problem(setup.scoring)
    if problem is not None:
        raise SetupRefused(problem)


def settings_change(
    before: Setup, after: Setup, *, last_paired: int, players: int
) -> list[ActionWarning]:
    """What changing the settings from `before` to `after` needs, `last_paired` rounds being
    paired and `players` registered; refusals raise (`SetupRefused`, `SettingLocked`).

    - `after` must make sense (`check_setup`).
    - Once round 1 is paired, Baku acceleration is no longer switched on or off, nor the number
      of rounds changed so that the accelerated rounds change (checklist Q109, Q110; C.04.7
      1.4), nor any `fixed` setting changed.
    - Before the start, more rounds than the registered field can pair is a Level-2 notice
      (Q62).
    - After it, the number of rounds changes with a Level-4 confirmation (Q58, Q59), never below
      a paired round, never beyond what the field can pair, and never so that the last paired
      round stops or starts being the final round (Level 5: its pairing followed the rules of
      its place, Q60); the tie-breaks change with a Level-4 confirmation (Q201, Q202).
    """
    check_setup(after)
    if last_paired >= 1:
        _check_fixed(before, after)
    return _warnings(before, after, last_paired=last_paired, players=players)


def _check_fixed(before: Setup, after: Setup) -> None:
    """Refuse what round 1's pairing fixed (C.04.2 B; C.04.7; checklist Q109, Q110)."""
    if before.baku_acceleration != after.baku_acceleration:
        raise SettingLocked(
            Message(
                gettext_noop(
                    "Round 1 is paired: Baku acceleration can no longer be switched on or off "
                    "(C.04.7; checklist Q109, Q110)."
                )
            )
        )
    if after.baku_acceleration and accelerated_rounds(after.rounds) != accelerated_rounds(
        before.rounds
    ):
        raise SettingLocked(
            Message(
                gettext_noop(
                    "The accelerated rounds are the first %(accelerated)s of %(rounds)s "
                    "(C.04.7 1.4): %(new)s rounds would change them after the start."
                ),
                accelerated=accelerated_rounds(before.rounds),
                rounds=before.rounds,
                new=after.rounds,
            )
        )
    names = sorted({*before.fixed, *after.fixed})
    changed = [name for name in names if before.fixed.get(name) != after.fixed.get(name)]
    if changed:
        raise SettingLocked(
            Message(
                gettext_noop(
                    "Round 1 is paired: the format, rules edition, initial colour, scoring, "
                    "tournament rating and rating rules can no longer change (%(fields)s)."
                ),
                fields=", ".join(changed),
            )
        )


def tiebreak_codes(codes: tuple[str, ...] | list[str]) -> str:
    """A tie-break list as the warnings and the tournament report write it."""
    return ", ".join(codes) or "none"


def _warnings(
    before: Setup, after: Setup, *, last_paired: int, players: int
) -> list[ActionWarning]:
    # A round robin's rounds follow from its field: no question of rounds for it.
    problem = rounds_problem(after.rounds, players) if players and not after.round_robin else None
    if last_paired == 0:
        if problem is None:
            return []
        return [
            ActionWarning(
                Level.NOTICE,
                Message(gettext_noop("This set-up cannot be completed.")),
                (
                    problem,
                    Message(
                        gettext_noop("Register more players or choose fewer rounds before round 1.")
                    ),
                ),
                rule="VCL4THP Q62",
            )
        ]
    warnings: list[ActionWarning] = []
    if after.rounds != before.rounds:
        if after.rounds < last_paired:
            raise SettingLocked(kept_rounds(last_paired))
        if finality_changes(last_paired=last_paired, rounds=before.rounds, new_rounds=after.rounds):
            return [_finality_refused(last_paired, before.rounds, after.rounds)]
        if problem is not None and after.rounds > before.rounds:
            raise SetupRefused(problem)
        warnings.append(
            ActionWarning(
                Level.DOUBLE_CONFIRM,
                Message(
                    gettext_noop("Change the number of rounds from %(old)s to %(new)s?"),
                    old=before.rounds,
                    new=after.rounds,
                ),
                (
                    Message(
                        gettext_noop(
                            "The number of rounds was announced before the start (C.04.1); the "
                            "pairings of the rounds to come depend on it."
                        )
                    ),
                    Message(
                        gettext_noop(
                            "The change is recorded in the tournament report as "
                            "“### Configuration @ Round %(number)s”."
                        ),
                        number=last_paired,
                    ),
                ),
                rule="VCL4THP Q58, Q59",
            )
        )
    if after.tiebreaks != before.tiebreaks:
        warnings.append(
            ActionWarning(
                Level.DOUBLE_CONFIRM,
                Message(gettext_noop("Change the tie-breaks after the start?")),
                (
                    Message(
                        gettext_noop(
                            "The announced tie-breaks were %(old)s; the standings will use %(new)s."
                        ),
                        old=tiebreak_codes(before.tiebreaks),
                        new=tiebreak_codes(after.tiebreaks),
                    ),
                    Message(
                        gettext_noop(
                            "The change and the previous list are recorded in the tournament "
                            "report as “### Tie-breaks @ Round %(number)s”."
                        ),
                        number=last_paired,
                    ),
                ),
                rule="VCL4THP Q201, Q202",
            )
        )
    return warnings


def kept_rounds(paired: int) -> Message:
    """Why the tournament cannot lose round `paired`: it is paired."""
    return Message(
        gettext_noop(
            "Round %(number)s is already paired: the tournament keeps at least %(number)s rounds."
        ),
        number=paired,
    )


def _finality_refused(last_paired: int, rounds: int, new_rounds: int) -> ActionWarning:
    """Level 5: the last paired round would stop or start being the final round (Q60)."""
    if last_paired == rounds:
        title = gettext_noop("Round %(number)s was paired as the last round:")
    else:
        title = gettext_noop("Round %(number)s was paired as an ordinary round:")
    return ActionWarning(
        Level.REFUSED,
        Message(title, number=last_paired),
        (
            Message(
                gettext_noop(
                    "%(rounds)s rounds would change that, and its pairing followed the rules of "
                    "its place (C.04.1: the number of rounds is announced in advance). Nothing "
                    "was changed."
                ),
                rounds=new_rounds,
            ),
        ),
        rule="VCL4THP Q60",
    )
