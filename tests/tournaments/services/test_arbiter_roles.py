"""Arbiter roles: invitation links, removing deputies, handing the chief role over."""

from __future__ import annotations

import datetime

import pytest
import time_machine
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone

from tests.factories import TournamentFactory, TournamentRoleFactory, UserFactory
from tests.tournaments.conftest import tournament_with_players
from tournaments.exceptions import InvitationInvalid, RoleRefused
from tournaments.models import ArbiterInvitation, ArbiterRole, AuditEntry, Tournament
from tournaments.services.arbiters import (
    INVITATION_VALID_FOR,
    arbiter_hand_over,
    arbiter_invitation_accept,
    arbiter_invitation_create,
    arbiter_invitation_decline,
    arbiter_invitation_withdraw,
    arbiter_remove,
    arbiter_team,
)

pytestmark = pytest.mark.django_db


def roles(tournament: Tournament) -> set[tuple[str, str]]:
    return {(role.user.username, role.role) for role in tournament.roles.select_related("user")}


@pytest.fixture
def chief() -> User:
    return UserFactory.create(username="chief")


@pytest.fixture
def tournament(chief: User) -> Tournament:
    return tournament_with_players(0, arbiter=chief)


@pytest.fixture
def deputy(tournament: Tournament) -> User:
    user = UserFactory.create(username="deputy")
    TournamentRoleFactory.create(tournament=tournament, user=user, role=ArbiterRole.DEPUTY)
    return user


def test_a_user_who_accepts_the_chiefs_link_becomes_a_deputy(
    tournament: Tournament, chief: User
) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)
    guest = UserFactory.create(username="guest")

    role = arbiter_invitation_accept(tournament=tournament, token=new.token, by=guest)

    assert role.role == ArbiterRole.DEPUTY
    assert roles(tournament) == {("chief", "chief"), ("guest", "deputy")}
    new.invitation.refresh_from_db()
    assert new.invitation.closed_at is not None and new.invitation.accepted_by == guest
    assert AuditEntry.objects.filter(tournament=tournament, entity="arbiter", user=guest).exists()


def test_only_the_tokens_hash_is_stored(tournament: Tournament, chief: User) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)

    stored = ArbiterInvitation.objects.get()
    assert new.token not in stored.token_hash and len(stored.token_hash) == 64


def test_a_link_works_once(tournament: Tournament, chief: User) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)
    arbiter_invitation_accept(tournament=tournament, token=new.token, by=UserFactory.create())

    with pytest.raises(InvitationInvalid, match="already used"):
        arbiter_invitation_accept(
            tournament=tournament, token=new.token, by=UserFactory.create(username="late")
        )

    assert "late" not in {name for name, _ in roles(tournament)}


@pytest.mark.parametrize("token", ["", "forged", "x" * 43, "../../admin"])
def test_a_forged_link_is_refused(tournament: Tournament, chief: User, token: str) -> None:
    arbiter_invitation_create(tournament=tournament, by=chief)

    with pytest.raises(InvitationInvalid, match="not valid"):
        arbiter_invitation_accept(tournament=tournament, token=token, by=UserFactory.create())

    assert roles(tournament) == {("chief", "chief")}


def test_a_link_of_another_tournament_is_refused(tournament: Tournament, chief: User) -> None:
    other = TournamentFactory.create()
    TournamentRoleFactory.create(tournament=other, user=chief)
    new = arbiter_invitation_create(tournament=other, by=chief)

    with pytest.raises(InvitationInvalid):
        arbiter_invitation_accept(tournament=tournament, token=new.token, by=UserFactory.create())


def test_an_expired_link_is_refused(tournament: Tournament, chief: User) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)

    later = timezone.now() + INVITATION_VALID_FOR + datetime.timedelta(minutes=1)
    with time_machine.travel(later), pytest.raises(InvitationInvalid, match="expired"):
        arbiter_invitation_accept(tournament=tournament, token=new.token, by=UserFactory.create())


def test_a_declined_link_joins_nobody_and_is_closed(tournament: Tournament, chief: User) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)
    guest = UserFactory.create()

    arbiter_invitation_decline(tournament=tournament, token=new.token, by=guest)

    assert roles(tournament) == {("chief", "chief")}
    with pytest.raises(InvitationInvalid):
        arbiter_invitation_accept(tournament=tournament, token=new.token, by=guest)


