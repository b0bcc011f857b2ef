"""Arbiter roles per tournament: invitation links, removing a deputy, handing the chief role over.

A tournament has one chief arbiter (a database constraint too) and any number of deputies.
Both may do everything an arbiter does (`tournaments.http.user_can_arbitrate`); only the chief
manages the roles. Deputies join through a one-time invitation link the chief copies and sends
as they like (no e-mail is sent). Each use case is one transaction that locks the tournament
first and records the change in its audit trail; refusals raise `RoleRefused` or
`InvitationInvalid`.
"""

from __future__ import annotations

import datetime
import hashlib
import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments.exceptions import InvitationInvalid, RoleRefused
from tournaments.models import ArbiterInvitation, ArbiterRole, Tournament, TournamentRole
from tournaments.services.base import audit, lock_tournament

INVITATION_VALID_FOR = datetime.timedelta(days=7)
"""How long an invitation link stays open if nobody accepts, declines or withdraws it."""


@dataclass(frozen=True, slots=True)
class ArbiterTeam:
    """A tournament's arbiters as its Arbiters page shows them."""

    chief: TournamentRole | None
    deputies: tuple[TournamentRole, ...]
    open_invitations: tuple[ArbiterInvitation, ...]
    viewer_is_chief: bool


@dataclass(frozen=True, slots=True)
class NewInvitation:
    """An invitation just made, with its token: the only time the token is known."""

    invitation: ArbiterInvitation
    token: str


def arbiter_team(*, tournament: Tournament, viewer: User) -> ArbiterTeam:
    """The chief, the deputies (in the order they joined) and the open invitations."""
    roles = list(
        TournamentRole.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("created", "pk")
    )
    chief = next((role for role in roles if role.role == ArbiterRole.CHIEF), None)
    invitations = ArbiterInvitation.objects.filter(
        tournament=tournament, closed_at__isnull=True, expires_at__gt=timezone.now()
    ).select_related("created_by")
    return ArbiterTeam(
        chief=chief,
        deputies=tuple(role for role in roles if role.role == ArbiterRole.DEPUTY),
        open_invitations=tuple(invitations),
        viewer_is_chief=chief is not None and chief.user_id == viewer.pk,
    )


def arbiter_invitation_open(*, tournament: Tournament, token: str) -> ArbiterInvitation:
    """The open invitation of `tournament` with this token; `InvitationInvalid` otherwise."""
    return _open_invitation(tournament, token)


@transaction.atomic
def arbiter_invitation_create(*, tournament: Tournament, by: User) -> NewInvitation:
    """Make a one-time link to join `tournament` as a deputy arbiter (the chief only)."""
    tournament = lock_tournament(tournament.pk)
    _require_chief(tournament, by)
    token = secrets.token_urlsafe(32)
    invitation = ArbiterInvitation.objects.create(
        tournament=tournament,
        token_hash=_token_hash(token),
        created_by=by,
        expires_at=timezone.now() + INVITATION_VALID_FOR,
    )
    audit(
        tournament=tournament,
        by=by,
        entity="arbiter invitation",
        entity_id=invitation.pk,
        new=f"invitation link {invitation.pk} made, open for {INVITATION_VALID_FOR.days} days",
    )
    return NewInvitation(invitation=invitation, token=token)


@transaction.atomic
def arbiter_invitation_accept(*, tournament: Tournament, token: str, by: User) -> TournamentRole:
    """`by` joins `tournament` as a deputy arbiter; the link is used up."""
    tournament = lock_tournament(tournament.pk)
    invitation = _open_invitation(tournament, token)
    if TournamentRole.objects.filter(tournament=tournament, user=by).exists():
        raise InvitationInvalid(
            _("You are already an arbiter of %(name)s.") % {"name": tournament.name}
        )
    role = TournamentRole.objects.create(tournament=tournament, user=by, role=ArbiterRole.DEPUTY)
    invitation.closed_at = timezone.now()
    invitation.accepted_by = by
    invitation.save(update_fields=["closed_at", "accepted_by"])
    audit(
        tournament=tournament,
        by=by,
        entity="arbiter",
        entity_id=role.pk,
        new=f"{by.get_username()} joined as deputy arbiter (invitation link {invitation.pk})",
    )
    return role


