"""A game played with the colours reversed, recorded as played (C.04.2 D.8; issue 31).

One transactional function that locks the tournament first; the rules are in
`tournaments.domain.colour_reversals`.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from tournaments.domain.colour_reversals import (
    ColourReversal,
    NotPlayedGame,
    colour_reversal,
    reversed_result,
)
from tournaments.domain.warnings import Confirmed
from tournaments.exceptions import ResultConflict, RoundNotEditable, RoundNotPublished
from tournaments.models import Game, IntegrityEventKind, Result, RoundState
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import integrity_event_record, snapshot_rows
from tournaments.translation import refusal_text, translated_warning


def _label(result: str) -> str:
    return str(Result(result).label) if result else _("no result")


@transaction.atomic
def game_record_reversed_colours(
    *, game: Game, by: User, expected_white: int, confirmed: Confirmed | None = None
) -> Game:
    """Record that the game on `game`'s board was played with the colours reversed: White and
    Black are exchanged and the result with them, so that each player keeps their points (the
    result stands). `expected_white` is the pairing number the arbiter saw with White
    (compare-and-set: a repeated request does not exchange them back). A correction (C.04.2
    D.8): Level 3 in the last published round and the one before it, Level 4 or 5 (FIDE
    mode) earlier; audited and recorded as a `### Correction` event. A forfeited game was not
    played and is refused."""
    tournament = lock_tournament(game.round.tournament_id)
    game = (
        Game.objects.select_related("round", "white", "black")
        .select_for_update(of=("self",))
        .get(pk=game.pk)
    )
    rnd = game.round
    if rnd.state not in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundNotPublished(
            _("Round %(number)s is not published: results are entered after publication.")
            % {"number": rnd.number}
        )
    if game.white.pairing_number != expected_white:
        raise ResultConflict(
            _("Board %(board)s was changed meanwhile: %(name)s has White now.")
            % {"board": game.board, "name": game.white.name},
            current=game.result,
        )
    next_paired = tournament.round_set.filter(
        number=rnd.number + 1,
        state__in=[RoundState.PAIRED, RoundState.PUBLISHED, RoundState.COMPLETED],
    ).exists()
    last_published = (
        tournament.round_set.filter(state__in=[RoundState.PUBLISHED, RoundState.COMPLETED])
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    ) or 0
    new_result = reversed_result(game.result)
    reversal = ColourReversal(
        round_number=rnd.number,
        board=game.board,
        white=game.white.name,
        black=game.black.name,
        result=game.result,
        result_label=_label(game.result),
        reversed_label=_label(new_result),
    )
    try:
        warning = colour_reversal(
            reversal,
            next_paired=next_paired,
            fide_mode=tournament.fide_mode,
            last_published=last_published,
        )
    except NotPlayedGame as refusal:
        raise RoundNotEditable(refusal_text(refusal)) from None
    require_confirmation(translated_warning(warning), confirmed)
    before = snapshot_rows(changed=[game])
    old_white, old_black, old_result = game.white, game.black, game.result
    game.white, game.black, game.result = old_black, old_white, new_result
    game.save(update_fields=["white", "black", "result", "updated"])
    pairing = f"{old_white.pairing_number} - {old_black.pairing_number}"
    played = f"{old_black.pairing_number} - {old_white.pairing_number}"
    audit(
        tournament=tournament,
        by=by,
        entity="game",
        entity_id=game.pk,
        old=f"round {rnd.number} board {game.board}: {pairing} {_label(old_result)}",
        new=f"round {rnd.number} board {game.board}: {played} {_label(new_result)}",
        note="played with reversed colours",
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.CORRECTION,
        round_number=rnd.number,
        details=(
            f"board {game.board} ({pairing}): played with reversed colours, recorded as "
            f"{played} {new_result or 'no result'}"
        ),
        by=by,
        snapshot=before,
    )
    return game
