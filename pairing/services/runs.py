"""The worker's side of a pairing: claim the run, pair its stored input, record the draft.

`pairing_run_execute` is the one service the pairing task calls, and the only one here that is
not one transaction: it claims the run by compare-and-set (committed, so other workers see it),
runs the engine outside any lock on the stored TRF input, then records the draft (or the
failure) in one transaction that locks the tournament and checks again that the run is still
this worker's and that the tournament did not change meanwhile. While the engine runs, a
heartbeat renews the claim every `PAIRING_RUN_HEARTBEAT` seconds, so that a claim older than
`PAIRING_RUN_STALE_AFTER` means a dead worker; `pairing_runs_lost` finds those runs, and the
pending runs the queue never delivered, for the sweep to send again.
"""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Iterator, Mapping
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from pairing.engine import (
    Board,
    DutchConfig,
    Edition,
    PairingError,
    RoundPairing,
    format_pairing,
    pair,
)
from pairing.exceptions import PairingRunInProgress
from pairing.models import PairingRun, RunStatus
from pairing.roundrobin.pairing import RoundRobinRound, round_robin_pairing
from pairing.selectors import engine_input, players_by_number, round_pairing_text
from tournaments.domain.messages import Message, gettext_noop, reason, to_record
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.domain.trf import TrfError, parse_trf, tournament_state_from_trf
from tournaments.models import Bye, ByeKind, Game, Result, Round, RoundState, Tournament
from tournaments.services.base import audit, lock_tournament

__all__ = ["pairing_run_execute", "pairing_runs_lost"]


def pairing_run_execute(*, run_id: int) -> None:
    """Pair the run's round (the worker's side); safe to call twice or after a crash.

    Returns at once when the run is finished or superseded; raises `PairingRunInProgress` when
    another worker claimed it recently (the task retries later, and takes the run over once the
    claim is older than `PAIRING_RUN_STALE_AFTER`). Engine errors (C.04.3 A.9: no valid
    pairing) fail the run with their message; nothing is written then.
    """
    token = _claim(run_id)
    if token is None:
        if PairingRun.objects.filter(pk=run_id, status=RunStatus.RUNNING).exists():
            raise PairingRunInProgress(f"Pairing run {run_id} is being paired by another worker.")
        return
    run = PairingRun.objects.select_related("round__tournament").get(pk=run_id)
    tournament = run.round.tournament
    try:
        with _heartbeat(run_id, token):
            state = _state_of(run.input_trf)
            if tournament.is_round_robin:
                scheduled = _round_robin(tournament, state)
                result, forfeits = scheduled.pairing, scheduled.forfeits
            else:
                result = pair(state, DutchConfig(edition=Edition(run.edition), explain=True))
                forfeits = {}
    except (PairingError, TrfError) as error:
        _fail(run_id=run_id, token=token, message=reason(error) or type(error).__name__)
        return
    _record(run_id=run_id, token=token, state=state, result=result, forfeits=forfeits)


def pairing_runs_lost() -> list[int]:
    """The runs to send to the queue again: pending and not sent (the queue was down) or sent
    more than `PAIRING_RUN_RESEND_AFTER` seconds ago and never claimed (the message was lost),
    and running with a claim not renewed for `PAIRING_RUN_STALE_AFTER` seconds (a dead worker).
    A run sent twice is paired once: the worker claims it (`_claim`). The pending runs returned
    are marked sent now, so the next sweep leaves them to the queue for a while."""
    now = timezone.now()
    resend = now - timedelta(seconds=settings.PAIRING_RUN_RESEND_AFTER)
    stale = now - timedelta(seconds=settings.PAIRING_RUN_STALE_AFTER)
    lost = PairingRun.objects.filter(
        Q(status=RunStatus.PENDING, queued_at__isnull=True, created__lt=resend)
        | Q(status=RunStatus.PENDING, queued_at__lt=resend)
        | Q(status=RunStatus.RUNNING, claimed_at__lt=stale)
    )
    run_ids = list(lost.order_by("created").values_list("pk", flat=True))
    PairingRun.objects.filter(pk__in=run_ids, status=RunStatus.PENDING).update(queued_at=now)
    return run_ids


