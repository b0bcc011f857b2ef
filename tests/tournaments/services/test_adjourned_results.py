"""Adjourned games in `game_enter_result` (issue 15; checklist Q157, Q161-Q163, Q169): recorded
like a result, completed at any time, a non-draw ending confirmed at Level 3 and recorded as a
`### Adjournment` event; the tournament is not finished while one is open."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import TournamentRoleFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.state import Outcome
from tournaments.domain.trf import parse_trf
from tournaments.domain.warnings import Level
from tournaments.exceptions import ActionRefused, ConfirmationRequired
from tournaments.models import (
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Result,
    RoundState,
    Tournament,
    TournamentStatus,
)
from tournaments.services.results import game_enter_result

pytestmark = pytest.mark.django_db


def _one_round(arbiter: User, rounds: int = 1) -> tuple[Tournament, Game]:
    tournament = tournament_with_players(2, rounds=rounds)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    game = rnd.games.get()
    game_enter_result(
        game=game,
        result=Result.ADJOURNED,
        by=arbiter,
        expected_previous="",
        confirmed=Level.NOTICE,  # the last round: a Level-2 notice (Q161, Q169)
    )
    game.refresh_from_db()
    return tournament, game


def test_adjourning_a_game_of_the_last_round_is_a_level_2_notice(arbiter: User) -> None:
    tournament = tournament_with_players(2, rounds=1)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()

    with pytest.raises(ConfirmationRequired) as asked:
        game_enter_result(game=game, result=Result.ADJOURNED, by=arbiter, expected_previous="")

    assert asked.value.warning.level is Level.NOTICE
    assert "provisional, not final" in asked.value.warning.consequences[0]
    game.refresh_from_db()
    assert game.result == Result.NOT_PLAYED


def test_an_adjourned_game_completes_its_round_but_not_the_tournament(arbiter: User) -> None:
    tournament, game = _one_round(arbiter)

    tournament.refresh_from_db()
    assert game.result == Result.ADJOURNED
    assert game.round.state == RoundState.COMPLETED
    assert tournament.status == TournamentStatus.IN_PROGRESS


def test_ending_it_drawn_needs_no_confirmation_and_finishes_the_tournament(arbiter: User) -> None:
    tournament, game = _one_round(arbiter)

    game_enter_result(game=game, result=Result.DRAW, by=arbiter, expected_previous="adj")

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert not IntegrityEvent.objects.filter(kind=IntegrityEventKind.ADJOURNMENT).exists()


def test_ending_it_otherwise_is_confirmed_and_recorded(arbiter: User) -> None:
    tournament, game = _one_round(arbiter)

    with pytest.raises(ConfirmationRequired) as asked:
        game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="adj")
    game_enter_result(
        game=game,
        result=Result.WHITE_WINS,
        by=arbiter,
        expected_previous="adj",
        confirmed=Level.CONFIRM,
    )

    assert asked.value.warning.level is Level.CONFIRM
    assert "counted as a draw" in asked.value.warning.consequences[0]
    event = IntegrityEvent.objects.get(kind=IntegrityEventKind.ADJOURNMENT)
    assert (event.round_number, event.details) == (1, "board 1 (1 - 2): adjourned game ended 1-0")
    game.refresh_from_db()
    assert game.result == Result.WHITE_WINS


def test_it_can_be_ended_after_the_rounds_that_lock_corrections(arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=4)
    assert tournament.fide_mode
    first = pair_round(tournament, 1, RoundState.PUBLISHED)
    adjourned, played = first.games.order_by("board")
    game_enter_result(game=adjourned, result=Result.ADJOURNED, by=arbiter, expected_previous="")
    game_enter_result(game=played, result=Result.WHITE_WINS, by=arbiter, expected_previous="")
    for number in (2, 3, 4):
        pair_round(tournament, number, RoundState.COMPLETED).games.update(result="1-0")

    # Round 1 is older than the two rounds FIDE mode lets correct (Q191): a correction of
    # its played game is refused, the adjourned game is still ended (Q162).
    with pytest.raises(ActionRefused):
        game_enter_result(game=played, result=Result.DRAW, by=arbiter, expected_previous="1-0")
    game_enter_result(
        game=adjourned,
        result=Result.BLACK_WINS,
        by=arbiter,
        expected_previous="adj",
        confirmed=Level.CONFIRM,
    )

    adjourned.refresh_from_db()
    assert adjourned.result == Result.BLACK_WINS
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_the_trf16_report_waits_for_it_and_trf26_marks_it(
    arbiter: User, arbiter_client: Client
) -> None:
    tournament, game = _one_round(arbiter)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    export = f"/t/{tournament.slug}/export.trf"

    trf16 = arbiter_client.get(export)
    report26 = arbiter_client.get(export + "?format=trf26")
    exchange26 = arbiter_client.get(export + "?format=trf26&mode=exchange")

    # Q169: no report while the game is open; Q164: the exchange file (ITDX) marks it `?`.
    assert trf16.status_code == 409 and "round 1 board 1" in trf16.content.decode()
    assert report26.status_code == 409 and "the report waits" in report26.content.decode()
    doc = parse_trf(exchange26.content.decode())
    assert [player.rounds[0].outcome for player in doc.players] == [Outcome.ADJOURNED] * 2
    game_enter_result(game=game, result=Result.DRAW, by=arbiter, expected_previous="adj")
    assert arbiter_client.get(export).status_code == 200
    assert arbiter_client.get(export + "?format=trf26").status_code == 200


def test_the_public_pages_show_it_as_adjourned(arbiter: User, client: Client) -> None:
    tournament = tournament_with_players(4, rounds=2)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    adjourned, played = rnd.games.order_by("board")
    game_enter_result(game=adjourned, result=Result.ADJOURNED, by=arbiter, expected_previous="")
    game_enter_result(game=played, result=Result.WHITE_WINS, by=arbiter, expected_previous="")
    slug = tournament.slug

    pages = [
        f"/t/{slug}/round/1/",
        f"/t/{slug}/player/1/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/crosstable/",
        f"/t/{slug}/standings.csv",
    ]
    responses = {page: client.get(page) for page in pages}

    assert {page: response.status_code for page, response in responses.items()} == dict.fromkeys(
        pages, 200
    )
    assert "Adjourned" in responses[f"/t/{slug}/round/1/"].content.decode()
