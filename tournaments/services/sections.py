"""Moving a player from one section of an event to another before round 1 (issue 32).

One transaction: both sections are locked (lowest id first, so two moves the other way round
wait for each other instead of deadlocking), the rules of `domain.sections` decide (refused once
round 1 of either section is paired; a Level-3 confirmation outside the target's rating limits),
and the move is recorded in both sections' audit trails.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.domain.sections import MoveRefused, SectionMove, move_warning
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import SectionMoveRefused
from tournaments.models import Bye, ForbiddenPair, Player, Tournament
from tournaments.selectors.state import next_round_number, player_rating
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.pairing_numbers import keep_initial_order
from tournaments.translation import translated, translated_warning


def _duplicate(target: Tournament, player: Player) -> Player | None:
    """The player of `target` who is `player` already: same FIDE id, or same name and birth
    date (as registration refuses them)."""
    others = target.players.all()
    if player.fide_id and (same := others.filter(fide_id=player.fide_id).first()) is not None:
        return same
    return others.filter(name__iexact=player.name, birth_date=player.birth_date).first()


@transaction.atomic
def player_move_section(
    *, player: Player, target: Tournament, by: User, confirmed: Confirmed | None = None
) -> Player:
    """Move `player` to the section `target` of the same event, before round 1 of either.

    The player gets a pairing number in the target (its initial order, C.04.2 B.2), and the
    source's numbers close up again. Byes requested in the source and prohibited pairings with
    its players are cancelled (the target's own limits and players differ), and said so in the
    audit trail. Refusals: `SectionMoveRefused`; outside the target's rating limits (by the
    target's rating method) `ConfirmationRequired` at Level 3 until confirmed.
    """
    source_id = player.tournament_id
    locked = {pk: lock_tournament(pk) for pk in sorted({source_id, target.pk})}
    source, target = locked[source_id], locked[target.pk]
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.tournament_id != source.pk:
        raise SectionMoveRefused(_("The player changed section meanwhile: nothing was done."))
    if source.event_id is None or source.event_id != target.event_id:
        raise SectionMoveRefused(
            _("Players move only between sections of one event: %(name)s is not one of them.")
            % {"name": target.name}
        )
    rating = player_rating(player, target.rating_method)
    move = SectionMove(
        player=player.name,
        rating=rating,
        source=source.name,
        source_paired=next_round_number(source) > 1,
        target=target.name,
        target_paired=next_round_number(target) > 1,
        target_limits=target.rating_limits,
    )
    try:
        warning = move_warning(move)
    except MoveRefused as refusal:
        raise SectionMoveRefused(translated(refusal.reason)) from None
    require_confirmation(translated_warning(warning) if warning else None, confirmed)
    if (same := _duplicate(target, player)) is not None:
        raise SectionMoveRefused(
            _("%(player)s is already registered in %(section)s.")
            % {"player": same, "section": target.name}
        )
    cancelled = _cancel_source_ties(player)
    last = target.players.aggregate(last=Max("pairing_number"))["last"] or 0
    old_number = player.pairing_number
    player.tournament = target
    player.pairing_number = last + 1
    player.first_round = 1
    player.save(update_fields=["tournament", "pairing_number", "first_round", "updated"])
    for section in (source, target):
        if section.numbers_drawn:  # a round robin's numbers are drawn again (C.05 Annex 1)
            section.numbers_drawn = False
            section.save(update_fields=["numbers_drawn", "updated"])
    exception = " (outside its rating limits, confirmed)" if warning else ""
    audit(
        tournament=source,
        by=by,
        entity="player",
        entity_id=player.pk,
        old=f"{old_number}. {player.name}",
        new=f"moved to section {target.name}{cancelled}",
    )
    audit(
        tournament=target,
        by=by,
        entity="player",
        entity_id=player.pk,
        new=f"{player.name} (rating {rating}) moved in from section {source.name}{exception}",
    )
    keep_initial_order(source)
    keep_initial_order(target)
    player.refresh_from_db(fields=["pairing_number"])
    return player


def _cancel_source_ties(player: Player) -> str:
    """Delete the player's requested byes and prohibited pairings in their present section;
    what was cancelled, for the audit trail (empty when nothing)."""
    byes = list(player.byes.select_related("round").order_by("round__number"))
    pairs = ForbiddenPair.objects.filter(tournament_id=player.tournament_id).filter(
        first=player
    ) | ForbiddenPair.objects.filter(tournament_id=player.tournament_id, second=player)
    pair_count = pairs.count()
    Bye.objects.filter(pk__in=[bye.pk for bye in byes]).delete()
    pairs.delete()
    parts = []
    if byes:
        rounds = ", ".join(str(bye.round.number) for bye in byes)
        parts.append(f"requested byes cancelled (rounds {rounds})")
    if pair_count:
        parts.append(f"{pair_count} prohibited pairing(s) cancelled")
    return f"; {'; '.join(parts)}" if parts else ""
