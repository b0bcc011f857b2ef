"""Pairing a round by hand (VCL4THP Q63-Q69): the arbiter's manual pairing session.

"Edit pairings" (`round_manual_start`) opens a round for hand pairing: an empty draft when the
round is not paired yet (the engine found no pairing, or was never asked), else the engine's
draft. In the session the arbiter pairs two unpaired players (`round_manual_pair`), unpairs a
board (`round_manual_unpair`) and gives or moves the pairing-allocated bye
(`round_manual_bye`). Every edit that breaks a rule (judged by the engine's own predicates,
`pairing.engine.board_warnings`, `bye_warnings`, `wrong_colours_warnings`) needs a Level-3
confirmation before it is saved (Q66, Q67) and each edit is an `### MPA` event, undoable while
the draft stands. "Validate pairings" (`round_manual_validate`) ends the session: the round
must pair every player to be paired exactly once, it is compared with the engine's pairing of
the same state, and any difference needs a Level-4 confirmation showing the engine's pairing
and is recorded as `### MPA @ Round n: ...` (Q68, Q69) before the round is published.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from pairing.engine import (
    RuleWarning,
    board_warnings,
    bye_warnings,
    wrong_colours_warnings,
)
from pairing.exceptions import DraftEditRefused, RoundAlreadyPublished, RoundNotPaired
from pairing.explanation import warning_text
from pairing.models import ACTIVE_STATUSES, PairingRun, RunStatus
from pairing.roundrobin.checks import round_robin_warnings
from pairing.selectors import round_state_to_pair, rule_warnings, tournament_edition
from pairing.services.manual_difference import (
    PairingDifference,
    pairing_difference,
    round_bye,
    round_pairs,
)
from pairing.services.rounds import _check_can_pair, round_publish
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.domain.warnings import ActionWarning, Confirmed, Level
from tournaments.models import (
    Bye,
    ByeKind,
    Game,
    IntegrityEventKind,
    Player,
    Round,
    RoundState,
    Tournament,
)
from tournaments.services.base import audit, lock_tournament, require_confirmation
from tournaments.services.integrity import deleted_rows, integrity_event_record, snapshot_rows

__all__ = [
    "PairingDifference",
    "round_manual_bye",
    "round_manual_pair",
    "round_manual_start",
    "round_manual_unpair",
    "round_manual_validate",
]


def _locked_draft(rnd: Round) -> tuple[Tournament, Round]:
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.select_related("tournament").get(pk=rnd.pk)
    if rnd.state in {RoundState.PUBLISHED, RoundState.COMPLETED}:
        raise RoundAlreadyPublished(
            _("Round %(number)d is published: it can no longer be paired by hand.")
            % {"number": rnd.number}
        )
    if rnd.state != RoundState.PAIRED:
        raise RoundNotPaired(
            _("Round %(number)d is not open for pairing: edit pairings first.")
            % {"number": rnd.number}
        )
    return tournament, rnd


def _taken(rnd: Round) -> set[int]:
    taken = {number for pair in round_pairs(rnd) for number in pair}
    bye = round_bye(rnd)
    return taken | ({bye} if bye is not None else set())


def _check_free(state: TournamentState, rnd: Round, *players: Player) -> None:
    taken = _taken(rnd)
    for player in players:
        if player.tournament_id != rnd.tournament_id:
            raise DraftEditRefused(
                _("%(player)s does not play in this tournament.") % {"player": player}
            )
        if PlayerId(player.pairing_number) in state.not_paired:
            raise DraftEditRefused(
                _("%(player)s is not to be paired in round %(number)d.")
                % {"player": player, "number": rnd.number}
            )
        if player.pairing_number in taken:
            raise DraftEditRefused(
                _("%(player)s is already paired in round %(number)d.")
                % {"player": player, "number": rnd.number}
            )


def _confirm(warnings: list[RuleWarning], title: str, confirmed: Confirmed | None) -> None:
    if warnings:
        require_confirmation(
            ActionWarning(
                Level.CONFIRM,
                title,
                tuple(warning_text(warning) for warning in warnings),
                rule="VCL4THP Q66, Q67",
            ),
            confirmed,
        )


def _mpa(
    tournament: Tournament,
    rnd: Round,
    by: User | None,
    details: str,
    snapshot: dict[str, object] | None,
) -> None:
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        new=details,
        note=f"round {rnd.number}: pairing by hand",
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.MANUAL_PAIRING,
        round_number=rnd.number,
        details=details,
        by=by,
        snapshot=snapshot,
    )


@transaction.atomic
def round_manual_start(*, rnd: Round, by: User | None) -> Round:
    """ "Edit pairings": open the round for pairing by hand.

    A round not paired yet becomes an empty draft (a waiting or stuck engine run is
    superseded); the previous round must be completed, as for the engine (Q63). A draft stays
    as it is. Refused for a published round.
    """
    tournament = lock_tournament(rnd.tournament_id)
    rnd = Round.objects.get(pk=rnd.pk)
    if rnd.state == RoundState.PAIRED:
        return rnd
    _check_can_pair(tournament, rnd)
    PairingRun.objects.filter(round=rnd, status__in=ACTIVE_STATUSES).update(
        status=RunStatus.SUPERSEDED, finished_at=timezone.now()
    )
    rnd.state = RoundState.PAIRED
    rnd.paired_at = timezone.now()
    rnd.save(update_fields=["state", "paired_at", "updated"])
    audit(
        tournament=tournament,
        by=by,
        entity="round",
        entity_id=rnd.pk,
        old="not paired",
        new="paired by hand (empty draft)",
        note=f"round {rnd.number}: pairing by hand started",
    )
    return rnd


@transaction.atomic
def round_manual_pair(
    *, rnd: Round, white: Player, black: Player, by: User | None, confirmed: Confirmed | None = None
) -> Game:
    """Pair two unpaired players of the round on a new board, `white` with White.

    Refused for the same player twice, a player already paired (or given the bye) and a player
    not to be paired (a requested bye, a withdrawal, a late entry). A board that breaks a rule
    (rematch, prohibited pair, absolute colour criteria, colour difference beyond ±2, a third
    colour in a row, both players on the wrong colour) needs a Level-3 confirmation.
    """
    tournament, rnd = _locked_draft(rnd)
    if white.pk == black.pk:
        raise DraftEditRefused(_("A player cannot be paired with themselves: choose two players."))
    state = round_state_to_pair(rnd)
    _check_free(state, rnd, white, black)
    board = (rnd.games.aggregate(last=Max("board"))["last"] or 0) + 1
    ids = PlayerId(white.pairing_number), PlayerId(black.pairing_number)
    edition = tournament_edition(tournament)
    if tournament.is_round_robin:  # its own rules (VCL Q101-Q102), not C.04.3
        warnings = round_robin_warnings(state, [(board, *ids)], None)
    else:
        warnings = board_warnings(state, board, *ids, edition=edition)
        warnings += wrong_colours_warnings(state, board, *ids, edition=edition)
    title = _("Board %(board)d, %(white)s – %(black)s, breaks the rules") % {
        "board": board,
        "white": white,
        "black": black,
    }
    _confirm(warnings, title, confirmed)
    game = Game.objects.create(round=rnd, board=board, white=white, black=black)
    details = f"board {board}: paired by hand, {ids[0]}-{ids[1]}"
    if warnings:
        details += " (" + "; ".join(warning.text for warning in warnings) + ")"
    _mpa(tournament, rnd, by, details, snapshot_rows(created=[game], rests_on=[rnd]))
    return game


@transaction.atomic
def round_manual_unpair(*, game: Game, by: User | None) -> None:
    """Remove a board of the draft: both players are unpaired again."""
    tournament, rnd = _locked_draft(game.round)
    game = Game.objects.select_related("white", "black").get(pk=game.pk, round=rnd)
    pair = f"{game.white.pairing_number}-{game.black.pairing_number}"
    removed = Game.objects.filter(pk=game.pk)
    before = deleted_rows(removed)
    removed.delete()
    _mpa(
        tournament,
        rnd,
        by,
        f"board {game.board}: unpaired by hand, {pair}",
        snapshot_rows(changed=before, rests_on=[rnd]),
    )


@transaction.atomic
def round_manual_bye(
    *, rnd: Round, player: Player, by: User | None, confirmed: Confirmed | None = None
) -> Bye:
    """Give the pairing-allocated bye to an unpaired player, taking it from its holder.

    Only with an odd number of players to pair (C.04.1 c). A player who may not receive it
    (C.04.3 C.2: `bye_warnings`) needs a Level-3 confirmation.
    """
    tournament, rnd = _locked_draft(rnd)
    state = round_state_to_pair(rnd)
    if len(state.to_pair()) % 2 == 0:
        raise DraftEditRefused(
            _("Round %(number)d has an even number of players to pair: no bye is given.")
            % {"number": rnd.number}
        )
    _check_free(state, rnd, player)
    warnings = (
        round_robin_warnings(state, [], PlayerId(player.pairing_number))
        if tournament.is_round_robin
        else bye_warnings(
            state, PlayerId(player.pairing_number), edition=tournament_edition(tournament)
        )
    )
    _confirm(warnings, _("The bye to %(player)s breaks the rules") % {"player": player}, confirmed)
    previous = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED)
    before = deleted_rows(previous)
    moved = round_bye(rnd)
    previous.delete()
    bye = Bye.objects.create(round=rnd, player=player, kind=ByeKind.PAIRING_ALLOCATED)
    details = f"bye: {player.pairing_number}" + (f" (was {moved})" if moved else "")
    if warnings:
        details += " (" + "; ".join(warning.text for warning in warnings) + ")"
    _mpa(tournament, rnd, by, details, snapshot_rows(changed=before, created=[bye], rests_on=[rnd]))
    return bye


@transaction.atomic
def round_manual_validate(
    *, rnd: Round, by: User | None, confirmed: Confirmed | None = None
) -> PairingDifference:
    """ "Validate pairings": end the session and publish the round (VCL4THP Q68, Q69).

    Refused unless every player to be paired is on a board or has the bye. The round is
    compared with the engine's pairing of the same state; a difference (or an engine that
    finds no pairing) needs a Level-4 confirmation stating it, and is recorded as an
    `### MPA` event before the round is published in the order of C.04.2 D.9.
    """
    tournament, rnd = _locked_draft(rnd)
    state = round_state_to_pair(rnd)
    missing = sorted(int(p.id) for p in state.to_pair() if int(p.id) not in _taken(rnd))
    if missing:
        raise DraftEditRefused(
            ngettext(
                "Player %(numbers)s not paired yet: pair them or give the bye.",
                "Players %(numbers)s not paired yet: pair them or give the bye.",
                len(missing),
            )
            % {"numbers": ", ".join(map(str, missing))}
        )
    difference = pairing_difference(tournament, state, rnd)
    if difference.differs:
        title = (
            _("Round %(number)d differs from the Berger table's pairing")
            if difference.table
            else _("Round %(number)d differs from the engine's pairing")
        )
        broken = rule_warnings(
            tournament,
            state,
            (
                (board, PlayerId(white), PlayerId(black))
                for board, white, black in rnd.games.values_list(
                    "board", "white__pairing_number", "black__pairing_number"
                )
            ),
            None,
        )
        require_confirmation(
            ActionWarning(
                Level.DOUBLE_CONFIRM,
                title % {"number": rnd.number},
                difference.lines()
                + tuple(warning_text(warning) for warning in broken)
                + (_("The round is published as paired by hand and recorded as an MPA event."),),
                rule="VCL4THP Q68, Q69",
            ),
            confirmed,
        )
        with translation.override("en"):
            details = "validated by hand; " + "; ".join(difference.lines())
        _mpa(tournament, rnd, by, details, None)
    round_publish(rnd=rnd, by=by)
    return difference
