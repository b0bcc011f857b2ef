"""Manual tie-break values (checklist Q207): a value computed outside the program that the
arbiter enters for a player; the standings use it where the tie-break list has MAN. Entering
or changing one changes the standings by hand, so it needs a Level-4 confirmation and is
recorded as a `### Manual tie-break @ Round n` event."""

from __future__ import annotations

from decimal import Decimal

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.exceptions import ManualTiebreakRefused
from tournaments.models import IntegrityEventKind, Player
from tournaments.selectors.state import next_round_number
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record

LIMIT = Decimal(100_000)
"""Values are below 100,000 either way, with at most four decimals (the column's size)."""


def _written(value: Decimal | None) -> str:
    return "none" if value is None else f"{value.normalize():f}"


def manual_tiebreak_warning(
    player: Player, value: Decimal | None, *, listed: bool
) -> ActionWarning:
    """The Level-4 confirmation of a manual value (Q207): the standings change by hand."""
    change = f"{_written(player.manual_tiebreak)} → {_written(value)}"
    use = (
        _("The standings rank by it where the tie-break list has MAN.")
        if listed
        else _(
            "The tie-break list has no MAN yet: the value is kept, and counts once MAN is added "
            "to the list."
        )
    )
    return ActionWarning(
        Level.DOUBLE_CONFIRM,
        _("Manual tie-break of %(name)s: %(change)s?") % {"name": player.name, "change": change},
        (
            _("The value is computed outside this program: check it against its source."),
            use,
            _("It is recorded in the tournament report as “### Manual tie-break”."),
        ),
        rule="VCL4THP Q207",
    )


@transaction.atomic
def player_set_manual_tiebreak(
    *, player: Player, value: Decimal | None, by: User | None, confirmed: Confirmed | None = None
) -> Player:
    """Enter, change or clear (`None`) the player's manual tie-break value, after a Level-4
    confirmation; recorded as an event of the last paired round."""
    tournament = lock_tournament(player.tournament_id)
    player = Player.objects.select_for_update().get(pk=player.pk)
    if value is not None:
        if not value.is_finite() or abs(value) >= LIMIT:
            raise ManualTiebreakRefused(_("A manual tie-break value is a number below 100,000."))
        if value != value.quantize(Decimal("0.0001")):
            raise ManualTiebreakRefused(_("A manual tie-break value has at most four decimals."))
    if player.manual_tiebreak == value:
        return player
    listed = any(code.split("/")[0].upper() == "MAN" for code in tournament.tiebreaks)
    require_confirmation(manual_tiebreak_warning(player, value, listed=listed), confirmed)
    previous = player.manual_tiebreak
    player.manual_tiebreak = value
    player.save(update_fields=["manual_tiebreak", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        old=f"{player}: manual tie-break {_written(previous)}",
        new=f"{player}: manual tie-break {_written(value)}",
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.MANUAL_TIEBREAK,
        round_number=next_round_number(tournament) - 1,
        details=f"player {player.pairing_number} ({player.name}): {_written(value)} "
        f"(previously {_written(previous)})",
        by=by,
    )
    return player
