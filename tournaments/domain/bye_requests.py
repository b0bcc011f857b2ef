"""Which byes a player may ask for, and what each needs (C.04.1 c; C.05 Annex 1; VCL4THP Q112,
Q173-Q176).

Pure: the availability service locks and loads the player, the round and the player's byes,
describes the request as a `ByeRequest`, asks `bye_request_warning`, and writes what it allows.
A request the rules refuse raises `ByeNotAllowed`; one that needs the arbiter's confirmation
comes back as a warning with its level.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import Outcome, points_text
from tournaments.domain.warnings import ActionWarning, Level, Refusal

REQUESTED_BYES = frozenset({Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE})
"""The byes a player may ask for (the pairing-allocated bye is the pairing's)."""


class ByeNotAllowed(Refusal):
    """A requested bye the rules or the tournament's limits refuse."""


@dataclass(frozen=True, kw_only=True)
class ByeRequest:
    """A bye `name` asks for in round `round_number`, with what the rules need to know.

    Of the tournament: its `rounds`, the last `no_byes_last_rounds` without byes, the half-point
    byes a player may take (`max_half_point_byes`, the arbiter may lift it), what a full-point
    bye scores (half-points), whether it is a `round_robin`. Of the round: whether it exists and
    is paired. Of the player: withdrawn or not, the first round played, whether they already
    have a bye in the round, whether they may take half-point byes and how many they took.
    """

    name: str
    kind: Outcome
    round_number: int
    rounds: int
    no_byes_last_rounds: int = 0
    max_half_point_byes: int = 1
    full_bye_points: int = 2
    round_robin: bool = False
    round_exists: bool = True
    round_paired: bool = False
    withdrawn: bool = False
    first_round: int = 1
    has_bye_in_round: bool = False
    half_point_byes_allowed: bool = True
    half_point_byes_taken: int = 0


def bye_request_warning(request: ByeRequest) -> ActionWarning | None:
    """What granting `request` needs; None when nothing. Refused (`ByeNotAllowed`): a bye that
    is not full-, half- or zero-point; any in a round robin (C.05 Annex 1); in a round that does
    not exist or is paired; in the tournament's last `no_byes_last_rounds`; to a withdrawn
    player or before their first round; a second bye in one round; a half-point bye to a player
    who may not take one (Q175, Q176). A second or later half-point bye needs Level 3, also
    beyond the limit (Q173, Q174); a full-point bye is a Level-2 notice (Q112)."""
    _check(request)
    if request.kind is Outcome.HALF_BYE and request.half_point_byes_taken:
        return _another_half_point_bye(request)
    if request.kind is Outcome.FULL_BYE:
        return _full_point_notice(request)
    return None


def _refused(template: str, **values: object) -> ByeNotAllowed:
    return ByeNotAllowed(Message(template, **values))


def _check(request: ByeRequest) -> None:
    name, number = request.name, request.round_number
    if request.kind not in REQUESTED_BYES:
        raise _refused(
            gettext_noop("A player may request a full-point, half-point or zero-point bye.")
        )
    if request.round_robin:
        raise _refused(
            gettext_noop(
                "A round robin has no requested byes: every game of the Berger table is played "
                "or forfeited (C.05 Annex 1)."
            )
        )
    if not request.round_exists:
        raise _refused(gettext_noop("There is no round %(number)s."), number=number)
    if request.round_paired:
        raise _refused(
            gettext_noop("Round %(number)s is already paired: a bye must be asked before."),
            number=number,
        )
    if number > request.rounds - request.no_byes_last_rounds:
        raise _refused(
            gettext_noop("No byes in the last %(rounds)s round(s): round %(number)s is refused."),
            rounds=request.no_byes_last_rounds,
            number=number,
        )
    if request.withdrawn:
        raise _refused(gettext_noop("%(name)s has withdrawn."), name=name)
    if request.first_round > number:
        raise _refused(
            gettext_noop("%(name)s plays from round %(number)s."),
            name=name,
            number=request.first_round,
        )
    if request.has_bye_in_round:
        raise _refused(
            gettext_noop("%(name)s already has a bye in round %(number)s."),
            name=name,
            number=number,
        )
    if request.kind is Outcome.HALF_BYE and not request.half_point_byes_allowed:
        raise _refused(
            gettext_noop(
                "%(name)s may not take half-point byes (set on the player's page: a free "
                "entry or special conditions)."
            ),
            name=name,
        )


def _full_point_notice(request: ByeRequest) -> ActionWarning:
    return ActionWarning(
        Level.NOTICE,
        Message(
            gettext_noop("%(name)s gets a full-point bye in round %(number)s."),
            name=request.name,
            number=request.round_number,
        ),
        (
            Message(
                gettext_noop(
                    "It scores a win (%(points)s point(s) here) without a game; the pairing of "
                    "that round leaves the player out."
                ),
                points=points_text(request.full_bye_points),
            ),
            Message(
                gettext_noop(
                    "It is recorded in the tournament report as “### FPB @ Round %(number)s”."
                ),
                number=request.round_number,
            ),
        ),
        rule="VCL4THP Q112",
    )


def _another_half_point_bye(request: ByeRequest) -> ActionWarning:
    """A second or later half-point bye: Level 3 (VCL4THP Q174), also beyond the tournament's
    announced limit, which the arbiter may lift for a player (its regulations decide)."""
    limit, taken, name = request.max_half_point_byes, request.half_point_byes_taken, request.name
    beyond = taken >= limit
    if beyond:
        title = gettext_noop(
            "Give %(name)s a half-point bye number %(number)s, beyond the limit of %(limit)s?"
        )
        reason = gettext_noop(
            "%(name)s already has %(taken)s half-point bye(s); the tournament allows "
            "%(limit)s: this one goes beyond the announced limit."
        )
    else:
        title = gettext_noop("Give %(name)s a half-point bye number %(number)s?")
        reason = gettext_noop(
            "%(name)s already has %(taken)s half-point bye(s); the tournament allows %(limit)s."
        )
    return ActionWarning(
        Level.CONFIRM,
        Message(title, name=name, number=taken + 1, limit=limit),
        (
            Message(reason, name=name, taken=taken, limit=limit),
            Message(gettext_noop("The round will score half a point without a game.")),
        ),
        rule="VCL4THP Q173, Q174",
    )
