"""The arbiter's pairing use cases: request a pairing, re-pair, edit the draft, publish.

What the views call. Every service locks the tournament first (`lock_tournament`: one writer
per tournament) and audits its change. A pairing request stores the engine input in a
`PairingRun` and enqueues `pair_round_task` after commit; the worker's side is
`pairing.services.runs`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from pairing.engine import Board, RuleWarning, publication_order
from pairing.exceptions import (
    DraftEditRefused,
    NumbersNotDrawn,
    PreviousRoundIncomplete,
    RoundAlreadyPaired,
    RoundAlreadyPublished,
    RoundNotPaired,
)
from pairing.models import ACTIVE_STATUSES, PairingRun, RunStatus
from pairing.selectors import engine_input, games_warnings, round_pairing_text
from pairing.services.queue import require_queue, run_send_on_commit
from tournaments.domain.state import PlayerId
from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.models import (
    ByeKind,
    Game,
    IntegrityEventKind,
    Result,
    Round,
    RoundState,
    Tournament,
)
from tournaments.selectors.state import pairing_scores_before
from tournaments.services.adjournments import pairing_adjournment_warning, round_adjourn_missing
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.chess960 import round_draw_chess960
from tournaments.services.integrity import deleted_rows, integrity_event_record, snapshot_rows
from tournaments.services.progress import sync_round_status
from tournaments.services.tournaments import tournament_check_setup

__all__ = [
    "round_draft_exchange_opponents",
    "round_draft_swap_colours",
    "round_publish",
    "round_repair",
    "round_request_pairing",
    "round_unpublish",
]


def _check_can_pair(tournament: Tournament, rnd: Round) -> None:
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            _("Round %(number)d is already published.") % {"number": rnd.number}
        )
    if rnd.state == RoundState.PAIRED:
        raise RoundAlreadyPaired(
            _("Round %(number)d is already paired: re-pair the draft to pair it again.")
            % {"number": rnd.number}
        )
    if rnd.number == 1 and tournament.is_round_robin:
        if not tournament.numbers_drawn:
            raise NumbersNotDrawn(
                _(
                    "Draw the round robin's pairing numbers (by lot or by hand) before pairing "
                    "round 1 (C.05 Annex 1)."
                )
            )
        return
    if rnd.number == 1:
        tournament_check_setup(tournament=tournament)  # VCL4THP Q62: a set-up that can be paired
        return
    previous = tournament.round_set.filter(number=rnd.number - 1).first()
    if previous is not None and previous.state == RoundState.COMPLETED:
        return
    if previous is None or previous.state == RoundState.NOT_PAIRED:
        raise PreviousRoundIncomplete(
            _("Round %(number)d is not paired yet.") % {"number": rnd.number - 1}
        )
    if (
        previous.state == RoundState.PUBLISHED
        and previous.games.filter(result=Result.NOT_PLAYED).exists()
    ):
        return  # Q158: its games without a result become adjourned (round_request_pairing)
    raise PreviousRoundIncomplete(
        _("Round %(number)d is not completed yet.") % {"number": previous.number}
    )


def _new_run(tournament: Tournament, rnd: Round, by: User | None) -> PairingRun:
    run = PairingRun.objects.create(
        round=rnd,
        requested_by=by,
        edition=tournament.pairing_system,
        input_trf=engine_input(tournament),
    )
    audit(
        tournament=tournament,
        by=by,
        entity="pairing_run",
        entity_id=run.pk,
        new=f"round {rnd.number}: pairing requested",
    )
    run_send_on_commit(run.pk)
    return run


@transaction.atomic
def round_request_pairing(
    *, rnd: Round, by: User | None, confirmed: Confirmed | None = None
) -> PairingRun:
    """Ask a worker to pair the round; the run already waiting or pairing if there is one.

    Refused when the round is already paired or published, or when the previous round is not
    paired and published. Games of the previous round still without a result are recorded
    as adjourned, after a Level-2 warning that also names games adjourned in earlier rounds
    (checklist Q158-Q160, Q168). The task is sent after commit; if the queue does not answer
    the run is kept, pending, and the sweep sends it when the queue is back.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    active = PairingRun.objects.filter(round=rnd, status__in=ACTIVE_STATUSES).first()
    if active is not None:
        return active
    _check_can_pair(tournament, rnd)
    if rnd.number > 1:
        require_confirmation(pairing_adjournment_warning(tournament, rnd), confirmed)
        previous = tournament.round_set.get(number=rnd.number - 1)
        round_adjourn_missing(rnd=previous, by=by)
    return _new_run(tournament, rnd, by)


