"""`players_import_trf`: the players of a TRF file join an existing tournament."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tournaments.exceptions import PlayerImportError, TrfImportError
from tournaments.services.players import players_import_trf

pytestmark = pytest.mark.django_db


def test_it_registers_the_players_of_the_worked_example(
    arbiter: User, worked_example_text: str
) -> None:
    tournament = tournament_with_players(0, rounds=5)

    count = players_import_trf(tournament=tournament, text=worked_example_text, by=arbiter)

    assert count == 14 == tournament.players.count()
    assert tournament.players.filter(title="GM").exists()


def test_players_already_registered_refuse_the_whole_file(
    arbiter: User, worked_example_text: str, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(0, rounds=5)
    players_import_trf(tournament=tournament, text=worked_example_text, by=arbiter)
    before = snapshot()

    with pytest.raises(PlayerImportError) as refused:
        players_import_trf(tournament=tournament, text=worked_example_text, by=arbiter)

    assert len(refused.value.errors) == 14
    assert snapshot() == before


def test_a_malformed_file_is_refused(arbiter: User) -> None:
    tournament = tournament_with_players(0)

    with pytest.raises(TrfImportError):
        players_import_trf(tournament=tournament, text="012 Nothing here\n", by=arbiter)
