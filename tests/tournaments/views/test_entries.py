"""Values the arbiter enters by hand, through the HTTP layer: a round's Chess960 starting
position (checklist Q222) and a player's manual tie-break value (Q207, Level 4)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from django.contrib.auth.models import User
from django.test import Client

from standings.selectors import tournament_standings
from tests.tournaments.conftest import pair_round, tournament_with_players
from tests.tournaments.views.confirming import confirm, dialog_level, html, play_rounds
from tournaments.models import IntegrityEvent, IntegrityEventKind, RoundState, Tournament

pytestmark = pytest.mark.django_db


def chess960_url(tournament: Tournament, number: int) -> str:
    return f"/t/{tournament.slug}/manage/round/{number}/chess960/"


def manual_url(tournament: Tournament, number: int) -> str:
    return f"/t/{tournament.slug}/manage/player/{number}/manual-tiebreak/"


def test_the_arbiter_enters_a_chess960_position_shown_to_arbiters_and_players(
    arbiter_client: Client, arbiter: User, client: Client
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    tournament.chess960 = True
    tournament.save(update_fields=["chess960"])
    pair_round(tournament, 1, RoundState.PUBLISHED)
    results = f"/t/{tournament.slug}/manage/round/1/results/"
    assert "No starting position yet" in html(arbiter_client.get(results))

    response = arbiter_client.post(chess960_url(tournament, 1), {"position": "518"})

    assert response.status_code == 302
    page = html(arbiter_client.get(results))
    assert "Starting position <strong>518</strong> <code>RNBQKBNR</code>" in page
    public = html(client.get(f"/t/{tournament.slug}/round/1/"))
    assert "Chess960: starting position <strong>518</strong> <code>RNBQKBNR</code>" in public
    assert IntegrityEvent.objects.filter(kind=IntegrityEventKind.CHESS960).count() == 1


@pytest.mark.parametrize("position", ["960", "-1", "5.5", "", "x"])
def test_a_bad_chess960_position_is_refused_with_a_message(
    arbiter_client: Client, arbiter: User, position: str
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    tournament.chess960 = True
    tournament.save(update_fields=["chess960"])
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)

    response = arbiter_client.post(chess960_url(tournament, 1), {"position": position}, follow=True)

    assert "A Chess960 position is a number from 0 to 959." in html(response)
    rnd.refresh_from_db()
    assert rnd.chess960_position is None


def test_a_tournament_without_chess960_refuses_a_position(
    arbiter_client: Client, arbiter: User, client: Client
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    response = arbiter_client.post(chess960_url(tournament, 1), {"position": "518"}, follow=True)

    assert "This tournament is not played as Chess960." in html(response)
    assert "Chess960" not in html(client.get(f"/t/{tournament.slug}/round/1/"))


def test_a_manual_tie_break_needs_level_4_is_recorded_and_ranks_the_standings(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 1, published=False)
    tournament.tiebreaks = ["MAN"]
    tournament.save(update_fields=["tiebreaks"])
    # After round 1 players 1 and 3 lead on one point; player 3 gets the higher manual value.
    before = [
        line.player.pairing_number for line in tournament_standings(tournament=tournament).lines
    ]

    first = arbiter_client.post(manual_url(tournament, 3), {"value": "2.25"})
    last = confirm(arbiter_client, manual_url(tournament, 3), {"value": "2.25"})

    assert dialog_level(first) == 4
    assert last.status_code == 302
    player = tournament.players.get(pairing_number=3)
    assert player.manual_tiebreak == Decimal("2.25")
    event = IntegrityEvent.objects.get(kind=IntegrityEventKind.MANUAL_TIEBREAK)
    assert (
        str(event)
        == f"### Manual tie-break @ Round 1: player 3 ({player.name}): 2.25 (previously none)"
    )
    after = tournament_standings(tournament=tournament)
    assert before[:2] == [1, 3]
    assert [line.player.pairing_number for line in after.lines][:2] == [3, 1]
    assert after.lines[0].values == (Fraction(9, 4),)
    page = html(arbiter_client.get(f"/t/{tournament.slug}/manage/player/3/"))
    assert 'name="value" value="2.25"' in page


def test_a_manual_tie_break_not_confirmed_changes_nothing(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)

    response = arbiter_client.post(manual_url(tournament, 2), {"value": "7"})

    assert dialog_level(response) == 4
    assert tournament.players.get(pairing_number=2).manual_tiebreak is None
    assert not IntegrityEvent.objects.filter(kind=IntegrityEventKind.MANUAL_TIEBREAK).exists()


@pytest.mark.parametrize("value", ["abc", "100000", "1.23456", "NaN", "1e400"])
def test_a_bad_manual_tie_break_is_refused_with_a_message(
    arbiter_client: Client, arbiter: User, value: str
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)

    response = arbiter_client.post(manual_url(tournament, 2), {"value": value}, follow=True)

    assert "A manual tie-break value is a number below 100,000" in html(response)
    assert tournament.players.get(pairing_number=2).manual_tiebreak is None