@transaction.atomic
def round_repair(*, rnd: Round, by: User | None) -> PairingRun:
    """Discard the draft (or a run that is waiting or stuck) and pair the round again.

    Refused with nothing changed while the queue does not answer (`QueueUnavailable`): the draft
    would be gone and the new run could not be sent."""
    require_queue()
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            _("Round %(number)d is already published: its pairing cannot be redone.")
            % {"number": rnd.number}
        )
    superseded = PairingRun.objects.filter(round=rnd, status__in=ACTIVE_STATUSES).update(
        status=RunStatus.SUPERSEDED, finished_at=timezone.now()
    )
    if rnd.state == RoundState.PAIRED:
        old = round_pairing_text(rnd)
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
        raise RoundNotPaired(
            _("Round %(number)d has no draft to pair again.") % {"number": rnd.number}
        )
    _check_can_pair(tournament, rnd)
    return _new_run(tournament, rnd, by)


def _locked_draft_game(game: Game) -> tuple[Tournament, Game]:
    tournament = lock_tournament(game.round.tournament_id)
    game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    return tournament, game


def _check_draft(rnd: Round) -> None:
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            _(
                "Round %(number)d is published: a published pairing changes only to correct a "
                "rematch (C.04.2 D.10)."
            )
            % {"number": rnd.number}
        )
    if rnd.state != RoundState.PAIRED:
        raise RoundNotPaired(_("Round %(number)d is not paired yet.") % {"number": rnd.number})


@transaction.atomic
def round_draft_swap_colours(*, game: Game, by: User | None) -> list[RuleWarning]:
    """Swap White and Black on a board of a draft; the rules the board then breaks.

    A manual pairing alteration: recorded as an `### MPA` event (VCL4THP Q112), undoable while
    the draft stands (Q114).
    """
    tournament, game = _locked_draft_game(game)
    _check_draft(game.round)
    before = snapshot_rows(changed=[game], rests_on=[game.round])
    old = f"{game.white.pairing_number}-{game.black.pairing_number}"
    game.white, game.black = game.black, game.white
    game.save(update_fields=["white", "black", "updated"])
    new = f"{game.white.pairing_number}-{game.black.pairing_number}"
    audit(
        tournament=tournament,
        by=by,
        entity="game",
        entity_id=game.pk,
        old=old,
        new=new,
        note=f"round {game.round.number} board {game.board}: colours swapped",
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.MANUAL_PAIRING,
        round_number=game.round.number,
        details=f"board {game.board}: colours swapped, {old} -> {new}",
        by=by,
        snapshot=before,
    )
    return games_warnings(game.round, [game])


def _has_rematch(rnd: Round, games: list[Game]) -> bool:
    """Whether a board breaks C.1: the one reason a published pairing may change (D.10)."""
    return any(warning.rule == "C.04.3 C.1" for warning in games_warnings(rnd, games))


@transaction.atomic
def round_draft_exchange_opponents(
    *, game_a: Game, game_b: Game, by: User | None
) -> list[RuleWarning]:
    """Exchange the Black players of two boards of a round; the rules the boards then break.

    On a draft this is a free edit. On a published round it is the correction C.04.2 D.10
    allows: one of the two boards must be a rematch and neither may have a result. Either way
    a manual pairing alteration, recorded as an `### MPA` event (VCL4THP Q112) that can be
    undone while the round stays as it is (Q114).
    """
    tournament, game_a = _locked_draft_game(game_a)
    game_b = Game.objects.select_related("round", "white", "black").get(pk=game_b.pk)
    rnd = game_a.round
    if game_b.round_id != rnd.pk or game_a.pk == game_b.pk:
        raise DraftEditRefused(_("Choose two different boards of the same round."))
    note = f"round {rnd.number}: boards {game_a.board} and {game_b.board} exchanged opponents"
    if rnd.state == RoundState.PUBLISHED:
        if not _has_rematch(rnd, [game_a, game_b]):
            raise RoundAlreadyPublished(
                _(
                    "Round %(number)d is published: its pairing changes only to correct a "
                    "rematch (C.04.2 D.10), and neither board is one."
                )
                % {"number": rnd.number}
            )
        if game_a.result or game_b.result:
            raise RoundAlreadyPublished(_("A board with a result cannot be paired again."))
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
    replaced = Game.objects.filter(pk__in=[game_a.pk, game_b.pk])
    before = deleted_rows(replaced)
    replaced.delete()
    games = [
        Game.objects.create(round=rnd, board=board, white=white, black=black)
        for board, white, black in boards
    ]
    new = ", ".join(f"{g.white.pairing_number}-{g.black.pairing_number}" for g in games)
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old=old,
        new=new,
        note=note,
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.MANUAL_PAIRING,
        round_number=rnd.number,
        details=f"boards {game_a.board} and {game_b.board} exchanged opponents, {old} -> {new}"
        + (" to correct a rematch (C.04.2 D.10)" if rnd.state == RoundState.PUBLISHED else ""),
        by=by,
        snapshot=snapshot_rows(changed=before, created=games, rests_on=[rnd]),
    )
    return games_warnings(rnd, games)


