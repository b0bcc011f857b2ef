"""FIDE mode (VCL4THP Q40-Q46): a tournament starts in it; leaving it is final.

In FIDE mode the warnings of the TEC Manual are enforced and the history is locked (only the
last two rounds' results can be corrected). Leaving it takes a Level-4 confirmation, is recorded
as a `### FIDE-mode exit @ Round n` event, and cannot be undone: there is no way back in.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.exceptions import ActionRefused
from tournaments.models import IntegrityEventKind, Tournament
from tournaments.selectors.state import next_round_number
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record


def fide_mode_exit_warning(last_paired: int) -> ActionWarning:
    """What leaving FIDE mode after round `last_paired` is confirmed with (Level 4, Q43)."""
    when = (
        _("after round %(number)s") % {"number": last_paired}
        if last_paired
        else _("before round 1")
    )
    return ActionWarning(
        Level.DOUBLE_CONFIRM,
        _("Leave FIDE mode?"),
        (
            _(
                "The tournament is no longer run under the checks FIDE requires for a rated "
                "tournament: results of any earlier round can then be corrected."
            ),
            _(
                "The exit is recorded in the tournament report as “### FIDE-mode exit @ Round "
                "%(number)s” (%(when)s), and every page shows that the tournament left FIDE mode."
            )
            % {"number": last_paired, "when": when},
            _("It cannot be undone: the tournament can never return to FIDE mode."),
        ),
        rule="VCL4THP Q43-Q46",
    )


@transaction.atomic
def tournament_leave_fide_mode(
    *, tournament: Tournament, by: User, confirmed: Confirmed | None = None
) -> Tournament:
    """Take the tournament out of FIDE mode, for good (Level 4; Q42-Q45).

    Records the last paired round (`fide_mode_left_at_round`, 0 before round 1), audits the
    change and records a FIDE-mode exit event. A tournament already out of FIDE mode is refused
    (`ActionRefused`): leaving is final, there is no way back in.
    """
    tournament = lock_tournament(tournament.pk)
    if not tournament.fide_mode:
        raise ActionRefused(
            ActionWarning(
                Level.REFUSED,
                _("The tournament left FIDE mode after round %(number)s.")
                % {"number": tournament.fide_mode_left_at_round},
                (_("It cannot return to FIDE mode (VCL4THP Q45)."),),
            )
        )
    last_paired = next_round_number(tournament) - 1
    require_confirmation(fide_mode_exit_warning(last_paired), confirmed)
    tournament.fide_mode, tournament.fide_mode_left_at_round = False, last_paired
    tournament.save(update_fields=["fide_mode", "fide_mode_left_at_round", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        old="FIDE mode",
        new=f"left FIDE mode after round {last_paired}",
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.FIDE_MODE_EXIT,
        round_number=last_paired,
        details=f"FIDE mode left by {by.get_username()}; it cannot be entered again",
        by=by,
    )
    return tournament