def test_an_arbiter_cannot_take_a_second_role_and_the_link_stays_open(
    tournament: Tournament, chief: User, deputy: User
) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)

    with pytest.raises(InvitationInvalid, match="already an arbiter"):
        arbiter_invitation_accept(tournament=tournament, token=new.token, by=deputy)

    new.invitation.refresh_from_db()
    assert new.invitation.closed_at is None
    assert roles(tournament) == {("chief", "chief"), ("deputy", "deputy")}


def test_deputies_and_strangers_cannot_make_links(tournament: Tournament, deputy: User) -> None:
    for user in (deputy, UserFactory.create()):
        with pytest.raises(RoleRefused, match="Only the chief arbiter"):
            arbiter_invitation_create(tournament=tournament, by=user)

    assert not ArbiterInvitation.objects.exists()


def test_the_chief_withdraws_a_link_and_it_stops_working(
    tournament: Tournament, chief: User, deputy: User
) -> None:
    new = arbiter_invitation_create(tournament=tournament, by=chief)
    with pytest.raises(RoleRefused):
        arbiter_invitation_withdraw(
            tournament=tournament, invitation_id=new.invitation.pk, by=deputy
        )

    arbiter_invitation_withdraw(tournament=tournament, invitation_id=new.invitation.pk, by=chief)

    with pytest.raises(InvitationInvalid):
        arbiter_invitation_accept(tournament=tournament, token=new.token, by=UserFactory.create())
    team = arbiter_team(tournament=tournament, viewer=chief)
    assert team.open_invitations == () and team.viewer_is_chief


def test_the_chief_removes_a_deputy(tournament: Tournament, chief: User, deputy: User) -> None:
    arbiter_remove(tournament=tournament, user_id=deputy.pk, by=chief)

    assert roles(tournament) == {("chief", "chief")}
    entry = AuditEntry.objects.filter(tournament=tournament, entity="arbiter").get()
    assert (entry.old_value, entry.new_value) == ("deputy: deputy arbiter", "removed")


def test_a_deputy_steps_down_but_cannot_remove_another_deputy(
    tournament: Tournament, deputy: User
) -> None:
    other = UserFactory.create(username="other")
    TournamentRoleFactory.create(tournament=tournament, user=other, role=ArbiterRole.DEPUTY)

    with pytest.raises(RoleRefused, match="Only the chief arbiter"):
        arbiter_remove(tournament=tournament, user_id=other.pk, by=deputy)
    arbiter_remove(tournament=tournament, user_id=deputy.pk, by=deputy)

    assert roles(tournament) == {("chief", "chief"), ("other", "deputy")}


def test_removing_the_last_chief_is_refused(tournament: Tournament, chief: User) -> None:
    with pytest.raises(RoleRefused, match="hand the chief role over"):
        arbiter_remove(tournament=tournament, user_id=chief.pk, by=chief)

    assert roles(tournament) == {("chief", "chief")}
    assert not AuditEntry.objects.filter(entity="arbiter").exists()


def test_removing_a_user_without_a_role_is_refused(tournament: Tournament, chief: User) -> None:
    with pytest.raises(RoleRefused, match="not an arbiter"):
        arbiter_remove(tournament=tournament, user_id=UserFactory.create().pk, by=chief)


def test_the_chief_hands_over_to_a_deputy_and_stays_as_deputy(
    tournament: Tournament, chief: User, deputy: User
) -> None:
    arbiter_hand_over(tournament=tournament, user_id=deputy.pk, by=chief)

    assert roles(tournament) == {("chief", "deputy"), ("deputy", "chief")}
    with pytest.raises(RoleRefused):
        arbiter_invitation_create(tournament=tournament, by=chief)
    arbiter_invitation_create(tournament=tournament, by=deputy)


def test_the_chief_role_goes_only_to_a_deputy_and_only_from_the_chief(
    tournament: Tournament, chief: User, deputy: User
) -> None:
    stranger = UserFactory.create()
    for user_id, by in ((stranger.pk, chief), (chief.pk, chief), (deputy.pk, deputy)):
        with pytest.raises(RoleRefused):
            arbiter_hand_over(tournament=tournament, user_id=user_id, by=by)

    assert roles(tournament) == {("chief", "chief"), ("deputy", "deputy")}


def test_the_database_refuses_a_second_chief(tournament: Tournament) -> None:
    newcomer = UserFactory.create()

    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentRoleFactory.create(tournament=tournament, user=newcomer)
