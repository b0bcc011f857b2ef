"""The level of each risky action of the arbiter pages, through the HTTP layer: renumbering
(Level 3 once numbers are issued, VCL4THP Q154), a second requested half-point bye (Level 3,
Q174) and reinstating a withdrawn player (Level 2)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import dialog_level, html, is_dialog, play_rounds, token
from tournaments.models import (
    Bye,
    ByeKind,
    IntegrityEvent,
    IntegrityEventKind,
    PlayerStatus,
    Tournament,
)

pytestmark = pytest.mark.django_db


def with_late_entry(arbiter: User) -> Tournament:
    """Round 1 paired; player 5 registered late with a higher rating than 1-4."""
    tournament = tournament_with_players(5, arbiter=arbiter)
    play_rounds(tournament, 0)
    late = tournament.players.get(pairing_number=5)
    late.fide_rating = 2800
    late.save()
    return tournament


def test_renumbering_after_round_1_takes_a_level_3_confirmation_and_is_recorded(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q154: a regeneration changing issued numbers; Q112: recorded as a TPN event."""
    tournament = with_late_entry(arbiter)
    url = f"/t/{tournament.slug}/manage/players/renumber/"
    before = snapshot()

    dialog = arbiter_client.post(url, {})

    assert dialog_level(dialog) == 3 and "Change 5 pairing numbers after round 1?" in html(dialog)
    assert snapshot() == before
    arbiter_client.post(url, {"confirmation": token(dialog)})
    assert tournament.players.get(fide_rating=2800).pairing_number == 1
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.kind == IntegrityEventKind.PAIRING_NUMBERS and event.round_number == 1


def test_renumbering_before_round_1_needs_no_confirmation(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)
    player = tournament.players.get(pairing_number=4)
    player.fide_rating = 2800
    player.save()

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/players/renumber/", {})

    assert response.status_code == 302
    assert tournament.players.get(fide_rating=2800).pairing_number == 1


def test_a_second_half_point_bye_takes_a_level_3_confirmation(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q173, Q174."""
    tournament = tournament_with_players(4, rounds=7, arbiter=arbiter)
    tournament.max_half_point_byes = 2
    tournament.save()
    url = f"/t/{tournament.slug}/manage/player/1/bye/"

    first = arbiter_client.post(url, {"round_number": "2", "kind": ByeKind.HALF_POINT})
    before = snapshot()
    second = arbiter_client.post(url, {"round_number": "3", "kind": ByeKind.HALF_POINT})

    assert first.status_code == 302
    assert dialog_level(second) == 3 and "half-point bye number 2" in html(second)
    assert snapshot() == before
    arbiter_client.post(
        url, {"round_number": "3", "kind": ByeKind.HALF_POINT, "confirmation": token(second)}
    )
    assert Bye.objects.filter(kind=ByeKind.HALF_POINT).count() == 2


def test_reinstating_a_withdrawn_player_is_a_level_2_notice(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=5, arbiter=arbiter)
    play_rounds(tournament, 2, published=False)
    player = tournament.players.get(pairing_number=2)
    player.status, player.withdrawn_from_round = PlayerStatus.WITHDRAWN, 2
    player.save()

    notice = arbiter_client.post(f"/t/{tournament.slug}/manage/player/2/reinstate/", {})

    assert is_dialog(notice) and dialog_level(notice) == 2
    assert "comes back from round 3" in html(notice) and "Rounds 2-2 stay unplayed" in html(notice)
