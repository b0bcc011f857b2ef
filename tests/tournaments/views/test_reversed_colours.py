"""Issue 31: a game played with the colours reversed is recorded as played, through the HTTP
layer: confirmed first (Level 3), the result standing, audited, a `### Correction` line in the
tournament report; a repeated request does not exchange the colours back."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import pair_round, tournament_with_players
from tests.tournaments.views.confirming import HTMX, dialog_level, html, is_dialog, token
from tournaments.models import AuditEntry, Game, IntegrityEvent, Result, RoundState

pytestmark = pytest.mark.django_db


def test_the_game_is_recorded_as_played_and_the_result_stands(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED).games.filter(board=1).update(
        result=Result.WHITE_WINS
    )
    url = f"/t/{tournament.slug}/manage/round/1/results/1/colours/"
    page = arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/results/").content.decode()
    assert f'formaction="{url}"' in page

    dialog = arbiter_client.post(url, {"white": "1"})
    assert is_dialog(dialog) and dialog_level(dialog) == 3
    assert "Round 1, board 1: did " in html(dialog) and " play White?" in html(dialog)
    assert Game.objects.get(round__number=1, board=1).white.pairing_number == 1

    response = arbiter_client.post(url, {"white": "1", "confirmation": token(dialog)})

    assert response.status_code == 302
    game = Game.objects.get(round__number=1, board=1)
    assert (game.white.pairing_number, game.black.pairing_number) == (2, 1)
    assert game.result == Result.BLACK_WINS  # player 1 still won
    event = IntegrityEvent.objects.get(tournament=tournament)
    assert event.details == ("board 1 (1 - 2): played with reversed colours, recorded as 2 - 1 0-1")
    entry = AuditEntry.objects.filter(tournament=tournament, entity="game").latest("pk")
    assert entry.note == "played with reversed colours"
    report = arbiter_client.get(f"/t/{tournament.slug}/export.trf?format=trf26")
    assert (
        "### Correction @ Round 1: board 1 (1 - 2): played with reversed colours, recorded as "
        "2 - 1 0-1" in report.content.decode()
    )

    again = arbiter_client.post(url, {"white": "1"}, follow=True)  # the same request again
    assert "was changed meanwhile" in again.content.decode()
    game.refresh_from_db()
    assert game.white.pairing_number == 2


def test_a_forfeit_is_refused_and_changes_nothing(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(2, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED).games.update(result=Result.WHITE_WINS_FORFEIT)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/colours/", {"white": "1"}, headers=HTMX
    )

    assert response.status_code == 200
    game = Game.objects.get()
    assert (game.white.pairing_number, game.result) == (1, Result.WHITE_WINS_FORFEIT)
    assert not IntegrityEvent.objects.exists()
