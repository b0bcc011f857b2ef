"""`game_create` and `bye_create`: a player appears at most once in a round."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.factories import ByeFactory, GameFactory, PlayerFactory, RoundFactory, UserFactory
from tests.tournaments.conftest import Snapshot
from tournaments.exceptions import PlayerAlreadyInRound, PlayerNotInTournament, RoundNotEditable
from tournaments.models import AuditEntry, ByeKind, Game, RoundState
from tournaments.services.results import bye_create, game_create

pytestmark = pytest.mark.django_db


def test_it_pairs_two_players_and_records_it() -> None:
    rnd = RoundFactory.create()
    white = PlayerFactory.create(tournament=rnd.tournament)
    black = PlayerFactory.create(tournament=rnd.tournament)
    arbiter = UserFactory.create()

    game = game_create(rnd=rnd, board=1, white=white, black=black, by=arbiter)

    assert Game.objects.get() == game
    entry = AuditEntry.objects.get()
    assert (entry.entity, entry.entity_id, entry.user) == ("game", game.pk, arbiter)


def test_it_refuses_the_white_player_of_one_game_as_black_of_another(
    snapshot: Callable[[], Snapshot],
) -> None:
    game = GameFactory.create()
    other = PlayerFactory.create(tournament=game.round.tournament)
    before = snapshot()

    with pytest.raises(PlayerAlreadyInRound, match="already has a game or a bye in round 1"):
        game_create(rnd=game.round, board=2, white=other, black=game.white)

    assert snapshot() == before


def test_it_refuses_a_game_for_a_player_with_a_bye(snapshot: Callable[[], Snapshot]) -> None:
    bye = ByeFactory.create()
    other = PlayerFactory.create(tournament=bye.round.tournament)
    before = snapshot()

    with pytest.raises(PlayerAlreadyInRound):
        game_create(rnd=bye.round, board=1, white=bye.player, black=other)

    assert snapshot() == before


def test_it_refuses_a_bye_for_a_player_with_a_game(snapshot: Callable[[], Snapshot]) -> None:
    game = GameFactory.create()
    before = snapshot()

    with pytest.raises(PlayerAlreadyInRound):
        bye_create(rnd=game.round, player=game.black, kind=ByeKind.HALF_POINT)

    assert snapshot() == before


def test_it_refuses_a_player_against_themselves() -> None:
    rnd = RoundFactory.create()
    player = PlayerFactory.create(tournament=rnd.tournament)

    with pytest.raises(PlayerAlreadyInRound, match="against themselves"):
        game_create(rnd=rnd, board=1, white=player, black=player)


def test_it_refuses_a_player_of_another_tournament() -> None:
    rnd = RoundFactory.create()
    local = PlayerFactory.create(tournament=rnd.tournament)
    stranger = PlayerFactory.create()

    with pytest.raises(PlayerNotInTournament):
        game_create(rnd=rnd, board=1, white=local, black=stranger)
    with pytest.raises(PlayerNotInTournament):
        bye_create(rnd=rnd, player=stranger, kind=ByeKind.ZERO_POINT)


@pytest.mark.parametrize("state", [RoundState.PUBLISHED, RoundState.COMPLETED])
def test_it_refuses_to_change_a_published_pairing(state: RoundState) -> None:
    rnd = RoundFactory.create(state=state)
    white = PlayerFactory.create(tournament=rnd.tournament)
    black = PlayerFactory.create(tournament=rnd.tournament)

    with pytest.raises(RoundNotEditable):
        game_create(rnd=rnd, board=1, white=white, black=black)
    with pytest.raises(RoundNotEditable):
        bye_create(rnd=rnd, player=white, kind=ByeKind.HALF_POINT)


def test_it_gives_a_requested_bye() -> None:
    rnd = RoundFactory.create(number=3)
    player = PlayerFactory.create(tournament=rnd.tournament)

    bye = bye_create(rnd=rnd, player=player, kind=ByeKind.HALF_POINT)

    assert (bye.round, bye.player, bye.kind) == (rnd, player, ByeKind.HALF_POINT)
    assert AuditEntry.objects.get().entity == "bye"
