"""`forbidden_pair_create` / `forbidden_pair_delete`: before round 1 is paired."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.exceptions import ForbiddenPairRefused
from tournaments.models import RoundState
from tournaments.selectors.state import forbidden_pairs
from tournaments.services.availability import forbidden_pair_create, forbidden_pair_delete

pytestmark = pytest.mark.django_db


def test_it_keeps_two_players_apart(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    first, second = tournament.players.filter(pairing_number__in=[4, 2])

    forbidden_pair_create(tournament=tournament, first=second, second=first, by=arbiter)

    assert [set(group.players) for group in forbidden_pairs(tournament)] == [{2, 4}]


def test_it_refuses_the_same_pair_twice_and_one_player_with_themselves(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    first, second = tournament.players.filter(pairing_number__in=[1, 2])
    forbidden_pair_create(tournament=tournament, first=first, second=second, by=arbiter)

    with pytest.raises(ForbiddenPairRefused, match="already kept apart"):
        forbidden_pair_create(tournament=tournament, first=second, second=first, by=arbiter)
    with pytest.raises(ForbiddenPairRefused, match="two different players"):
        forbidden_pair_create(tournament=tournament, first=first, second=first, by=arbiter)


def test_it_refuses_changes_once_round_1_is_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    first, second, third = tournament.players.filter(pairing_number__in=[1, 2, 3])
    pair = forbidden_pair_create(tournament=tournament, first=first, second=second, by=arbiter)
    pair_round(tournament, 1, RoundState.PAIRED)

    with pytest.raises(ForbiddenPairRefused, match="Round 1 is paired"):
        forbidden_pair_create(tournament=tournament, first=first, second=third, by=arbiter)
    with pytest.raises(ForbiddenPairRefused, match="Round 1 is paired"):
        forbidden_pair_delete(pair=pair, by=arbiter)
