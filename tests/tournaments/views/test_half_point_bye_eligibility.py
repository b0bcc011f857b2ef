"""Issue 15 (checklist Q175-Q176): the arbiter refuses half-point byes to one player on the
player's page; the bye form then refuses them with a message, and allowing them again works."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import tournament_with_players
from tournaments.models import Bye, ByeKind

# Without the test's wrapping transaction, as in production: each service opens its own.
pytestmark = pytest.mark.django_db(transaction=True)


def test_refused_half_point_byes_are_refused_until_allowed_again(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)
    base = f"/t/{tournament.slug}/manage/player/3/"
    bye = {"round_number": "2", "kind": ByeKind.HALF_POINT}

    refused = arbiter_client.post(f"{base}half-point-byes/", {"allowed": "0"}, follow=True)
    request = arbiter_client.post(f"{base}bye/", bye, follow=True)

    assert "may not take half-point byes" in refused.content.decode()
    assert "Half-point byes: <strong>refused</strong>" in request.content.decode()
    assert "may not take half-point byes (set on the player" in request.content.decode()
    assert not Bye.objects.exists()

    arbiter_client.post(f"{base}half-point-byes/", {"allowed": "1"})
    arbiter_client.post(f"{base}bye/", bye)

    assert Bye.objects.get().kind == ByeKind.HALF_POINT
    assert tournament.players.get(pairing_number=3).half_point_byes_allowed
