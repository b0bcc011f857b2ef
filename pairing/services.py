"""Pairing use cases: request, execute (the worker's side), re-pair, edit and publish a round.

Every service that changes a tournament first locks its row (`lock_tournament`): one writer per
tournament. The engine runs outside that lock, in `pairing_run_execute`, which is the only
function here that is not one transaction: it claims the run (committed, so other workers see
it), pairs from the stored TRF input, then writes the draft in one locked transaction that
checks again that the run is still the current one.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from pairing import tasks
from pairing.checks import RuleWarning, board_warnings
from pairing.cli import format_pairing
from pairing.engine import DutchConfig, Edition, PairingError, RoundPairing, pair
from pairing.engine.api import Board
from pairing.engine.dutch.boards import publication_order
from pairing.exceptions import (
    DraftEditRefused,
    PairingRunInProgress,
    PreviousRoundIncomplete,
    RoundAlreadyPaired,
    RoundAlreadyPublished,
    RoundNotPaired,
)
from pairing.models import ACTIVE_STATUSES, PairingRun, RunStatus
from pairing.selectors import players_by_number, scores_before, state_before
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.domain.trf import TrfError, parse_trf, write_trf
from tournaments.domain.trf import tournament_state as trf_tournament_state
from tournaments.models import Bye, ByeKind, Game, Result, Round, RoundState, Tournament
from tournaments.selectors.state import tournament_trf_document
from tournaments.services.base import audit, lock_tournament

Engine = Callable[[TournamentState, DutchConfig], RoundPairing]
"""What pairs a state: `pairing.engine.pair`, or a stand-in given by a test or the task."""

__all__ = [
    "pairing_run_execute",
    "round_draft_exchange_opponents",
    "round_draft_swap_colours",
    "round_publish",
    "round_repair",
    "round_request_pairing",
]


def _engine_input(tournament: Tournament) -> str:
    """The TRF of the state before the next round: the engine's whole input."""
    return write_trf(tournament_trf_document(tournament), "trf26")


def _state_of(input_trf: str) -> TournamentState:
    return trf_tournament_state(parse_trf(input_trf))


def _check_can_pair(tournament: Tournament, rnd: Round) -> None:
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(f"Round {rnd.number} is already published.")
    if rnd.state == RoundState.PAIRED:
        raise RoundAlreadyPaired(
            f"Round {rnd.number} is already paired: re-pair the draft to pair it again."
        )
    if rnd.number == 1:
        return
    previous = tournament.round_set.filter(number=rnd.number - 1).first()
    if previous is not None and previous.state == RoundState.COMPLETED:
        return
    if previous is None or previous.state == RoundState.NOT_PAIRED:
        raise PreviousRoundIncomplete(f"Round {rnd.number - 1} is not paired yet.")
    missing = previous.games.filter(result=Result.NOT_PLAYED).count()
    if missing:
        noun = "result" if missing == 1 else "results"
        raise PreviousRoundIncomplete(
            f"Round {previous.number} still has {missing} {noun} missing."
        )
    raise PreviousRoundIncomplete(f"Round {previous.number} is not completed yet.")


def _new_run(tournament: Tournament, rnd: Round, by: User | None) -> PairingRun:
    run = PairingRun.objects.create(
        round=rnd,
        requested_by=by,
        edition=tournament.pairing_system,
        input_trf=_engine_input(tournament),
    )
    audit(
        tournament=tournament,
        by=by,
        entity="pairing_run",
        entity_id=run.pk,
        new=f"round {rnd.number}: pairing requested",
    )
    run_id = run.pk
    transaction.on_commit(lambda: tasks.pair_round_task.delay(run_id))
    return run


