"""A player appears at most once in a round: the services that put players on boards by hand
(`round_manual_pair`, `round_manual_bye`) refuse a second board or bye, a player against
themselves, a player of another tournament and a published round, and change nothing then.
(The engine's own pairings keep the invariant under hypothesis: tests/pairing/engine.)

The worked example before round 3 (14 players); player 13 asked for a half-point bye, so 13
players are to pair and the pairing-allocated bye is given."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.exceptions import DraftEditRefused, RoundAlreadyPublished
from pairing.services.manual import round_manual_bye, round_manual_pair, round_manual_start
from tests.factories import PlayerFactory
from tournaments.domain.warnings import Level
from tournaments.models import (
    Bye,
    ByeKind,
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Player,
    Round,
    RoundState,
)
from tournaments.services.availability import bye_request

pytestmark = pytest.mark.django_db


def player(rnd: Round, number: int) -> Player:
    return Player.objects.get(tournament=rnd.tournament, pairing_number=number)


def entries(rnd: Round) -> tuple[list[tuple[int, int]], list[int]]:
    games = rnd.games.order_by("board").values_list(
        "white__pairing_number", "black__pairing_number"
    )
    byes = rnd.byes.order_by("player__pairing_number").values_list(
        "player__pairing_number", flat=True
    )
    return list(games), list(byes)


@pytest.fixture
def draft(round3: Round, arbiter: User) -> Round:
    """Round 3 opened for pairing by hand, player 13 on a requested half-point bye."""
    bye_request(player=player(round3, 13), round_number=3, kind=ByeKind.HALF_POINT, by=arbiter)
    return round_manual_start(rnd=round3, by=arbiter)


def test_it_pairs_two_free_players_and_records_it(draft: Round, arbiter: User) -> None:
    game = round_manual_pair(rnd=draft, white=player(draft, 2), black=player(draft, 5), by=arbiter)

    assert (game.board, game.white.pairing_number, game.black.pairing_number) == (1, 2, 5)
    event = IntegrityEvent.objects.get(kind=IntegrityEventKind.MANUAL_PAIRING)
    assert "2-5" in event.details and event.user == arbiter


def test_a_player_already_on_a_board_gets_no_second_one(draft: Round, arbiter: User) -> None:
    round_manual_pair(rnd=draft, white=player(draft, 2), black=player(draft, 5), by=arbiter)
    before = entries(draft)

    with pytest.raises(DraftEditRefused, match="Elisa is already paired in round 3"):
        round_manual_pair(rnd=draft, white=player(draft, 3), black=player(draft, 5), by=arbiter)

    assert entries(draft) == before


def test_a_player_with_the_bye_gets_no_board(draft: Round, arbiter: User) -> None:
    round_manual_bye(
        rnd=draft, player=player(draft, 14), by=arbiter, confirmed=Level.DOUBLE_CONFIRM
    )
    before = entries(draft)

    with pytest.raises(DraftEditRefused, match="already paired in round 3"):
        round_manual_pair(rnd=draft, white=player(draft, 14), black=player(draft, 1), by=arbiter)

    assert entries(draft) == before


def test_a_player_on_a_board_gets_no_bye(draft: Round, arbiter: User) -> None:
    round_manual_pair(rnd=draft, white=player(draft, 2), black=player(draft, 5), by=arbiter)
    before = entries(draft)

    with pytest.raises(DraftEditRefused, match="already paired in round 3"):
        round_manual_bye(rnd=draft, player=player(draft, 5), by=arbiter)

    assert entries(draft) == before


def test_a_player_with_a_requested_bye_gets_no_board(draft: Round, arbiter: User) -> None:
    with pytest.raises(DraftEditRefused, match="not to be paired in round 3"):
        round_manual_pair(rnd=draft, white=player(draft, 13), black=player(draft, 1), by=arbiter)

    assert not Game.objects.filter(round=draft).exists()


def test_a_player_cannot_meet_themselves(draft: Round, arbiter: User) -> None:
    with pytest.raises(DraftEditRefused, match="themselves"):
        round_manual_pair(rnd=draft, white=player(draft, 2), black=player(draft, 2), by=arbiter)


def test_a_player_of_another_tournament_is_refused(draft: Round, arbiter: User) -> None:
    stranger = PlayerFactory.create()

    with pytest.raises(DraftEditRefused, match="does not play in this tournament"):
        round_manual_pair(rnd=draft, white=player(draft, 1), black=stranger, by=arbiter)
    with pytest.raises(DraftEditRefused, match="does not play in this tournament"):
        round_manual_bye(rnd=draft, player=stranger, by=arbiter)

    assert entries(draft) == ([], [13])


@pytest.mark.parametrize("state", [RoundState.PUBLISHED, RoundState.COMPLETED])
def test_a_published_round_takes_no_board_and_no_bye(
    draft: Round, arbiter: User, state: RoundState
) -> None:
    Round.objects.filter(pk=draft.pk).update(state=state)

    with pytest.raises(RoundAlreadyPublished):
        round_manual_pair(rnd=draft, white=player(draft, 1), black=player(draft, 2), by=arbiter)
    with pytest.raises(RoundAlreadyPublished):
        round_manual_bye(rnd=draft, player=player(draft, 1), by=arbiter)

    assert not Game.objects.filter(round=draft).exists()
    assert list(Bye.objects.filter(round=draft).values_list("kind", flat=True)) == [
        ByeKind.HALF_POINT
    ]
