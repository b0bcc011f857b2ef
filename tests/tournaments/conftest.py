"""Fixtures for the tournament app's tests: reference files and a database snapshot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import (
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    TournamentRoleFactory,
    UserFactory,
)
from tournaments.models import (
    AuditEntry,
    Bye,
    ForbiddenPair,
    Game,
    Player,
    Round,
    RoundState,
    Tournament,
)

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference"
WORKED_EXAMPLE = REFERENCE / "worked-example" / "tournament.trf"

Snapshot = dict[str, list[tuple[object, ...]]]


@pytest.fixture
def worked_example_text() -> str:
    return WORKED_EXAMPLE.read_text(encoding="utf-8")


def database_rows() -> Snapshot:
    """Every row of the tournament tables, to check that a refusal changed nothing."""
    return {
        model.__name__: sorted(model.objects.values_list(), key=repr)
        for model in (Tournament, Player, Round, Game, Bye, ForbiddenPair, AuditEntry)
    }


@pytest.fixture
def snapshot() -> Callable[[], Snapshot]:
    return database_rows


@pytest.fixture
def arbiter() -> User:
    return UserFactory.create(username="arbiter")


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def tournament_with_players(
    count: int, *, rounds: int = 5, arbiter: User | None = None
) -> Tournament:
    """A tournament with its rounds (not paired) and `count` players numbered 1..count."""
    tournament = TournamentFactory.create(rounds=rounds)
    for number in range(1, rounds + 1):
        RoundFactory.create(tournament=tournament, number=number)
    for number in range(1, count + 1):
        PlayerFactory.create(
            tournament=tournament, pairing_number=number, fide_rating=2500 - 10 * number
        )
    if arbiter is not None:
        TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    return tournament


def pair_round(tournament: Tournament, number: int, state: RoundState) -> Round:
    """Pair round `number` as 1-2, 3-4, ... (board order) and put it in `state`."""
    rnd = tournament.round_set.get(number=number)
    players = list(tournament.players.order_by("pairing_number"))
    for board, index in enumerate(range(0, len(players) - 1, 2), start=1):
        Game.objects.create(round=rnd, board=board, white=players[index], black=players[index + 1])
    rnd.state = state
    rnd.save()
    return rnd
