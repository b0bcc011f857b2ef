"""Tournament use cases: one transactional, keyword-only function each.

Every service that changes a tournament first locks its row (`select_for_update`), so there is
one writer per tournament; refusals raise the errors of `tournaments.exceptions`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from tournaments.exceptions import (
    PlayerAlreadyInRound,
    PlayerNotInTournament,
    RoundNotEditable,
    TrfImportError,
)
from tournaments.models import (
    AuditEntry,
    Bye,
    ByeKind,
    Game,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
    WorkerHeartbeat,
)
from tournaments.trf_import import import_document, parse_or_refuse

__all__ = [
    "bye_create",
    "game_create",
    "tournament_import_trf",
    "worker_heartbeat_record",
]


def lock_tournament(tournament_id: int) -> Tournament:
    """The tournament row, locked until the end of the transaction (one writer at a time)."""
    return Tournament.objects.select_for_update().get(pk=tournament_id)


def audit(
    *,
    tournament: Tournament,
    by: User | None,
    entity: str,
    entity_id: int | None,
    old: str = "",
    new: str = "",
    note: str = "",
) -> AuditEntry:
    """Record one change in the tournament's audit trail."""
    return AuditEntry.objects.create(
        tournament=tournament,
        user=by,
        entity=entity,
        entity_id=entity_id,
        old_value=old,
        new_value=new,
        note=note,
    )


@transaction.atomic
def tournament_import_trf(
    *, text: str, by: User | None = None, slug: str | None = None
) -> Tournament:
    """Create a tournament from a TRF file (TRF16, TRF-2026, engine extensions).

    The rounds in the file become completed rounds with their games, byes and results; requested
    byes of rounds not yet paired become byes of not-paired rounds. A malformed or inconsistent
    file raises `TrfImportError` (line and column when known) and nothing is saved. The slug
    is made from the name unless `slug` is given (refused when taken).
    """
    if slug is not None and Tournament.objects.filter(slug=slug).exists():
        raise TrfImportError(f"a tournament with the slug {slug!r} already exists")
    document = parse_or_refuse(text)
    tournament = import_document(document, text=text, slug=slug)
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"imported from TRF: {tournament.players.count()} players, "
        f"{tournament.round_set.count()} rounds",
    )
    return tournament


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


@transaction.atomic
def worker_heartbeat_record(*, heartbeat_id: int) -> WorkerHeartbeat:
    """Mark the heartbeat as seen by a worker (the Celery round-trip check)."""
    heartbeat = WorkerHeartbeat.objects.select_for_update().get(pk=heartbeat_id)
    heartbeat.seen_at = timezone.now()
    heartbeat.save(update_fields=["seen_at"])
    return heartbeat
