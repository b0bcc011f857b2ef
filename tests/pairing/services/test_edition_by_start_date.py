"""Issue 6: a tournament pairs by the Dutch edition in force on its start date (C.04.3 2017 until
31 January 2026, the 2025 edition from 1 February 2026), recorded in the run and its TRF input."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User

from pairing.models import RunStatus
from pairing.services.rounds import round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.factories import UserFactory
from tournaments.models import PairingSystem, RoundState, Tournament
from tournaments.services.players import PlayerData, player_register
from tournaments.services.tournaments import TournamentSettings, tournament_create


def _tournament_with_players(start: datetime.date, by: User) -> Tournament:
    settings = TournamentSettings(name=f"Open {start.isoformat()}", start_date=start, rounds=5)
    tournament = tournament_create(settings=settings, by=by)
    for number in range(1, 8):
        data = PlayerData(name=f"Player, {number:02d}", rating=2400 - 10 * number)
        player_register(tournament=tournament, data=data, by=by)
    return tournament


@pytest.mark.parametrize(
    ("start", "edition", "code"),
    [
        (datetime.date(2026, 3, 1), PairingSystem.FIDE_DUTCH_2025, "192 FIDE_DUTCH_2025"),
        (datetime.date(2025, 9, 1), PairingSystem.FIDE_DUTCH, "192 FIDE_DUTCH"),
    ],
)
def test_it_pairs_by_the_edition_in_force_on_the_start_date(
    db: None,
    start: datetime.date,
    edition: PairingSystem,
    code: str,
) -> None:
    arbiter = UserFactory.create()
    tournament = _tournament_with_players(start, arbiter)
    assert tournament.pairing_system == edition

    rnd = tournament.round_set.get(number=1)
    run = round_request_pairing(rnd=rnd, by=arbiter)
    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    rnd.refresh_from_db()
    assert run.status == RunStatus.DONE, run.error
    assert run.edition == edition
    assert code in run.input_trf.splitlines()
    assert rnd.state == RoundState.PAIRED
    assert rnd.games.count() == 3
    assert rnd.byes.count() == 1
