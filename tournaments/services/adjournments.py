"""Adjourned games before a pairing (FIDE checklist Q157-Q169).

A round may be paired while results of the round before are missing: those games are then
recorded as adjourned (Q158, Q159), after a Level-2 warning (Q160). An adjourned game counts as
a draw for pairing (Q157, `Outcome.ADJOURNED`) until its result is entered, at any time
(`game_enter_result`, Q162-Q163). A game still adjourned from a round before the last completed
one is told with a Level-2 warning when a round is paired (Q168).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments.domain.warnings import ActionWarning, Level
from tournaments.models import Game, Result, Round, RoundState, Tournament
from tournaments.services.base import audit, lock_tournament
from tournaments.services.progress import sync_round_status


def _boards(games: list[Game]) -> str:
    return ", ".join(
        _("round %(number)s board %(board)s (%(white)s - %(black)s)")
        % {
            "number": game.round.number,
            "board": game.board,
            "white": game.white.pairing_number,
            "black": game.black.pairing_number,
        }
        for game in games
    )


def pairing_adjournment_warning(tournament: Tournament, rnd: Round) -> ActionWarning | None:
    """What pairing `rnd` needs because of missing or adjourned results: Level 2 (Q160, Q168),
    or None."""
    missing = list(
        Game.objects.filter(
            round__tournament=tournament,
            round__number=rnd.number - 1,
            result=Result.NOT_PLAYED,
        ).select_related("round", "white", "black")
    )
    old = list(
        Game.objects.filter(
            round__tournament=tournament,
            round__number__lt=rnd.number - 1,
            result=Result.ADJOURNED,
        ).select_related("round", "white", "black")
    )
    consequences = []
    if missing:
        consequences.append(
            ngettext(
                "%(count)s game of round %(number)s without a result will be recorded as "
                "adjourned (%(boards)s): it counts as a draw for this pairing until its result "
                "is entered.",
                "%(count)s games of round %(number)s without a result will be recorded as "
                "adjourned (%(boards)s): each counts as a draw for this pairing until its result "
                "is entered.",
                len(missing),
            )
            % {"count": len(missing), "number": rnd.number - 1, "boards": _boards(missing)}
        )
    if old:
        consequences.append(
            _("Still adjourned from an earlier round: %(boards)s. They count as draws.")
            % {"boards": _boards(old)}
        )
    if not consequences:
        return None
    return ActionWarning(
        Level.NOTICE,
        _("Pair round %(number)s with adjourned games?") % {"number": rnd.number},
        tuple(consequences),
        rule="VCL4THP Q158-Q160, Q168",
    )


@transaction.atomic
def round_adjourn_missing(*, rnd: Round, by: User | None) -> int:
    """Record every game of `rnd` without a result as adjourned (Q159); the round is then
    completed. Returns how many games were adjourned."""
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.select_for_update().get(pk=rnd.pk)
    if rnd.state not in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        return 0
    games = list(rnd.games.filter(result=Result.NOT_PLAYED).order_by("board"))
    for game in games:
        game.result = Result.ADJOURNED
        game.save(update_fields=["result", "updated"])
        audit(
            tournament=tournament,
            by=by,
            entity="game",
            entity_id=game.pk,
            old=f"round {rnd.number} board {game.board}: no result",
            new=f"round {rnd.number} board {game.board}: adjourned",
            note=f"no result when round {rnd.number + 1} was paired",
        )
    sync_round_status(tournament, rnd)
    return len(games)
