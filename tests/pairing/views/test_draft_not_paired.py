"""Issue 31: the draft pairing page lists who has no board, for the check before publishing:
the requested byes and absences, the withdrawn players, the late entries."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import PlayerFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Bye, ByeKind, Player, PlayerStatus, RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def test_the_draft_lists_the_byes_absences_withdrawals_and_late_entries(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=5, arbiter=arbiter)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)

    def player(number: int, **fields: object) -> Player:
        return PlayerFactory.create(
            tournament=tournament, pairing_number=number, name=f"Extra{number}, Test", **fields
        )

    Bye.objects.create(round=rnd, player=player(5), kind=ByeKind.HALF_POINT)
    Bye.objects.create(round=rnd, player=player(6), kind=ByeKind.ZERO_POINT)
    player(7, status=PlayerStatus.WITHDRAWN, withdrawn_from_round=1)
    player(8, first_round=3)
    player(9)
    Bye.objects.create(round=rnd, player=player(10), kind=ByeKind.PAIRING_ALLOCATED)

    html = arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/pairing/").content.decode()

    listed = html.split("Not paired in this round", 1)[1].split("</section>", 1)[0]
    assert "Extra5, Test · Half-point bye" in listed
    assert "Extra6, Test · Zero-point bye (absence)" in listed
    assert "Extra7, Test · Withdrawn from round 1" in listed
    assert "Extra8, Test · Plays from round 3 (late entry)" in listed
    assert "Extra9, Test · Absent: not paired" in listed
    assert "Extra10" not in listed  # the pairing-allocated bye has its own row