@contextlib.contextmanager
def _heartbeat(run_id: int, token: uuid.UUID) -> Iterator[None]:
    """Renew the run's claim every `PAIRING_RUN_HEARTBEAT` seconds while the block runs (in a
    thread of its own, with its own database connection, closed at the end)."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.PAIRING_RUN_HEARTBEAT):
                renewed = PairingRun.objects.filter(
                    pk=run_id, status=RunStatus.RUNNING, claim_token=token
                ).update(claimed_at=timezone.now())
                if not renewed:
                    return  # taken over or finished: nothing more to renew
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"pairing-run-{run_id}-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def _round_robin(tournament: Tournament, state: TournamentState) -> RoundRobinRound:
    """The round from the Berger tables (C.05 Annex 1) instead of the Dutch engine."""
    return round_robin_pairing(
        state, cycles=tournament.cycles, swap_last_two=tournament.swap_last_two_rounds
    )


def _state_of(input_trf: str) -> TournamentState:
    return tournament_state_from_trf(parse_trf(input_trf))


@transaction.atomic
def _claim(run_id: int) -> uuid.UUID | None:
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


def _current(run_id: int, token: uuid.UUID) -> PairingRun | None:
    """The run, locked, if it is still ours to finish."""
    return (
        PairingRun.objects.select_for_update()
        .filter(pk=run_id, status=RunStatus.RUNNING, claim_token=token)
        .first()
    )


def _finish_failed(run: PairingRun, message: str) -> None:
    """Fail `run`: `message` in English, and as a record the pages translate."""
    run.status = RunStatus.FAILED
    run.error = message
    run.records = {**run.records, "error": to_record(message)}
    run.finished_at = timezone.now()
    run.save(update_fields=["status", "error", "records", "finished_at"])


@transaction.atomic
def _fail(*, run_id: int, token: uuid.UUID, message: str) -> None:
    """Fail the run with `message`, if it is still this claim's."""
    run = PairingRun.objects.select_related("round").filter(pk=run_id).first()
    if run is None:
        return
    lock_tournament(run.round.tournament_id)
    current = _current(run_id, token)
    if current is not None:
        _finish_failed(current, message)


@transaction.atomic
def _record(
    *,
    run_id: int,
    token: uuid.UUID,
    state: TournamentState,
    result: RoundPairing,
    forfeits: Mapping[Board, frozenset[PlayerId]],
) -> None:
    """Write the draft of a finished engine run, if the run and the round still allow it.

    A round robin's game against a withdrawn player is recorded as a forfeit at once (C.06
    V.4); a Swiss pairing has no such boards."""
    run = PairingRun.objects.select_related("round").filter(pk=run_id).first()
    if run is None:
        return
    tournament = lock_tournament(run.round.tournament_id)
    current = _current(run_id, token)
    if current is None:
        return
    rnd = Round.objects.get(pk=run.round_id)
    if rnd.state != RoundState.NOT_PAIRED or rnd.games.exists():
        _finish_failed(
            current,
            Message(
                gettext_noop("Round %(number)s was paired in the meantime."), number=rnd.number
            ),
        )
        return
    if _state_of(engine_input(tournament)) != state:
        _finish_failed(
            current,
            Message(
                gettext_noop("The tournament changed while the engine was pairing: pair again.")
            ),
        )
        return
    players = players_by_number(tournament)
    Game.objects.bulk_create(
        Game(
            round=rnd,
            board=number,
            white=players[board.white],
            black=players[board.black],
            result=_forfeit(forfeits.get(board), board),
        )
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
    current.records = {"explanation": [to_record(line) for line in result.explanation]}
    current.finished_at = timezone.now()
    current.save(update_fields=["status", "output", "explanation", "records", "finished_at"])
    audit(
        tournament=tournament,
        by=None,
        entity="round",
        entity_id=rnd.pk,
        old="not paired",
        new=round_pairing_text(rnd),
        note=f"round {rnd.number}: paired by the engine (run {run_id})",
    )


def _forfeit(absent: frozenset[PlayerId] | None, board: Board) -> Result:
    """The result of a board with absent players: a forfeit win for the one present, a double
    forfeit if both are absent; no result (to be played) otherwise."""
    if not absent:
        return Result.NOT_PLAYED
    if len(absent) == 2:
        return Result.DOUBLE_FORFEIT
    return Result.BLACK_WINS_FORFEIT if board.white in absent else Result.WHITE_WINS_FORFEIT
