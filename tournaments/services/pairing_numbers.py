"""Pairing numbers: kept in initial order while players enter before round 1 (a round robin's
drawn numbers stay), and given again by the arbiter in initial ranking order (C.04.2 B.2, B.3),
audited as an integrity event."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.exceptions import (
    RenumberingClosed,
)
from tournaments.models import (
    RENUMBERING_LAST_ROUND,
    IntegrityEventKind,
    Player,
    Tournament,
)
from tournaments.selectors.state import initial_order_key, next_round_number, paired_from
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record, snapshot_rows


def _renumbering(tournament: Tournament) -> tuple[list[Player], list[tuple[Player, int]]]:
    """The players in initial order, and each player whose pairing number would change with
    the new number."""
    players = list(tournament.players.all())
    criterion, method = tournament.initial_order_criterion, tournament.rating_method
    players.sort(
        key=lambda player: (initial_order_key(player, criterion, method), player.pairing_number)
    )
    moves = [
        (player, number)
        for number, player in enumerate(players, start=1)
        if player.pairing_number != number
    ]
    return players, moves


def planned_renumbering(tournament: Tournament) -> list[tuple[Player, int]]:
    """Each player whose pairing number the initial order would change, with the new number
    (nothing is saved)."""
    return _renumbering(tournament)[1]


def _renumber(
    tournament: Tournament, planned: tuple[list[Player], list[tuple[Player, int]]] | None = None
) -> tuple[list[Player], str, str]:
    """Pairing numbers in initial order; the players, and the numbers that changed (before,
    after; empty when none did)."""
    players, moves = planned or _renumbering(tournament)
    if not moves:
        return players, "", ""
    old = ", ".join(f"{player.pairing_number}. {player.name}" for player, _number in moves)
    offset = max(player.pairing_number for player in players) + len(players)
    for player, _number in moves:
        player.pairing_number += offset
    Player.objects.bulk_update([player for player, _number in moves], ["pairing_number"])
    for player, number in moves:
        player.pairing_number = number
    Player.objects.bulk_update([player for player, _number in moves], ["pairing_number"])
    return (
        players,
        old,
        ", ".join(f"{player.pairing_number}. {player.name}" for player, _number in moves),
    )


def keep_initial_order(tournament: Tournament) -> None:
    """Before round 1 is paired, pairing numbers follow the initial order at every entry; a
    round robin's drawn numbers stay (C.05 Annex 1)."""
    if not tournament.numbers_drawn and not paired_from(tournament, 1):
        _renumber(tournament)


@transaction.atomic
def tournament_assign_pairing_numbers(
    *, tournament: Tournament, by: User | None, confirmed: Confirmed | None = None
) -> list[Player]:
    """Give the pairing numbers in initial ranking order (C.04.2 B.2: rating, title, name);
    returns the players in their new order.

    Run before round 1; again to renumber after late entries, until round 4 has been paired
    (C.04.2 B.3: `RenumberingClosed` after). Games and byes follow the players, so the history
    keeps its meaning. Once round 1 is paired, changing issued numbers needs a Level-3
    confirmation and is recorded as a `### TPN` event (VCL4THP Q154, Q112), which the
    Integrity log can undo (the previous numbers come back, Q114).
    """
    tournament = lock_tournament(tournament.pk)
    if tournament.is_round_robin and (tournament.numbers_drawn or paired_from(tournament, 1)):
        raise RenumberingClosed(
            _(
                "A round robin's pairing numbers are drawn (C.05 Annex 1): draw them again "
                "before round 1 instead."
            )
        )
    if paired_from(tournament, RENUMBERING_LAST_ROUND):
        raise RenumberingClosed(
            _(
                "Round %(number)s has been paired: pairing numbers can no longer change "
                "(C.04.2 B.3)."
            )
            % {"number": RENUMBERING_LAST_ROUND}
        )
    planned = _renumbering(tournament)
    last_paired = next_round_number(tournament) - 1
    issued = last_paired >= 1 and bool(planned[1])
    if issued:
        require_confirmation(
            ActionWarning(
                Level.CONFIRM,
                _("Change %(count)s pairing numbers after round %(number)s?")
                % {"count": len(planned[1]), "number": last_paired},
                (
                    ", ".join(
                        f"{player.name}: {player.pairing_number} → {number}"
                        for player, number in planned[1]
                    )
                    + ".",
                    _(
                        "The rounds already paired keep their games; the players' cards and the "
                        "report use the new numbers."
                    ),
                    _("Recorded in the tournament report as “### TPN @ Round %(number)s”.")
                    % {"number": last_paired},
                ),
                rule="VCL4THP Q154",
            ),
            confirmed,
        )
    before = snapshot_rows(changed=[player for player, _ in planned[1]])  # before _renumber
    players, old, new = _renumber(tournament, planned)
    if old:
        audit(
            tournament=tournament,
            by=by,
            entity="tournament",
            entity_id=tournament.pk,
            old=old,
            new=f"pairing numbers in initial order: {new}",
        )
    if issued:
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.PAIRING_NUMBERS,
            round_number=last_paired,
            details=f"Pairing numbers regenerated: {old} became {new}",
            by=by,
            snapshot=before,
        )
    return players
