"""A changed order of equal players before round 1 renumbers the players: a Level-3
confirmation first (FIDE checklist Q150: every change of issued pairing numbers is
confirmed; after round 1 the order is fixed and `tournament_assign_pairing_numbers` asks for
its own renumbering, Q154)."""

from __future__ import annotations

import copy

from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Level
from tournaments.models import InitialOrderCriterion, Tournament
from tournaments.services.pairing_numbers import planned_renumbering


def initial_order_warning(
    tournament: Tournament, criterion: InitialOrderCriterion
) -> ActionWarning | None:
    """Level 3 when ordering equal players by `criterion` would change some pairing numbers
    (each change listed); None when no number changes or the numbers were drawn."""
    if tournament.numbers_drawn:
        return None
    planned = copy.copy(tournament)
    planned.initial_order_criterion = criterion
    moves = planned_renumbering(planned)
    if not moves:
        return None
    return ActionWarning(
        Level.CONFIRM,
        _("Order equal players by %(criterion)s and change %(count)s pairing numbers?")
        % {"criterion": criterion.label.lower(), "count": len(moves)},
        (
            ", ".join(
                f"{player.name}: {player.pairing_number} → {number}" for player, number in moves
            )
            + ".",
            _("The pairing numbers follow the new initial order (C.04.2 B.2)."),
        ),
        rule="VCL4THP Q150",
    )
