"""`player_withdraw` and `player_reinstate`: status changes, each audited."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.warnings import Level
from tournaments.exceptions import PlayerStatusError
from tournaments.models import AuditEntry, Bye, ByeKind, PlayerStatus, RoundState
from tournaments.selectors.state import tournament_state_from_db
from tournaments.services.availability import bye_request, player_reinstate, player_withdraw

pytestmark = pytest.mark.django_db


def test_a_withdrawn_player_is_not_paired_from_that_round_on(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    player = tournament.players.get(pairing_number=3)
    bye_request(player=player, round_number=3, kind=ByeKind.HALF_POINT, by=arbiter)

    player = player_withdraw(player=player, from_round=2, by=arbiter)

    assert (player.status, player.withdrawn_from_round) == (PlayerStatus.WITHDRAWN, 2)
    assert not Bye.objects.filter(player=player).exists()
    entry = AuditEntry.objects.filter(entity="player", entity_id=player.pk).first()
    assert entry is not None and entry.new_value == "withdrawn from round 2"
    tournament.round_set.get(number=1).games.update(result="1-0")
    tournament.round_set.filter(number=1).update(state=RoundState.COMPLETED)
    assert 3 in tournament_state_from_db(tournament, 2).not_paired


def test_it_refuses_a_withdrawal_from_a_round_already_paired(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    with pytest.raises(PlayerStatusError, match="not yet paired: 2 to 5"):
        player_withdraw(player=tournament.players.get(pairing_number=1), from_round=1, by=arbiter)


def test_it_refuses_to_withdraw_twice(arbiter: User) -> None:
    tournament = tournament_with_players(2)
    player = player_withdraw(
        player=tournament.players.get(pairing_number=1), from_round=2, by=arbiter
    )

    with pytest.raises(PlayerStatusError, match="already withdrawn"):
        player_withdraw(player=player, from_round=3, by=arbiter)


def test_a_reinstated_player_is_active_again_and_it_is_audited(arbiter: User) -> None:
    tournament = tournament_with_players(2)
    player = player_withdraw(
        player=tournament.players.get(pairing_number=1), from_round=2, by=arbiter
    )

    player = player_reinstate(player=player, by=arbiter, confirmed=Level.NOTICE)

    assert (player.status, player.withdrawn_from_round) == (PlayerStatus.ACTIVE, None)
    entry = AuditEntry.objects.filter(entity="player", entity_id=player.pk).first()
    assert entry is not None
    assert (entry.old_value, entry.new_value) == (
        "withdrawn from round 2",
        "reinstated from round 1",
    )


def test_it_refuses_to_reinstate_an_active_player(arbiter: User) -> None:
    tournament = tournament_with_players(2)

    with pytest.raises(PlayerStatusError, match="has not withdrawn"):
        player_reinstate(player=tournament.players.get(pairing_number=1), by=arbiter)
