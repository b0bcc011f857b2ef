"""Expelled players (issue 15; checklist Q197-Q198): flagged when withdrawn, left out of the
standings with the places below them moving up; their games still count for their opponents;
reinstating clears the flag."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from standings.selectors import tournament_standings
from tests.standings.selectors.builders import import_worked_example
from tournaments.domain.warnings import Level
from tournaments.models import Tournament
from tournaments.services.availability import player_reinstate, player_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def worked_example() -> Tournament:
    return import_worked_example()


def _places(tournament: Tournament) -> list[tuple[int, int]]:
    standings = tournament_standings(tournament=tournament)
    return [(line.rank, line.player.pairing_number) for line in standings.lines]


def test_an_expelled_player_is_left_out_and_the_places_below_move_up(
    worked_example: Tournament, arbiter: User
) -> None:
    before = _places(worked_example)
    points_before = {
        line.player.pairing_number: line.values
        for line in tournament_standings(tournament=worked_example).lines
    }
    second_rank, second = before[1]
    assert second_rank == 2
    player = worked_example.players.get(pairing_number=second)
    # The worked example is complete: the withdrawal applies to no round left (7 > 6 rounds);
    # set it as the arbiter would have after the event.
    worked_example.rounds = 7
    worked_example.save(update_fields=["rounds"])
    worked_example.round_set.create(number=7)
    player_withdraw(player=player, from_round=7, by=arbiter, expelled=True)

    after = _places(worked_example)
    values_after = {
        line.player.pairing_number: line.values
        for line in tournament_standings(tournament=worked_example).lines
    }

    expected = [
        (rank - (rank > second_rank), number) for rank, number in before if number != second
    ]
    assert after == expected
    # The expelled player's games still count for the others' tie-breaks.
    assert all(values_after[number] == points_before[number] for number in values_after)

    player_reinstate(
        player=worked_example.players.get(pk=player.pk), by=arbiter, confirmed=Level.NOTICE
    )
    assert _places(worked_example) == before


def test_the_withdrawal_form_expels_through_http(
    arbiter_client: Client, worked_example: Tournament, arbiter: User
) -> None:
    worked_example.rounds = 7
    worked_example.save(update_fields=["rounds"])
    worked_example.round_set.create(number=7)
    worked_example.roles.create(user=arbiter, role="chief")

    response = arbiter_client.post(
        f"/t/{worked_example.slug}/manage/player/3/withdraw/",
        {"from_round": "7", "expelled": "on"},
        follow=True,
    )

    assert "is expelled: left out of the standings" in response.content.decode()
    assert worked_example.players.get(pairing_number=3).expelled
    standings = arbiter_client.get(f"/t/{worked_example.slug}/standings/").content.decode()
    assert f"/t/{worked_example.slug}/player/3/" not in standings
    players = arbiter_client.get(f"/t/{worked_example.slug}/manage/players/").content.decode()
    assert "expelled from round 7" in players  # the list said "withdrawn from rd 7"
