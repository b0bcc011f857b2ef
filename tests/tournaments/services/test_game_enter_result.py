"""`game_enter_result`: compare-and-set on the stored result, round completion, audit."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection

from tests.factories import UserFactory
from tests.tournaments.conftest import Snapshot, pair_round, tournament_with_players
from tournaments.domain.warnings import Level
from tournaments.exceptions import (
    ConfirmationRequired,
    ResultConflict,
    RoundNotEditable,
    RoundNotPublished,
)
from tournaments.models import AuditEntry, Game, Result, RoundState, TournamentStatus
from tournaments.services.results import game_enter_result

pytestmark = pytest.mark.django_db


def test_it_records_the_result_and_audits_it(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    game = rnd.games.get(board=1)

    game_enter_result(game=game, result=Result.DRAW, by=arbiter, expected_previous="")

    game.refresh_from_db()
    assert game.result == Result.DRAW
    entry = AuditEntry.objects.get(entity="game", entity_id=game.pk)
    assert entry.user == arbiter
    assert "no result" in entry.old_value and "½-½" in entry.new_value


def test_it_completes_the_round_when_every_result_is_in(arbiter: User) -> None:
    tournament = tournament_with_players(4)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    first, second = rnd.games.order_by("board")

    game_enter_result(game=first, result=Result.WHITE_WINS, by=arbiter, expected_previous="")
    rnd.refresh_from_db()
    assert rnd.state == RoundState.PUBLISHED
    game_enter_result(game=second, result=Result.DOUBLE_FORFEIT, by=arbiter, expected_previous="")

    rnd.refresh_from_db()
    assert rnd.state == RoundState.COMPLETED
    assert rnd.completed_at is not None


def test_clearing_a_result_puts_the_round_back_in_play(arbiter: User) -> None:
    tournament = tournament_with_players(2)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    game = rnd.games.get()
    game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="")

    game_enter_result(
        game=game,
        result=Result.NOT_PLAYED,
        by=arbiter,
        expected_previous=Result.WHITE_WINS,
        confirmed=Level.CONFIRM,
    )

    rnd.refresh_from_db()
    assert rnd.state == RoundState.PUBLISHED


def test_it_refuses_a_result_in_an_unpublished_round(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(2)
    rnd = pair_round(tournament, 1, RoundState.PAIRED)
    before = snapshot()

    with pytest.raises(RoundNotPublished, match="not published"):
        game_enter_result(
            game=rnd.games.get(), result=Result.DRAW, by=arbiter, expected_previous=""
        )

    assert snapshot() == before


def test_of_two_arbiters_on_one_board_the_second_is_told_and_nothing_is_lost(
    arbiter: User,
) -> None:
    other = UserFactory.create(username="deputy")
    tournament = tournament_with_players(2)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()
    game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="")

    with pytest.raises(ResultConflict, match="changed meanwhile to 1-0") as refused:
        game_enter_result(game=game, result=Result.BLACK_WINS, by=other, expected_previous="")

    assert refused.value.current == Result.WHITE_WINS
    assert Game.objects.get(pk=game.pk).result == Result.WHITE_WINS
    assert AuditEntry.objects.filter(entity="game").count() == 1


@pytest.mark.django_db(transaction=True)
def test_two_concurrent_entries_for_one_board_store_exactly_one(
    postgresql_required: None,
) -> None:
    tournament = tournament_with_players(2)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()
    users = [UserFactory.create(username=f"a{index}") for index in range(2)]
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def enter(user: User, result: Result) -> None:
        try:
            barrier.wait()
            game_enter_result(game=game, result=result, by=user, expected_previous="")
            outcomes.append("stored")
        except ResultConflict:
            outcomes.append("refused")
        finally:
            connection.close()

    threads = [
        threading.Thread(target=enter, args=(users[0], Result.WHITE_WINS)),
        threading.Thread(target=enter, args=(users[1], Result.BLACK_WINS)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert sorted(outcomes) == ["refused", "stored"]
    assert Game.objects.get(pk=game.pk).result in {Result.WHITE_WINS, Result.BLACK_WINS}
    assert AuditEntry.objects.filter(entity="game").count() == 1


def test_a_correction_after_the_next_round_was_paired_is_audited(arbiter: User) -> None:
    tournament = tournament_with_players(2)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()
    game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="")
    pair_round(tournament, 2, RoundState.PUBLISHED)

    with pytest.raises(ConfirmationRequired):
        game_enter_result(
            game=game, result=Result.DRAW, by=arbiter, expected_previous=Result.WHITE_WINS
        )
    game_enter_result(
        game=game,
        result=Result.DRAW,
        by=arbiter,
        expected_previous=Result.WHITE_WINS,
        confirmed=Level.CONFIRM,
    )

    entry = AuditEntry.objects.filter(entity="game").first()
    assert entry is not None
    assert "after round 2 was paired" in entry.note
    assert Game.objects.get(pk=game.pk).result == Result.DRAW


def test_it_refuses_to_clear_a_result_once_the_next_round_is_paired(arbiter: User) -> None:
    tournament = tournament_with_players(2)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()
    game_enter_result(game=game, result=Result.WHITE_WINS, by=arbiter, expected_previous="")
    pair_round(tournament, 2, RoundState.PAIRED)

    with pytest.raises(RoundNotEditable, match="cannot be cleared|but not cleared"):
        game_enter_result(
            game=game, result=Result.NOT_PLAYED, by=arbiter, expected_previous=Result.WHITE_WINS
        )

    assert Game.objects.get(pk=game.pk).result == Result.WHITE_WINS


def test_completing_the_last_round_finishes_the_tournament(arbiter: User) -> None:
    tournament = tournament_with_players(2, rounds=1)
    game = pair_round(tournament, 1, RoundState.PUBLISHED).games.get()

    game_enter_result(game=game, result=Result.DRAW, by=arbiter, expected_previous="")
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    game_enter_result(
        game=game,
        result=Result.NOT_PLAYED,
        by=arbiter,
        expected_previous="1/2-1/2",
        confirmed=Level.CONFIRM,
    )

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.IN_PROGRESS
