"""An adjourned game in the last round: the final standings wait for its result (FIDE
checklist Q161, Q169).

Entering `adj` on a board of the tournament's last round is told at Level 2, as the other
adjournment notices are (Q160, Q168): until the game has a result, the standings after the
last round are provisional everywhere (pages, CSV, PDF, the tournament report) and the
rating reports are refused.
"""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Level
from tournaments.models import Game, Result


def final_round_consequences(game: Game, result: Result | str) -> tuple[str, ...]:
    """What adjourning a game of the last round means, or nothing for another result or
    round."""
    rnd = game.round
    if result != Result.ADJOURNED or rnd.number != rnd.tournament.rounds:
        return ()
    return (
        _(
            "Round %(number)s is the last round: while this game has no result the standings "
            "are provisional, not final (VCL4THP Q161, Q169)."
        )
        % {"number": rnd.number},
        _(
            "The pages, the CSV and PDF downloads and the tournament report say “provisional” "
            "and name the open game; the TRF16 and rating reports are refused until its result "
            "is entered."
        ),
    )


def final_round_adjournment_warning(
    game: Game, result: Result | str, warning: ActionWarning | None
) -> ActionWarning | None:
    """`warning` (the correction's, if any) with the last round's consequences added; a
    Level-2 notice of its own when there was none."""
    consequences = final_round_consequences(game, result)
    if not consequences:
        return warning
    if warning is not None:
        return dataclasses.replace(
            warning,
            consequences=(*warning.consequences, *consequences),
            rule=f"{warning.rule}, Q161, Q169" if warning.rule else "VCL4THP Q161, Q169",
        )
    rnd = game.round
    return ActionWarning(
        Level.NOTICE,
        _("Adjourn board %(board)s of round %(number)s, the last round?")
        % {"board": game.board, "number": rnd.number},
        consequences,
        rule="VCL4THP Q161, Q169",
    )
