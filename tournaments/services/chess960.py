"""Chess960 (checklist Q222): each round's starting position, drawn by the program with a
seeded draw when the round is published, or entered by the arbiter; either is recorded as a
`### Chess960 @ Round n` event, which the TRF report writes (TRF has no record for it)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.chess960 import POSITIONS, back_rank, drawn_position, round_seed
from tournaments.exceptions import Chess960Refused
from tournaments.models import IntegrityEventKind, Round, Tournament
from tournaments.services.base import audit, lock_tournament
from tournaments.services.integrity import integrity_event_record


def round_draw_chess960(*, tournament: Tournament, rnd: Round, by: User | None) -> None:
    """Draw the round's position if the tournament plays Chess960 and the round has none yet
    (inside the caller's transaction, which holds the tournament's lock: `round_publish`)."""
    if not tournament.chess960 or rnd.chess960_position is not None:
        return
    seed = round_seed(tournament.pk, rnd.number)
    _set(tournament, rnd, drawn_position(seed), by, f"drawn by the program (seed “{seed}”)")


@transaction.atomic
def round_set_chess960_position(*, rnd: Round, position: int, by: User | None) -> Round:
    """The arbiter enters the round's starting position (0-959), in place of the drawn one."""
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if not tournament.chess960:
        raise Chess960Refused(_("This tournament is not played as Chess960."))
    if not 0 <= position < POSITIONS:
        raise Chess960Refused(_("A Chess960 position is a number from 0 to 959."))
    if rnd.chess960_position == position:
        return rnd
    _set(tournament, rnd, position, by, "entered by the arbiter")
    return rnd


def _set(tournament: Tournament, rnd: Round, position: int, by: User | None, how: str) -> None:
    previous = rnd.chess960_position
    rnd.chess960_position = position
    rnd.save(update_fields=["chess960_position", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old="" if previous is None else str(previous),
        new=str(position),
        note=f"round {rnd.number}: Chess960 starting position",
    )
    replaced = "" if previous is None else f", replacing position {previous}"
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.CHESS960,
        round_number=rnd.number,
        details=f"starting position {position} ({back_rank(position)}), {how}{replaced}",
        by=by,
    )
