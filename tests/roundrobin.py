"""Round robins for the tests: created, registered, drawn, paired and played through the
services, as an arbiter would (issue 19, C.05 Annex 1)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib.auth.models import User

from pairing.services.roundrobin import tournament_draw_numbers
from pairing.services.rounds import round_publish, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tournaments.models import Game, Result, Tournament, TournamentFormat
from tournaments.services.players import PlayerData, player_register
from tournaments.services.results import game_enter_result
from tournaments.services.tournaments import TournamentSettings, tournament_create


def round_robin(
    arbiter: User,
    players: int,
    fmt: TournamentFormat = TournamentFormat.ROUND_ROBIN,
    *,
    swap: bool = True,
    drawn: bool = False,
) -> Tournament:
    """A round robin of `players` players rated 2000, 2010, ...; numbers drawn if `drawn`."""
    tournament = tournament_create(
        settings=TournamentSettings(name="Closed", format=fmt, swap_last_two_rounds=swap),
        by=arbiter,
    )
    for index in range(players):
        player_register(
            tournament=tournament,
            data=PlayerData(name=f"Player{index:02d}, Test", rating=2000 + 10 * index),
            by=arbiter,
        )
    if drawn:
        tournament_draw_numbers(tournament=tournament, by=arbiter)
        tournament.refresh_from_db()
    return tournament


def pair_and_publish(tournament: Tournament, number: int, arbiter: User) -> list[tuple[int, int]]:
    """Pair round `number` by the pairing run (the worker's service, called here) and publish
    it; its boards as (white, black) pairing numbers."""
    rnd = tournament.round_set.get(number=number)
    run = round_request_pairing(rnd=rnd, by=arbiter)
    pairing_run_execute(run_id=run.pk)
    run.refresh_from_db()
    assert run.status == "done", run.error
    round_publish(rnd=rnd, by=arbiter)
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def white_wins(game: Game) -> Result:
    return Result.WHITE_WINS


def play(
    tournament: Tournament,
    number: int,
    arbiter: User,
    result: Callable[[Game], Result] = white_wins,
) -> None:
    """Enter a result on every board of round `number` still without one."""
    rnd = tournament.round_set.get(number=number)
    for game in rnd.games.filter(result=Result.NOT_PLAYED).select_related("white", "black"):
        game_enter_result(
            game=game, result=result(game), by=arbiter, expected_previous=Result.NOT_PLAYED
        )
