"""The warning levels of the TEC Manual that guard risky actions (VCL4THP Q218-Q221).

Level 2: a notice the arbiter acknowledges. Level 3: confirm or cancel. Level 4: a two-step
confirmation that states the consequences. Level 5: refused (or the action leaves FIDE mode).
No level can be switched off or downgraded: the level of an action is decided by the rules
(the services), never by a setting.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tournaments.domain.messages import Message


class Level(enum.IntEnum):
    """How much confirmation an action needs before it is carried out."""

    NOTICE = 2
    CONFIRM = 3
    DOUBLE_CONFIRM = 4
    REFUSED = 5

    @property
    def steps(self) -> int:
        """How many confirmations the arbiter gives: one, or two for Level 4 (none for 5)."""
        return {Level.NOTICE: 1, Level.CONFIRM: 1, Level.DOUBLE_CONFIRM: 2}.get(self, 0)


@dataclass(frozen=True, slots=True)
class Confirmation:
    """What the arbiter confirmed on a page: the level, for the tournament as it stood then.

    `revision` is the tournament's revision when the warning was shown; the service holds the
    tournament's lock when it compares it with the current one, so a change that slipped in
    between (another arbiter's) makes the confirmation worthless.
    """

    level: Level
    tournament_id: int
    revision: int


Confirmed = Level | Confirmation
"""A service's `confirmed` argument: a `Confirmation` from a page, or a bare `Level` from a
caller that vouches for itself (a command, a test)."""


@dataclass(frozen=True, slots=True)
class ActionWarning:
    """What the arbiter is told before a risky action: its level, what it is, what follows.

    `rule` names the article or checklist question behind the level (e.g. `VCL4THP Q58`).
    """

    level: Level
    title: str
    consequences: tuple[str, ...] = ()
    rule: str = ""


class Refusal(Exception):
    """A change the rules refuse outright, whatever the arbiter confirms: `reasons` say why
    (sentences of `tournaments.domain.messages`, English, translated by the web layer).

    Each family of rules raises its own kind (a subclass); the service that asked turns it into
    its own error, translated. Level-5 refusals are warnings (`Level.REFUSED`), not these: the
    arbiter is shown them as the TEC Manual's level.
    """

    def __init__(self, *reasons: Message) -> None:
        self.reasons = reasons
        super().__init__(" ".join(reasons))
