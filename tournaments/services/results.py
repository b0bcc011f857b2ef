"""Results: enter, clear and correct them, and the rating report's corrections.

Each is one transactional, keyword-only function that first locks the tournament row.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.configuration import first_correctable_round
from tournaments.domain.result_changes import (
    ResultChange,
    ResultLocked,
    ResultsNotOpen,
    check_results_open,
    rating_correction_warning,
    result_change,
)
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import (
    ResultConflict,
    RoundNotEditable,
    RoundNotPublished,
)
from tournaments.models import (
    Game,
    IntegrityEventKind,
    RatingCorrection,
    Result,
    RoundState,
    Tournament,
)
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record, snapshot_rows
from tournaments.services.progress import sync_round_status, sync_tournament_status
from tournaments.translation import refusal_text, translated_warning


def _result_label(value: str) -> str:
    return str(Result(value).label) if value else _("no result")


def first_open_round(tournament: Tournament) -> int:
    """The first round whose results may still be corrected: in FIDE mode the last published
    round and the one before it (Q189-Q191), else round 1 (older rounds after Level 4)."""
    return _first_recent_round(tournament) if tournament.fide_mode else 1


def _first_recent_round(tournament: Tournament) -> int:
    """The first of the last two rounds (the last published one and the one before it)."""
    return first_correctable_round(_last_published(tournament))


def _board(game: Game) -> str:
    """The board as the integrity events write it (TRF-2026 `###` lines: English)."""
    return f"board {game.board} ({game.white.pairing_number} - {game.black.pairing_number})"


def _last_published(tournament: Tournament) -> int:
    """The last round whose pairing is published (0 before round 1's)."""
    return (
        tournament.round_set.filter(state__in=[RoundState.PUBLISHED, RoundState.COMPLETED])
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    ) or 0


DRAWN_RESULTS = frozenset({Result.DRAW, Result.DRAW_UNRATED})
"""The results that end an adjourned game as it was counted meanwhile (a draw, Q157)."""


def _change(game: Game, result: Result | str, *, rounds: int) -> ResultChange:
    """The change of `game`'s stored result to `result`, as the rules see it, in a tournament
    of `rounds` rounds."""
    return ResultChange(
        round_number=game.round.number,
        board=game.board,
        white=game.white.pairing_number,
        black=game.black.pairing_number,
        old_label=_result_label(game.result),
        new_label=_result_label(result),
        entered=bool(game.result),
        adjourned=game.result == Result.ADJOURNED,
        clears=result == Result.NOT_PLAYED,
        drawn=result in DRAWN_RESULTS,
        adjourns=result == Result.ADJOURNED,
        last_round=game.round.number == rounds,
        unchanged=result == game.result,
    )


@transaction.atomic
def game_enter_result(
    *,
    game: Game,
    result: Result,
    by: User,
    expected_previous: Result | str,
    confirmed: Confirmed | None = None,
) -> Game:
    """Record `result` on a board of a published round, if its stored result is still
    `expected_previous` (compare-and-set: of two arbiters on one board, the second is told
    with `ResultConflict` and nothing is lost).

    Every change is audited. A change of a result already entered is a correction: it needs a
    Level-3 confirmation and is recorded as a `### Correction` event; in FIDE mode only the
    last published round and the one before it can be corrected (earlier rounds: Level 5,
    `ActionRefused`), out of FIDE mode an earlier round needs Level 4. The round becomes
    completed when every board has a result and goes back to published when one is cleared,
    which is refused once the next round is paired. A correction after the next round was
    paired stands for the standings and the following pairings (C.04.2 D.8): the published
    pairing is not changed.
    """
    tournament = lock_tournament(game.round.tournament_id)
    game = (
        Game.objects.select_related("round", "white", "black")
        .select_for_update(of=("self",))
        .get(pk=game.pk)
    )
    rnd = game.round
    try:
        check_results_open(
            round_number=rnd.number,
            published=rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED},
        )
    except ResultsNotOpen as refusal:
        raise RoundNotPublished(refusal_text(refusal)) from None
    if game.result != expected_previous:
        raise ResultConflict(
            _(
                "Board %(board)s was changed meanwhile to %(result)s: check it and enter your "
                "result again."
            )
            % {"board": game.board, "result": _result_label(game.result)},
            current=game.result,
        )
    if game.result == result:
        return game
    next_paired = tournament.round_set.filter(
        number=rnd.number + 1,
        state__in=[RoundState.PAIRED, RoundState.PUBLISHED, RoundState.COMPLETED],
    ).exists()
    change = _change(game, result, rounds=tournament.rounds)
    try:
        warning = result_change(
            change,
            next_paired=next_paired,
            fide_mode=tournament.fide_mode,
            last_published=_last_published(tournament) if change.entered else 0,
        )
    except ResultLocked as refusal:
        raise RoundNotEditable(refusal_text(refusal)) from None
    require_confirmation(translated_warning(warning) if warning else None, confirmed)
    old = game.result
    before = snapshot_rows(changed=[game, rnd])  # the round: clearing a result reopens it
    game.result = result
    game.save(update_fields=["result", "updated"])
    note = ""
    if change.completes_adjournment:
        note = "adjourned game completed"
    elif change.is_correction:
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
    if change.completes_adjournment:
        if not change.drawn:
            integrity_event_record(
                tournament=tournament,
                kind=IntegrityEventKind.ADJOURNMENT,
                round_number=rnd.number,
                details=f"{_board(game)}: adjourned game ended {result}",
                by=by,
                snapshot=before,
            )
        sync_tournament_status(tournament)
    elif change.is_correction:
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.CORRECTION,
            round_number=rnd.number,
            details=f"{_board(game)}: {old} changed to {result or 'no result'}",
            by=by,
            snapshot=before,
        )
    sync_round_status(tournament, rnd)
    return game


@transaction.atomic
def game_record_rating_correction(
    *,
    game: Game,
    result: Result,
    note: str,
    by: User,
    confirmed: Confirmed | None = None,
) -> RatingCorrection:
    """Record the result the rating report must give for `game`, while the pairings and the
    standings keep the recorded one (C.04.2 D.8; VCL4THP Q192). Level 3; recorded as a
    rating-only correction event. A second call replaces the first."""
    tournament = lock_tournament(game.round.tournament_id)
    game = Game.objects.select_related("round", "white", "black").get(pk=game.pk)
    if game.round.state not in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundNotPublished(
            _("Round %(number)s is not published.") % {"number": game.round.number}
        )
    try:
        warning = rating_correction_warning(_change(game, result, rounds=tournament.rounds))
    except ResultLocked as refusal:
        raise RoundNotEditable(refusal_text(refusal)) from None
    previous = RatingCorrection.objects.filter(game=game).first()
    require_confirmation(translated_warning(warning), confirmed)
    correction, _created = RatingCorrection.objects.update_or_create(
        game=game, defaults={"result": result, "note": note.strip(), "user": by}
    )
    audit(
        tournament=tournament,
        by=by,
        entity="rating_correction",
        entity_id=correction.pk,
        old=_result_label(previous.result) if previous else "",
        new=f"round {game.round.number} board {game.board}: {_result_label(result)} for rating",
        note=note.strip(),
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.RATING_CORRECTION,
        round_number=game.round.number,
        details=f"{_board(game)}: recorded {game.result or 'no result'}, rated as {result}"
        + (f" ({note.strip()})" if note.strip() else ""),
        by=by,
        snapshot=(
            snapshot_rows(changed=[previous]) if previous else snapshot_rows(created=[correction])
        ),
    )
    return correction