@transaction.atomic
def round_request_pairing(*, rnd: Round, by: User | None) -> PairingRun:
    """Ask a worker to pair the round; the run already waiting or pairing if there is one.

    Refused when the round is already paired or published, or when the previous round is not
    completed. The task is enqueued after commit.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    active = PairingRun.objects.filter(round=rnd, status__in=ACTIVE_STATUSES).first()
    if active is not None:
        return active
    _check_can_pair(tournament, rnd)
    return _new_run(tournament, rnd, by)


@transaction.atomic
def round_repair(*, rnd: Round, by: User | None) -> PairingRun:
    """Discard the draft (or a run that is waiting or stuck) and pair the round again."""
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            f"Round {rnd.number} is already published: its pairing cannot be redone."
        )
    superseded = PairingRun.objects.filter(round=rnd, status__in=ACTIVE_STATUSES).update(
        status=RunStatus.SUPERSEDED, finished_at=timezone.now()
    )
    if rnd.state == RoundState.PAIRED:
        old = _pairing_text(rnd)
        rnd.games.all().delete()
        rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).delete()
        rnd.state = RoundState.NOT_PAIRED
        rnd.paired_at = None
        rnd.save(update_fields=["state", "paired_at", "updated"])
        audit(
            tournament=tournament,
            by=by,
            entity="round",
            entity_id=rnd.pk,
            old=old,
            new="not paired",
            note=f"round {rnd.number}: draft discarded to pair again",
        )
    elif not superseded:
        raise RoundNotPaired(f"Round {rnd.number} has no draft to pair again.")
    _check_can_pair(tournament, rnd)
    return _new_run(tournament, rnd, by)


@transaction.atomic
def _run_claim(run_id: int) -> uuid.UUID | None:
    """Take the run: waiting, or claimed by a worker that stopped answering. None if taken."""
    token = uuid.uuid4()
    now = timezone.now()
    stale = now - timedelta(seconds=settings.PAIRING_RUN_STALE_AFTER)
    claimed = (
        PairingRun.objects.filter(pk=run_id)
        .filter(Q(status=RunStatus.PENDING) | Q(status=RunStatus.RUNNING, claimed_at__lt=stale))
        .update(
            status=RunStatus.RUNNING, claimed_at=now, claim_token=token, attempts=F("attempts") + 1
        )
    )
    return token if claimed else None


def pairing_run_execute(*, run_id: int, engine: Engine = pair) -> None:
    """Pair the run's round (the worker's side); safe to call twice or after a crash.

    Returns at once when the run is finished or superseded; raises `PairingRunInProgress` when
    another worker claimed it recently (the task retries later, and takes the run over once the
    claim is older than `PAIRING_RUN_STALE_AFTER`). Engine errors fail the run with the message;
    nothing is written then.
    """
    token = _run_claim(run_id)
    if token is None:
        if PairingRun.objects.filter(pk=run_id, status=RunStatus.RUNNING).exists():
            raise PairingRunInProgress(f"Pairing run {run_id} is being paired by another worker.")
        return
    run = PairingRun.objects.get(pk=run_id)
    try:
        state = _state_of(run.input_trf)
        result = engine(state, DutchConfig(edition=Edition(run.edition), explain=True))
    except (PairingError, TrfError) as error:
        _run_fail(run_id=run_id, token=token, message=str(error) or type(error).__name__)
        return
    _run_record(run_id=run_id, token=token, state=state, result=result)


def _current(run_id: int, token: uuid.UUID) -> PairingRun | None:
    """The run, locked, if it is still ours to finish."""
    return (
        PairingRun.objects.select_for_update()
        .filter(pk=run_id, status=RunStatus.RUNNING, claim_token=token)
        .first()
    )


@transaction.atomic
def _run_fail(*, run_id: int, token: uuid.UUID, message: str) -> None:
    run = PairingRun.objects.select_related("round").filter(pk=run_id).first()
    if run is None:
        return
    lock_tournament(run.round.tournament_id)
    current = _current(run_id, token)
    if current is None:
        return
    current.status = RunStatus.FAILED
    current.error = message
    current.finished_at = timezone.now()
    current.save(update_fields=["status", "error", "finished_at"])


@transaction.atomic
def _run_record(
    *, run_id: int, token: uuid.UUID, state: TournamentState, result: RoundPairing
) -> None:
    """Write the draft of a finished engine run, if the run and the round still allow it."""
    run = PairingRun.objects.select_related("round").filter(pk=run_id).first()
    if run is None:
        return
    tournament = lock_tournament(run.round.tournament_id)
    current = _current(run_id, token)
    if current is None:
        return
    rnd = Round.objects.get(pk=run.round_id)
    refusal = ""
    if rnd.state != RoundState.NOT_PAIRED or rnd.games.exists():
        refusal = f"Round {rnd.number} was paired in the meantime."
    elif _state_of(_engine_input(tournament)) != state:
        refusal = "The tournament changed while the engine was pairing: pair again."
    if refusal:
        current.status = RunStatus.FAILED
        current.error = refusal
        current.finished_at = timezone.now()
        current.save(update_fields=["status", "error", "finished_at"])
        return
    players = players_by_number(tournament)
    Game.objects.bulk_create(
        Game(round=rnd, board=number, white=players[board.white], black=players[board.black])
        for number, board in enumerate(result.boards, start=1)
    )
    if result.bye is not None:
        Bye.objects.create(round=rnd, player=players[result.bye], kind=ByeKind.PAIRING_ALLOCATED)
    rnd.state = RoundState.PAIRED
    rnd.paired_at = timezone.now()
    rnd.save(update_fields=["state", "paired_at", "updated"])
    current.status = RunStatus.DONE
    current.output = format_pairing(result)
    current.explanation = "\n".join(result.explanation)
    current.finished_at = timezone.now()
    current.save(update_fields=["status", "output", "explanation", "finished_at"])
    audit(
        tournament=tournament,
        by=None,
        entity="round",
        entity_id=rnd.pk,
        old="not paired",
        new=_pairing_text(rnd),
        note=f"round {rnd.number}: paired by the engine (run {run_id})",
    )


def _pairing_text(rnd: Round) -> str:
    """The round's pairing as the audit records it: `board: white-black`, then the bye."""
    lines = [
        f"{board}: {white}-{black}"
        for board, white, black in rnd.games.order_by("board").values_list(
            "board", "white__pairing_number", "black__pairing_number"
        )
    ]
    lines += [
        f"bye: {number}"
        for number in rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
            "player__pairing_number", flat=True
        )
    ]
    return "; ".join(lines)