@transaction.atomic
def round_publish(*, rnd: Round, by: User | None) -> Round:
    """Publish the draft with its boards in the order of C.04.2 D.9 (the bye last); a round
    robin keeps the Berger table's order (C.05 Annex 1).

    Refused for a round already published and for a round not paired. A Chess960 tournament's
    round gets its starting position drawn (Q222) unless it has one.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            _("Round %(number)d is already published.") % {"number": rnd.number}
        )
    if rnd.state != RoundState.PAIRED:
        raise RoundNotPaired(
            _("Round %(number)d is not paired yet: pair it first.") % {"number": rnd.number}
        )
    if not tournament.is_round_robin:
        _order_boards(tournament, rnd)
    rnd.state = RoundState.PUBLISHED
    rnd.published_at = timezone.now()
    rnd.save(update_fields=["state", "published_at", "updated"])
    if tournament.is_round_robin:
        sync_round_status(tournament, rnd)  # a round of forfeits only is complete at once
    round_draw_chess960(tournament=tournament, rnd=rnd, by=by)
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old="paired (draft)",
        new=round_pairing_text(rnd),
        note=f"round {rnd.number}: published",
    )
    return rnd


def _order_boards(tournament: Tournament, rnd: Round) -> None:
    """Number the boards in the order of C.04.2 D.9 (scores before the round, virtual points
    included under Baku acceleration: C.04.7 1.5, checklist Q188)."""
    games = {
        (PlayerId(white), PlayerId(black)): pk
        for pk, white, black in rnd.games.values_list(
            "pk", "white__pairing_number", "black__pairing_number"
        )
    }
    ordered = publication_order(
        (Board(white, black) for white, black in games),
        pairing_scores_before(tournament, rnd.number),
    )
    rnd.games.update(board=F("board") + 10000)
    for number, board in enumerate(ordered, start=1):
        Game.objects.filter(pk=games[(board.white, board.black)]).update(board=number)


@transaction.atomic
def round_unpublish(*, rnd: Round, by: User | None, confirmed: Confirmed | None = None) -> Round:
    """Withdraw the publication of a round published by mistake: it goes back to its draft
    (paired), to be edited, paired again or published again. Only while none of its results is
    in and the next round is not paired; a Level-3 confirmation first, as players may have seen
    it (C.04.2: the published pairing is what players rely on)."""
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state not in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundNotPaired(_("Round %(number)d is not published.") % {"number": rnd.number})
    if rnd.games.exclude(result=Result.NOT_PLAYED).exists():
        raise DraftEditRefused(
            _("Round %(number)d has results: its publication stands (correct results instead).")
            % {"number": rnd.number}
        )
    if (
        tournament.round_set.filter(number=rnd.number + 1)
        .exclude(state=RoundState.NOT_PAIRED)
        .exists()
    ):
        raise DraftEditRefused(
            _("Round %(next)d is paired: round %(number)d stands.")
            % {"next": rnd.number + 1, "number": rnd.number}
        )
    require_confirmation(
        ActionWarning(
            Level.CONFIRM,
            _("Withdraw the publication of round %(number)d?") % {"number": rnd.number},
            (
                _("Players may already have seen this pairing: tell them it is withdrawn."),
                _("The round goes back to its draft: edit it, pair it again or publish it again."),
                _("The withdrawal is recorded in the audit log."),
            ),
            rule="C.04.2 (publication of the pairings)",
        ),
        confirmed,
    )
    rnd.state, rnd.published_at = RoundState.PAIRED, None
    rnd.save(update_fields=["state", "published_at", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old=round_pairing_text(rnd),
        new="paired (draft)",
        note=f"round {rnd.number}: publication withdrawn",
    )
    return rnd
