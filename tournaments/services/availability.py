"""Who plays in which round: requested byes, withdrawals, reinstatements, forbidden pairs.

Each is one transactional, keyword-only function that first locks the tournament row and raises
the errors of `tournaments.exceptions`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.bye_requests import ByeNotAllowed, ByeRequest, bye_request_warning
from tournaments.domain.warnings import Confirmed
from tournaments.domain.withdrawals import StatusRefused, check_withdrawal, reinstatement_notice
from tournaments.exceptions import (
    ByeRefused,
    ForbiddenPairRefused,
    PlayerStatusError,
)
from tournaments.models import (
    Bye,
    ByeKind,
    ForbiddenPair,
    IntegrityEventKind,
    Player,
    PlayerStatus,
    RoundState,
    Tournament,
)
from tournaments.selectors.state import next_round_number, paired_from
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record, snapshot_rows
from tournaments.translation import refusal_text, translated_warning


def player_set_half_point_byes(*, player: Player, allowed: bool, by: User) -> Player:
    """Allow or refuse half-point byes to one player (checklist Q175); byes already given
    stay (cancel them on the player's page)."""
    with transaction.atomic():
        tournament = lock_tournament(player.tournament_id)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.half_point_byes_allowed == allowed:
            return player
        player.half_point_byes_allowed = allowed
        player.save(update_fields=["half_point_byes_allowed", "updated"])
        audit(
            tournament=tournament,
            by=by,
            entity="player",
            entity_id=player.pk,
            old=f"{player}: half-point byes {'refused' if allowed else 'allowed'}",
            new=f"{player}: half-point byes {'allowed' if allowed else 'refused'}",
        )
    return player


@transaction.atomic
def bye_request(
    *,
    player: Player,
    round_number: int,
    kind: ByeKind,
    by: User,
    confirmed: Confirmed | None = None,
) -> Bye:
    """A bye the player asks for in a round not yet paired: full-point, half-point or zero-point.

    Refused (`ByeRefused`) in a round robin, for a round already paired, a round among the
    tournament's last `no_byes_last_rounds`, a half-point bye to a player who may not take one
    (Q175-Q176), a withdrawn player or one not yet playing in that round, or a round where the
    player already has a bye. A second or later half-point bye needs a Level-3 confirmation
    (VCL4THP Q174), also beyond `max_half_point_byes` (the arbiter lifts the limit for a
    player); a full-point bye a Level-2 notice, and it is recorded as an `### FPB` event, undone
    by deleting the bye (VCL4THP Q112, Q114).
    """
    tournament = lock_tournament(player.tournament_id)
    player = Player.objects.get(pk=player.pk)
    rnd = tournament.round_set.filter(number=round_number).first()
    half_point = kind == ByeKind.HALF_POINT
    request = ByeRequest(
        name=player.name,
        kind=ByeKind(kind).outcome,
        round_number=round_number,
        rounds=tournament.rounds,
        no_byes_last_rounds=tournament.no_byes_last_rounds,
        max_half_point_byes=tournament.max_half_point_byes,
        full_bye_points=tournament.points_full_bye,
        round_robin=tournament.is_round_robin,
        round_exists=rnd is not None,
        round_paired=rnd is not None and rnd.state != RoundState.NOT_PAIRED,
        withdrawn=player.status == PlayerStatus.WITHDRAWN,
        first_round=player.first_round,
        has_bye_in_round=rnd is not None and rnd.byes.filter(player=player).exists(),
        half_point_byes_allowed=player.half_point_byes_allowed,
        half_point_byes_taken=(
            Bye.objects.filter(player=player, kind=ByeKind.HALF_POINT).count() if half_point else 0
        ),
    )
    try:
        warning = bye_request_warning(request)
    except ByeNotAllowed as refusal:
        raise ByeRefused(refusal_text(refusal)) from None
    require_confirmation(translated_warning(warning) if warning else None, confirmed)
    assert rnd is not None  # the rules refuse a round that does not exist
    bye = Bye.objects.create(round=rnd, player=player, kind=kind)
    audit(
        tournament=tournament,
        by=by,
        entity="bye",
        entity_id=bye.pk,
        new=f"round {round_number}: {player} {ByeKind(kind).label.lower()} requested",
    )
    if kind == ByeKind.FULL_POINT:  # a PIBE (VCL4THP Q112); undone by deleting the bye
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.FULL_POINT_BYE,
            round_number=round_number,
            details=f"{player.name} ({player.pairing_number}) requested a full-point bye",
            by=by,
            snapshot=snapshot_rows(created=[bye]),
        )
    return bye


