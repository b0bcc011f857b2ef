"""A round robin's standings: its default tie-breaks (no Buchholz) and the 50 % rule of a
withdrawal (C.06 V.4; VCL Q103), read from the database."""

from __future__ import annotations

from fractions import Fraction

import pytest
from django.contrib.auth.models import User

from pairing import tasks
from standings.selectors import tournament_standings
from tests.factories import UserFactory
from tests.roundrobin import pair_and_publish, play, round_robin
from tournaments.models import Tournament
from tournaments.services.availability import player_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter(monkeypatch: pytest.MonkeyPatch) -> User:
    monkeypatch.setattr(tasks.pair_round_task, "delay", lambda run_id: None)
    return UserFactory.create(username="chief")


def withdraw_after(tournament: Tournament, arbiter: User, rounds: int) -> None:
    """Play `rounds` rounds (White wins), then withdraw player 1 and play the rest."""
    for number in range(1, rounds + 1):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter)
    player_withdraw(
        player=tournament.players.get(pairing_number=1), from_round=rounds + 1, by=arbiter
    )
    for number in range(rounds + 1, tournament.rounds + 1):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter)


def test_a_round_robin_ranks_by_its_own_list(arbiter: User) -> None:
    tournament = round_robin(arbiter, 4, drawn=True)
    pair_and_publish(tournament, 1, arbiter)
    play(tournament, 1, arbiter)

    standings = tournament_standings(tournament=tournament)

    assert [column.text for column in standings.columns] == ["DE", "WIN", "SB", "KS"]


def test_less_than_half_played_leaves_the_player_s_results_out(arbiter: User) -> None:
    tournament = round_robin(arbiter, 6, drawn=True)
    withdraw_after(tournament, arbiter, 2)  # 2 of 5 games played

    standings = tournament_standings(tournament=tournament)

    assert [player.pairing_number for player in standings.cancelled] == [1]
    assert 1 not in {line.player.pairing_number for line in standings.lines}
    assert standings.recorded is not None
    # Every other player's points count only the games among the five who stayed: 10 games.
    assert sum(line.points for line in standings.lines) == 10
    assert sorted(line.rank for line in standings.lines)[0] == 1


def test_half_or_more_played_keeps_the_results_and_forfeits(arbiter: User) -> None:
    tournament = round_robin(arbiter, 6, drawn=True)
    withdraw_after(tournament, arbiter, 3)  # 3 of 5 games played

    standings = tournament_standings(tournament=tournament)

    assert standings.cancelled == ()
    assert standings.recorded is None
    assert len(standings.lines) == 6
    assert sum(line.points for line in standings.lines) == Fraction(15)