def _locked_draft_game(game: Game) -> tuple[Tournament, Game]:
    tournament = lock_tournament(game.round.tournament_id)
    game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    return tournament, game


def _check_draft(rnd: Round) -> None:
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            f"Round {rnd.number} is published: a published pairing changes only to correct a "
            "rematch (C.04.2 D.10)."
        )
    if rnd.state != RoundState.PAIRED:
        raise RoundNotPaired(f"Round {rnd.number} is not paired yet.")


def _game_warnings(state: TournamentState, game: Game) -> list[RuleWarning]:
    """The rules the board's pairing breaks, judged on the state before its round."""
    return board_warnings(
        state,
        game.board,
        PlayerId(game.white.pairing_number),
        PlayerId(game.black.pairing_number),
    )


def _warnings_for(rnd: Round, games: list[Game]) -> list[RuleWarning]:
    state = state_before(rnd)
    return [warning for game in games for warning in _game_warnings(state, game)]


@transaction.atomic
def round_draft_swap_colours(*, game: Game, by: User | None) -> list[RuleWarning]:
    """Swap White and Black on a board of a draft; the rules the board then breaks."""
    tournament, game = _locked_draft_game(game)
    _check_draft(game.round)
    old = f"{game.white.pairing_number}-{game.black.pairing_number}"
    game.white, game.black = game.black, game.white
    game.save(update_fields=["white", "black", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="game",
        entity_id=game.pk,
        old=old,
        new=f"{game.white.pairing_number}-{game.black.pairing_number}",
        note=f"round {game.round.number} board {game.board}: colours swapped",
    )
    return _warnings_for(game.round, [game])


def _is_rematch(state: TournamentState, game: Game) -> bool:
    return any(warning.rule == "C.04.3 C.1" for warning in _game_warnings(state, game))


@transaction.atomic
def round_draft_exchange_opponents(
    *, game_a: Game, game_b: Game, by: User | None
) -> list[RuleWarning]:
    """Exchange the Black players of two boards of a round; the rules the boards then break.

    On a draft this is a free edit. On a published round it is the correction C.04.2 D.10
    allows: one of the two boards must be a rematch and neither may have a result.
    """
    tournament, game_a = _locked_draft_game(game_a)
    game_b = Game.objects.select_related("round", "white", "black").get(pk=game_b.pk)
    rnd = game_a.round
    if game_b.round_id != rnd.pk or game_a.pk == game_b.pk:
        raise DraftEditRefused("Choose two different boards of the same round.")
    note = f"round {rnd.number}: boards {game_a.board} and {game_b.board} exchanged opponents"
    if rnd.state == RoundState.PUBLISHED:
        state = state_before(rnd)
        if not (_is_rematch(state, game_a) or _is_rematch(state, game_b)):
            raise RoundAlreadyPublished(
                f"Round {rnd.number} is published: its pairing changes only to correct a "
                "rematch (C.04.2 D.10), and neither board is one."
            )
        if game_a.result or game_b.result:
            raise RoundAlreadyPublished("A board with a result cannot be paired again.")
        note += " to correct a rematch (C.04.2 D.10)"
    else:
        _check_draft(rnd)
    old = f"{game_a.white.pairing_number}-{game_a.black.pairing_number}, " + (
        f"{game_b.white.pairing_number}-{game_b.black.pairing_number}"
    )
    boards = [
        (game_a.board, game_a.white, game_b.black),
        (game_b.board, game_b.white, game_a.black),
    ]
    Game.objects.filter(pk__in=[game_a.pk, game_b.pk]).delete()
    games = [
        Game.objects.create(round=rnd, board=board, white=white, black=black)
        for board, white, black in boards
    ]
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old=old,
        new=", ".join(f"{g.white.pairing_number}-{g.black.pairing_number}" for g in games),
        note=note,
    )
    return _warnings_for(rnd, games)


@transaction.atomic
def round_publish(*, rnd: Round, by: User | None) -> Round:
    """Publish the draft with its boards in the order of C.04.2 D.9 (the bye last).

    Refused for a round already published and for a round not paired.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(f"Round {rnd.number} is already published.")
    if rnd.state != RoundState.PAIRED:
        raise RoundNotPaired(f"Round {rnd.number} is not paired yet: pair it first.")
    games = {
        (PlayerId(white), PlayerId(black)): pk
        for pk, white, black in rnd.games.values_list(
            "pk", "white__pairing_number", "black__pairing_number"
        )
    }
    ordered = publication_order((Board(white, black) for white, black in games), scores_before(rnd))
    rnd.games.update(board=F("board") + 10000)
    for number, board in enumerate(ordered, start=1):
        Game.objects.filter(pk=games[(board.white, board.black)]).update(board=number)
    rnd.state = RoundState.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["state", "published_at", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old="paired (draft)",
        new=_pairing_text(rnd),
        note=f"round {rnd.number}: published",
    )
    return rnd
