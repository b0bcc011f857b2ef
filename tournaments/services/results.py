"""Games, byes and results: create them (the TRF import and tests), enter and correct results.

Each is one transactional, keyword-only function that first locks the tournament row.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tournaments.exceptions import (
    PlayerAlreadyInRound,
    PlayerNotInTournament,
    ResultConflict,
    RoundNotEditable,
    RoundNotPublished,
)
from tournaments.models import (
    Bye,
    ByeKind,
    Game,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
    TournamentStatus,
)
from tournaments.services.base import audit, lock_tournament


def _check_round_open(rnd: Round) -> None:
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundNotEditable(
            f"Round {rnd.number} is {rnd.get_state_display().lower()}: its pairing cannot change."
        )


def _check_players_free(rnd: Round, players: list[Player]) -> None:
    """Each player belongs to the round's tournament and has no game or bye in it yet."""
    for player in players:
        if player.tournament_id != rnd.tournament_id:
            raise PlayerNotInTournament(f"{player.name} does not play in this tournament.")
    ids = [player.pk for player in players]
    if len(set(ids)) != len(ids):
        raise PlayerAlreadyInRound("A player cannot play against themselves.")
    taken = (
        set(rnd.games.filter(white__in=ids).values_list("white_id", flat=True))
        | set(rnd.games.filter(black__in=ids).values_list("black_id", flat=True))
        | set(rnd.byes.filter(player__in=ids).values_list("player_id", flat=True))
    )
    for player in players:
        if player.pk in taken:
            raise PlayerAlreadyInRound(
                f"{player.name} already has a game or a bye in round {rnd.number}."
            )


@transaction.atomic
def game_create(
    *,
    rnd: Round,
    board: int,
    white: Player,
    black: Player,
    result: Result = Result.NOT_PLAYED,
    by: User | None = None,
) -> Game:
    """Pair `white` against `black` on `board` of a round that is not yet published.

    Refused when either player already has a game or a bye in the round (a player appears at
    most once in a round), or belongs to another tournament.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    _check_round_open(rnd)
    _check_players_free(rnd, [white, black])
    game = Game.objects.create(round=rnd, board=board, white=white, black=black, result=result)
    audit(
        tournament=tournament,
        by=by,
        entity="game",
        entity_id=game.pk,
        new=f"round {rnd.number} board {board}: {white.pairing_number} - {black.pairing_number}",
    )
    return game


@transaction.atomic
def bye_create(*, rnd: Round, player: Player, kind: ByeKind, by: User | None = None) -> Bye:
    """Give `player` a bye of `kind` in a round that is not yet published.

    Refused when the player already has a game or a bye in the round, or belongs to another
    tournament.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    _check_round_open(rnd)
    _check_players_free(rnd, [player])
    bye = Bye.objects.create(round=rnd, player=player, kind=kind)
    audit(
        tournament=tournament,
        by=by,
        entity="bye",
        entity_id=bye.pk,
        new=f"round {rnd.number}: {player.pairing_number} {ByeKind(kind).label}",
    )
    return bye


def _result_label(value: str) -> str:
    return Result(value).label if value else "no result"


@transaction.atomic
def game_enter_result(
    *, game: Game, result: Result, by: User, expected_previous: Result | str
) -> Game:
    """Record `result` on a board of a published round, if its stored result is still
    `expected_previous` (compare-and-set: of two arbiters on one board, the second is told
    with `ResultConflict` and nothing is lost).

    Every change is audited; a change of a result already entered is a correction. The round
    becomes completed when every board has a result and goes back to published when one is
    cleared, which is refused once the next round is paired. A correction after the next
    round was paired stands for the standings and the following pairings (C.04.2 D.8): the
    published pairing is not changed.
    """
    tournament = lock_tournament(game.round.tournament_id)
    game = Game.objects.select_related("round").select_for_update(of=("self",)).get(pk=game.pk)
    rnd = game.round
    if rnd.state not in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundNotPublished(
            f"Round {rnd.number} is not published: results are entered after publication."
        )
    if game.result != expected_previous:
        raise ResultConflict(
            f"Board {game.board} was changed meanwhile to {_result_label(game.result)}: "
            "check it and enter your result again.",
            current=game.result,
        )
    if game.result == result:
        return game
    next_paired = tournament.round_set.filter(
        number=rnd.number + 1,
        state__in=[RoundState.PAIRED, RoundState.PUBLISHED, RoundState.COMPLETED],
    ).exists()
    if result == Result.NOT_PLAYED and next_paired:
        raise RoundNotEditable(
            f"Round {rnd.number + 1} is paired: a result of round {rnd.number} can be corrected "
            "but not cleared."
        )
    old = game.result
    game.result = result
    game.save(update_fields=["result", "updated"])
    note = ""
    if old:
        note = "correction"
        if next_paired:
            note = (
                f"correction after round {rnd.number + 1} was paired: "
                "it counts from the following pairing (C.04.2 D.8)"
            )
    audit(
        tournament=tournament,
        by=by,
        entity="game",
        entity_id=game.pk,
        old=f"round {rnd.number} board {game.board}: {_result_label(old)}",
        new=f"round {rnd.number} board {game.board}: {_result_label(result)}",
        note=note,
    )
    _update_round_state(tournament, rnd)
    return game


def _update_round_state(tournament: Tournament, rnd: Round) -> None:
    """Complete the round when every board has a result, publish it again when one is
    cleared; the tournament is finished when its last round is completed."""
    complete = not rnd.games.filter(result=Result.NOT_PLAYED).exists()
    if complete and rnd.state == RoundState.PUBLISHED:
        rnd.state, rnd.completed_at = RoundState.COMPLETED, timezone.now()
    elif not complete and rnd.state == RoundState.COMPLETED:
        rnd.state, rnd.completed_at = RoundState.PUBLISHED, None
    else:
        return
    rnd.save(update_fields=["state", "completed_at", "updated"])
    last = rnd.number == tournament.rounds and rnd.state == RoundState.COMPLETED
    status = TournamentStatus.FINISHED if last else TournamentStatus.IN_PROGRESS
    if tournament.status != status:
        tournament.status = status
        tournament.save(update_fields=["status", "updated"])
