"""MAN, the manual tie-break (checklist Q207): a value computed outside the program (another
program's tie-break, the order of a playoff) that the arbiter enters for each player. The
higher value ranks first; a player without a value is undefined and ranks after the others.
"""

from __future__ import annotations

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import PlayerId

from .breakdown import Breakdown
from .codes import TiebreakCode
from .results import Results


def manual_value(results: Results, player_id: PlayerId, code: TiebreakCode) -> Breakdown:
    """MAN: the value the arbiter entered for the player, None when none was entered."""
    value = results.manual.get(player_id)
    return Breakdown(
        code.text,
        value,
        note="" if value is not None else Message(gettext_noop("no value entered")),
    )