@transaction.atomic
def bye_cancel(*, bye: Bye, by: User) -> None:
    """Cancel a requested bye of a round not yet paired."""
    tournament = lock_tournament(bye.round.tournament_id)
    bye = Bye.objects.select_related("round", "player").get(pk=bye.pk)
    if bye.round.state != RoundState.NOT_PAIRED:
        raise ByeRefused(
            _("Round %(number)s is already paired: its byes stand.") % {"number": bye.round.number}
        )
    audit(
        tournament=tournament,
        by=by,
        entity="bye",
        entity_id=bye.pk,
        old=f"round {bye.round.number}: {bye.player} {bye.get_kind_display().lower()}",
        new="cancelled",
    )
    bye.delete()


@transaction.atomic
def player_withdraw(*, player: Player, from_round: int, by: User, expelled: bool = False) -> Player:
    """Withdraw a player from round `from_round` on (C.04.2 D.3: no longer paired); `expelled`
    also leaves the player out of the standings (checklist Q197-Q198).

    `from_round` must not be paired yet; the player's requested byes from then on are
    cancelled. Audited.
    """
    tournament = lock_tournament(player.tournament_id)
    player = Player.objects.get(pk=player.pk)
    try:
        check_withdrawal(
            name=player.name,
            withdrawn=player.status == PlayerStatus.WITHDRAWN,
            withdrawn_from=player.withdrawn_from_round,
            from_round=from_round,
            first_open=next_round_number(tournament),
            rounds=tournament.rounds,
        )
    except StatusRefused as refusal:
        raise PlayerStatusError(refusal_text(refusal)) from None
    cancelled = Bye.objects.filter(player=player, round__number__gte=from_round)
    count, _deleted = cancelled.delete()
    player.status, player.withdrawn_from_round = PlayerStatus.WITHDRAWN, from_round
    player.expelled = expelled
    player.save(update_fields=["status", "withdrawn_from_round", "expelled", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        old="active",
        new=f"{'expelled' if expelled else 'withdrawn'} from round {from_round}",
        note=f"{count} requested bye(s) cancelled" if count else "",
    )
    return player


@transaction.atomic
def player_reinstate(*, player: Player, by: User, confirmed: Confirmed | None = None) -> Player:
    """Bring a withdrawn player back: paired again from the next round to pair; the rounds
    missed meanwhile stay absences (zero points). A Level-2 notice says so. Audited."""
    tournament = lock_tournament(player.tournament_id)
    player = Player.objects.get(pk=player.pk)
    try:
        notice = reinstatement_notice(
            name=player.name,
            withdrawn=player.status == PlayerStatus.WITHDRAWN,
            withdrawn_from=player.withdrawn_from_round,
            first_open=next_round_number(tournament),
            rounds=tournament.rounds,
        )
    except StatusRefused as refusal:
        raise PlayerStatusError(refusal_text(refusal)) from None
    require_confirmation(translated_warning(notice), confirmed)
    old = f"withdrawn from round {player.withdrawn_from_round}"
    player.status, player.withdrawn_from_round = PlayerStatus.ACTIVE, None
    player.expelled = False
    player.save(update_fields=["status", "withdrawn_from_round", "expelled", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="player",
        entity_id=player.pk,
        old=old,
        new=f"reinstated from round {next_round_number(tournament)}",
    )
    return player


@transaction.atomic
def forbidden_pair_create(
    *, tournament: Tournament, first: Player, second: Player, by: User
) -> ForbiddenPair:
    """Two players who must not meet (siblings, team-mates), entered before round 1 is paired."""
    tournament = lock_tournament(tournament.pk)
    if paired_from(tournament, 1):
        raise ForbiddenPairRefused(_("Round 1 is paired: prohibited pairings are entered before."))
    if first.pk == second.pk:
        raise ForbiddenPairRefused(_("Choose two different players."))
    if {first.tournament_id, second.tournament_id} != {tournament.pk}:
        raise ForbiddenPairRefused(_("Both players must play in this tournament."))
    low, high = sorted((first, second), key=lambda player: player.pk)
    if tournament.forbidden_pairs.filter(first=low, second=high).exists():
        raise ForbiddenPairRefused(
            _("%(first)s and %(second)s are already kept apart.")
            % {"first": low.name, "second": high.name}
        )
    pair = ForbiddenPair.objects.create(tournament=tournament, first=low, second=high)
    audit(
        tournament=tournament,
        by=by,
        entity="forbidden_pair",
        entity_id=pair.pk,
        new=f"{low} ≠ {high}",
    )
    return pair


@transaction.atomic
def forbidden_pair_delete(*, pair: ForbiddenPair, by: User) -> None:
    """Remove a prohibited pairing, before round 1 is paired."""
    tournament = lock_tournament(pair.tournament_id)
    if paired_from(tournament, 1):
        raise ForbiddenPairRefused(_("Round 1 is paired: prohibited pairings stay as they are."))
    audit(
        tournament=tournament,
        by=by,
        entity="forbidden_pair",
        entity_id=pair.pk,
        old=f"{pair.first_id} ≠ {pair.second_id}",
        new="removed",
    )
    pair.delete()
