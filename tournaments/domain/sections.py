"""Sections of an event: rating limits, board numbers, and moving a player between sections.

An event (an open, a festival) holds several sections, each a tournament of its own (issue 32):
"Open A" for players rated 2000 and over, "Open B" from 1600 to 1999, and so on. A section's
rating limits say which players it admits; the organiser's entry form and the arbiter's move
between sections both apply them. Its first board number lets the hall number the boards of all
sections in one run (Open B from board 101): board `n` of a section's round is printed and shown
as `first_board + n - 1`; the pairing itself knows nothing of it (C.04.2 D does not number
boards across tournaments).

A player may change section only before round 1 of both sections is paired: once a round is
paired the pairings and the later ones depend on the field (C.04.1 b: every player's opponents
are determined by the pairing of each round; a player joining a paired round is a late entry,
C.04.2 C.2, not a move).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.warnings import ActionWarning, Level

UNRATED = 0
"""The rating of an unrated player, as the tournament's players store it."""


@dataclass(frozen=True, slots=True)
class RatingLimits:
    """The lowest and the highest rating a section admits, both included; None: no limit.

    The rating compared is the one the section ranks by (its rating method, TRF-2026 172).
    An unrated player counts as rated 0: admitted only where there is no lowest limit (an
    organiser who admits unrated players into a section with a lowest limit moves them there
    with a confirmation).
    """

    lowest: int | None = None
    highest: int | None = None

    def admits(self, rating: int) -> bool:
        """Whether a player rated `rating` (0: unrated) may enter the section."""
        if self.lowest is not None and rating < self.lowest:
            return False
        return self.highest is None or rating <= self.highest

    @property
    def unlimited(self) -> bool:
        """No limit either way: every player is admitted."""
        return self.lowest is None and self.highest is None

    def problem(self) -> Message | None:
        """Why these limits admit nobody (the lowest above the highest); None when sound."""
        if self.lowest is not None and self.highest is not None and self.lowest > self.highest:
            return Message(
                gettext_noop(
                    "The lowest rating admitted (%(lowest)s) is above the highest (%(highest)s)."
                ),
                lowest=self.lowest,
                highest=self.highest,
            )
        return None

    def describe(self) -> Message:
        """The limits in a few words, for lists and the public page."""
        if self.lowest is not None and self.highest is not None:
            return Message(
                gettext_noop("rated %(lowest)s to %(highest)s"),
                lowest=self.lowest,
                highest=self.highest,
            )
        if self.lowest is not None:
            return Message(gettext_noop("rated %(lowest)s and over"), lowest=self.lowest)
        if self.highest is not None:
            return Message(gettext_noop("rated %(highest)s and under"), highest=self.highest)
        return Message(gettext_noop("open to all ratings"))


def hall_board(first_board: int, board: int) -> int:
    """The number board `board` (1 = top board) of a section's round has in the hall."""
    if first_board < 1 or board < 1:
        raise ValueError("boards are numbered from 1")
    return first_board + board - 1


@dataclass(frozen=True, slots=True)
class SectionMove:
    """A player's move from one section to another, as the rules see it."""

    player: str
    rating: int
    source: str
    source_paired: bool
    target: str
    target_paired: bool
    target_limits: RatingLimits


class MoveRefused(Exception):
    """A move between sections the rules refuse, whatever the arbiter confirms."""

    def __init__(self, reason: Message) -> None:
        self.reason = reason
        super().__init__(reason)


def move_warning(move: SectionMove) -> ActionWarning | None:
    """What the arbiter is told before the move; None when nothing needs confirming.

    Refused (`MoveRefused`) once round 1 of either section is paired (the module's rule) or
    when the two sections are one. Outside the target's rating limits the move needs a Level-3
    confirmation (TEC Manual levels, VCL4THP Q218-Q221): the organiser's limits are the
    section's announced conditions, which the arbiter may waive for one player.
    """
    if move.source == move.target:
        raise MoveRefused(
            Message(
                gettext_noop("%(player)s is already in %(section)s."),
                player=move.player,
                section=move.target,
            )
        )
    for section, paired in ((move.source, move.source_paired), (move.target, move.target_paired)):
        if paired:
            raise MoveRefused(
                Message(
                    gettext_noop(
                        "Round 1 of %(section)s is paired: players no longer move between "
                        "sections. Withdraw the player and register them in the other section "
                        "as a late entry instead."
                    ),
                    section=section,
                )
            )
    if move.target_limits.admits(move.rating):
        return None
    return ActionWarning(
        level=Level.CONFIRM,
        title=Message(
            gettext_noop(
                "%(player)s (rating %(rating)s) is outside the limits of %(section)s (%(limits)s)."
            ),
            player=move.player,
            rating=move.rating or Message(gettext_noop("unrated")),
            section=move.target,
            limits=move.target_limits.describe(),
        ),
        consequences=(
            Message(
                gettext_noop(
                    "The player is moved all the same, as an exception to the section's "
                    "announced rating limits; the audit trail records it."
                )
            ),
        ),
        rule="VCL4THP Q218-Q221",
    )
