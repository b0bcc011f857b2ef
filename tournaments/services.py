"""Tournament use cases: one transactional, keyword-only function each.

Every service that changes a tournament first locks its row (`select_for_update`), so there is
one writer per tournament; refusals raise the errors of `tournaments.exceptions`.
"""

from __future__ import annotations

import datetime
import secrets
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.text import slugify

from tournaments.exceptions import (
    PlayerAlreadyInRound,
    PlayerNotInTournament,
    ResultConflict,
    RoundNotEditable,
    RoundNotPublished,
    SettingsLocked,
    TrfImportError,
)
from tournaments.models import (
    SCORE_FIELDS,
    AuditEntry,
    Bye,
    ByeKind,
    Game,
    InitialColor,
    PairingSystem,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
    TournamentStatus,
    WorkerHeartbeat,
)
from tournaments.trf_import import import_document, parse_or_refuse

__all__ = [
    "TournamentSettings",
    "bye_create",
    "game_create",
    "game_enter_result",
    "tournament_create",
    "tournament_import_trf",
    "tournament_update",
    "worker_heartbeat_record",
]

DEFAULT_TIEBREAKS = ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"]
"""A sensible Swiss default (C.07 16.1 recommends cut Buchholz, Buchholz, Sonneborn-Berger...)."""


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


@dataclass(frozen=True, kw_only=True)
class TournamentSettings:
    """What the arbiter sets for a tournament; scores in half-points.

    `pairing_system` None: the edition in force on the start date. `initial_color` None: the
    program draws it (a recorded seed).
    """

    name: str
    city: str = ""
    federation: str = ""
    start_date: datetime.date | None = None
    end_date: datetime.date | None = None
    chief_arbiter: str = ""
    deputy_arbiter: str = ""
    rounds: int = 9
    scoring: dict[str, int] = field(default_factory=dict)
    tiebreaks: list[str] = field(default_factory=lambda: list(DEFAULT_TIEBREAKS))
    pairing_system: PairingSystem | None = None
    initial_color: InitialColor | None = None
    max_half_point_byes: int = 1
    no_byes_last_rounds: int = 1


def color_from_seed(seed: int) -> InitialColor:
    """The initial colour a recorded seed gives: white for an even seed, black for an odd one."""
    return InitialColor.WHITE if seed % 2 == 0 else InitialColor.BLACK


def _unique_slug(name: str) -> str:
    base = slugify(name)[:70].strip("-") or "tournament"
    taken = set(Tournament.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, suffix = base, 2
    while slug in taken or slug == "new":
        slug, suffix = f"{base}-{suffix}", suffix + 1
    return slug


_PLAIN_FIELDS = (
    "name",
    "city",
    "federation",
    "start_date",
    "end_date",
    "chief_arbiter",
    "deputy_arbiter",
    "tiebreaks",
    "max_half_point_byes",
    "no_byes_last_rounds",
)


def _apply(tournament: Tournament, settings: TournamentSettings) -> None:
    for name in _PLAIN_FIELDS:
        setattr(tournament, name, getattr(settings, name))
    for name in SCORE_FIELDS:
        if name in settings.scoring:
            setattr(tournament, name, settings.scoring[name])
    tournament.pairing_system = settings.pairing_system or PairingSystem.for_start_date(
        settings.start_date
    )
    if settings.initial_color is not None:
        tournament.initial_color = settings.initial_color
        tournament.initial_color_seed = None
    elif tournament.initial_color_seed is None:
        tournament.initial_color_seed = secrets.randbits(62)
        tournament.initial_color = color_from_seed(tournament.initial_color_seed)


def _check_dates(settings: TournamentSettings) -> None:
    if settings.start_date and settings.end_date and settings.end_date < settings.start_date:
        raise SettingsLocked("The tournament cannot end before it starts.")
    if settings.rounds < 1 or settings.rounds > 99:
        raise SettingsLocked("A tournament has 1 to 99 rounds.")


@transaction.atomic
def tournament_create(*, settings: TournamentSettings, by: User) -> Tournament:
    """Create a tournament, its rounds 1..rounds (not paired), and make `by` its arbiter.

    The initial colour is drawn with a `secrets` seed that is stored (`initial_color_seed`)
    unless the arbiter entered it.
    """
    _check_dates(settings)
    tournament = Tournament(slug=_unique_slug(settings.name), rounds=settings.rounds)
    _apply(tournament, settings)
    tournament.full_clean(exclude=["slug"])
    tournament.save()
    Round.objects.bulk_create(
        Round(tournament=tournament, number=number) for number in range(1, settings.rounds + 1)
    )
    tournament.arbiters.add(by)
    seed = tournament.initial_color_seed
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"created: {tournament.rounds} rounds, initial colour {tournament.initial_color}"
        + (f" drawn with seed {seed}" if seed is not None else " entered"),
    )
    return tournament


def _snapshot(tournament: Tournament) -> dict[str, object]:
    names = (*_PLAIN_FIELDS, *SCORE_FIELDS, "rounds", "pairing_system", "initial_color")
    return {name: getattr(tournament, name) for name in names}


@transaction.atomic
def tournament_update(
    *, tournament: Tournament, settings: TournamentSettings, by: User
) -> Tournament:
    """Change a tournament's settings.

    The rules edition, the initial colour, the scoring and the tie-breaks change only before
    round 1 is paired (`SettingsLocked`). Changing the number of rounds adds or removes rounds
    that are not paired yet (with their requested byes); a paired round cannot be removed.
    """
    _check_dates(settings)
    tournament = lock_tournament(tournament.pk)
    before = _snapshot(tournament)
    started = tournament.round_set.filter(number=1).exclude(state=RoundState.NOT_PAIRED).exists()
    _apply(tournament, settings)
    after = _snapshot(tournament)
    locked = {"pairing_system", "initial_color", "tiebreaks", *SCORE_FIELDS}
    changed_locked = sorted(name for name in locked if before[name] != after[name])
    if started and changed_locked:
        raise SettingsLocked(
            "Round 1 is paired: the rules edition, initial colour, scoring and tie-breaks can "
            f"no longer change ({', '.join(changed_locked)})."
        )
    _set_rounds(tournament, settings.rounds)
    tournament.full_clean()
    tournament.save()
    changes = [name for name in before if before[name] != _snapshot(tournament)[name]]
    if changes:
        audit(
            tournament=tournament,
            by=by,
            entity="tournament",
            entity_id=tournament.pk,
            old="; ".join(f"{name}={before[name]}" for name in changes),
            new="; ".join(f"{name}={getattr(tournament, name)}" for name in changes),
        )
    return tournament


def _set_rounds(tournament: Tournament, rounds: int) -> None:
    current = tournament.rounds
    if rounds > current:
        Round.objects.bulk_create(
            Round(tournament=tournament, number=number) for number in range(current + 1, rounds + 1)
        )
    elif rounds < current:
        removed = tournament.round_set.filter(number__gt=rounds)
        paired = removed.exclude(state=RoundState.NOT_PAIRED).order_by("number").first()
        if paired is not None:
            raise SettingsLocked(
                f"Round {paired.number} is already paired: the tournament keeps at least "
                f"{paired.number} rounds."
            )
        removed.delete()
    tournament.rounds = rounds


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
