"""A page's confirmation holds only for the tournament as it stood when the warning was shown:
the service compares the revision under its lock, so a change that slips in between the view's
token check and the service (another arbiter's click) leaves the action undone (Q218-Q221)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import tournament_with_players
from tournaments.domain.warnings import Confirmation, Level
from tournaments.exceptions import ConfirmationInvalid, ConfirmationRequired
from tournaments.models import PlayerStatus, Tournament
from tournaments.services.availability import player_reinstate, player_withdraw

pytestmark = pytest.mark.django_db


def withdrawn_player(arbiter: User) -> tuple[Tournament, int]:
    tournament = tournament_with_players(4)
    player = player_withdraw(
        player=tournament.players.get(pairing_number=1), from_round=2, by=arbiter
    )
    tournament.refresh_from_db()
    return tournament, player.pk


def test_a_confirmation_of_the_current_revision_goes_through(arbiter: User) -> None:
    tournament, player_id = withdrawn_player(arbiter)
    confirmed = Confirmation(Level.NOTICE, tournament.pk, tournament.revision)

    player = player_reinstate(
        player=tournament.players.get(pk=player_id), by=arbiter, confirmed=confirmed
    )

    assert player.status == PlayerStatus.ACTIVE


def test_a_change_between_the_check_and_the_lock_voids_the_confirmation(arbiter: User) -> None:
    tournament, player_id = withdrawn_player(arbiter)
    confirmed = Confirmation(Level.NOTICE, tournament.pk, tournament.revision)
    player_withdraw(player=tournament.players.get(pairing_number=2), from_round=2, by=arbiter)

    with pytest.raises(ConfirmationInvalid, match="changed while you were confirming"):
        player_reinstate(
            player=tournament.players.get(pk=player_id), by=arbiter, confirmed=confirmed
        )

    assert tournament.players.get(pk=player_id).status == PlayerStatus.WITHDRAWN


def test_without_a_confirmation_nothing_changes(arbiter: User) -> None:
    tournament, player_id = withdrawn_player(arbiter)

    with pytest.raises(ConfirmationRequired):
        player_reinstate(player=tournament.players.get(pk=player_id), by=arbiter, confirmed=None)

    assert tournament.players.get(pk=player_id).status == PlayerStatus.WITHDRAWN