@transaction.atomic
def arbiter_invitation_decline(
    *, tournament: Tournament, token: str, by: User
) -> ArbiterInvitation:
    """`by` declines the invitation: the link is closed and joins nobody."""
    tournament = lock_tournament(tournament.pk)
    invitation = _open_invitation(tournament, token)
    invitation.closed_at = timezone.now()
    invitation.save(update_fields=["closed_at"])
    audit(
        tournament=tournament,
        by=by,
        entity="arbiter invitation",
        entity_id=invitation.pk,
        new=f"invitation link {invitation.pk} declined by {by.get_username()}",
    )
    return invitation


@transaction.atomic
def arbiter_invitation_withdraw(
    *, tournament: Tournament, invitation_id: int, by: User
) -> ArbiterInvitation:
    """The chief closes an open invitation link before anyone uses it."""
    tournament = lock_tournament(tournament.pk)
    _require_chief(tournament, by)
    invitation = ArbiterInvitation.objects.filter(
        tournament=tournament, pk=invitation_id, closed_at__isnull=True
    ).first()
    if invitation is None:
        raise InvitationInvalid(_("That invitation link is already closed."))
    invitation.closed_at = timezone.now()
    invitation.save(update_fields=["closed_at"])
    audit(
        tournament=tournament,
        by=by,
        entity="arbiter invitation",
        entity_id=invitation.pk,
        new=f"invitation link {invitation.pk} withdrawn",
    )
    return invitation


@transaction.atomic
def arbiter_remove(*, tournament: Tournament, user_id: int, by: User) -> None:
    """Remove a deputy arbiter (the chief), or step down as a deputy (the deputy themselves).

    The chief arbiter is never removed: a tournament keeps its chief, who first hands the role
    over to a deputy.
    """
    tournament = lock_tournament(tournament.pk)
    if user_id != by.pk:
        _require_chief(tournament, by)
    role = (
        TournamentRole.objects.filter(tournament=tournament, user_id=user_id)
        .select_related("user")
        .first()
    )
    if role is None:
        raise RoleRefused(_("That user is not an arbiter of %(name)s.") % {"name": tournament.name})
    if role.role == ArbiterRole.CHIEF:
        raise RoleRefused(
            _("The chief arbiter cannot be removed: hand the chief role over to a deputy first.")
        )
    name = role.user.get_username()
    role.delete()
    audit(
        tournament=tournament,
        by=by,
        entity="arbiter",
        entity_id=user_id,
        old=f"{name}: deputy arbiter",
        new="stepped down" if user_id == by.pk else "removed",
    )


@transaction.atomic
def arbiter_hand_over(*, tournament: Tournament, user_id: int, by: User) -> TournamentRole:
    """The chief makes a deputy the chief arbiter and becomes a deputy."""
    tournament = lock_tournament(tournament.pk)
    _require_chief(tournament, by)
    successor = (
        TournamentRole.objects.filter(
            tournament=tournament, user_id=user_id, role=ArbiterRole.DEPUTY
        )
        .select_related("user")
        .first()
    )
    if successor is None:
        raise RoleRefused(_("The chief arbiter's role goes to one of the deputy arbiters."))
    # One chief at a time (a database constraint): step down before the successor steps up.
    TournamentRole.objects.filter(tournament=tournament, user=by).update(role=ArbiterRole.DEPUTY)
    successor.role = ArbiterRole.CHIEF
    successor.save(update_fields=["role"])
    audit(
        tournament=tournament,
        by=by,
        entity="chief arbiter",
        entity_id=successor.user_id,
        old=by.get_username(),
        new=successor.user.get_username(),
    )
    return successor


def _require_chief(tournament: Tournament, by: User) -> None:
    if not TournamentRole.objects.filter(
        tournament=tournament, user=by, role=ArbiterRole.CHIEF
    ).exists():
        raise RoleRefused(_("Only the chief arbiter manages the arbiters of this tournament."))


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _open_invitation(tournament: Tournament, token: str) -> ArbiterInvitation:
    invitation = ArbiterInvitation.objects.filter(
        tournament=tournament, token_hash=_token_hash(token)
    ).first()
    if invitation is None:
        raise InvitationInvalid(
            _("This invitation link is not valid: ask the chief arbiter for a new one.")
        )
    if invitation.closed_at is not None:
        raise InvitationInvalid(
            _(
                "This invitation link was already used, declined or withdrawn: ask the chief "
                "arbiter for a new one."
            )
        )
    if invitation.expires_at <= timezone.now():
        raise InvitationInvalid(
            _("This invitation link has expired: ask the chief arbiter for a new one.")
        )
    return invitation
