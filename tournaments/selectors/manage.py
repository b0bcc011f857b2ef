"""Reads for the arbiter pages (a few queries each)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.utils.translation import gettext as _

from tournaments.models import (
    RENUMBERING_LAST_ROUND,
    AuditEntry,
    Bye,
    ForbiddenPair,
    Game,
    Player,
    Result,
    Round,
    RoundState,
    Tournament,
)
from tournaments.selectors.pages import tournament_rounds
from tournaments.selectors.state import next_round_number, players_in_initial_order


def dashboard(tournament: Tournament) -> dict[str, object]:
    """The rounds, the number of players, the next round to pair and the last changes."""
    rounds = tournament_rounds(tournament)
    player_count = tournament.players.count()
    next_round = next(
        (rnd.number for rnd in rounds if rnd.state == RoundState.NOT_PAIRED), len(rounds) + 1
    )
    return {
        "rounds": rounds,
        "player_count": player_count,
        "next_round": next_round,
        "next_step": _next_step(rounds, player_count),
        "report_missing": report_missing(tournament),
        "audit": list(AuditEntry.objects.filter(tournament=tournament).select_related("user")[:15]),
    }


@dataclass(frozen=True, slots=True)
class NextStep:
    """What the arbiter has to do next, in a sentence, and where: `page` is "players",
    "pairing" or "results" (of round `number`), or "" when nothing is left."""

    text: str
    page: str = ""
    number: int = 0

    def __str__(self) -> str:
        return self.text


def _next_step(rounds: list[Round], player_count: int) -> NextStep:
    """What the arbiter has to do next, and on which page."""
    if player_count < 2:
        return NextStep(_("Register the players (at least two)."), "players")
    for rnd in rounds:
        number = rnd.number
        if rnd.state == RoundState.PAIRED:
            text = _("Check and publish the draft of round %(number)s.") % {"number": number}
            return NextStep(text, "pairing", number)
        if rnd.state == RoundState.PUBLISHED:
            text = _("Enter the results of round %(number)s.") % {"number": number}
            return NextStep(text, "results", number)
        if rnd.state == RoundState.NOT_PAIRED:
            return NextStep(_("Pair round %(number)s.") % {"number": number}, "pairing", number)
    return NextStep(_("Every round is completed: the tournament is over."))


def report_missing(tournament: Tournament) -> list[str]:
    """The rating report's details still to give (C.04 Annex 2: time control, round dates,
    the chief arbiter's FIDE ID), as the dashboard reminds them (issue 31)."""
    missing = []
    if not tournament.time_control:
        missing.append(_("the time control"))
    if len(tournament.round_dates) < tournament.rounds:
        missing.append(_("the round dates"))
    if not tournament.chief_arbiter_fide_id:
        missing.append(_("the chief arbiter's FIDE ID"))
    return missing


def players_page(tournament: Tournament) -> dict[str, object]:
    """The players by pairing number, whether they follow the initial order, the prohibited
    pairs, and whether pairing numbers may still change (C.04.2 B.3)."""
    players = list(tournament.players.order_by("pairing_number"))
    in_order = [player.pk for player in players_in_initial_order(tournament)]
    paired = next_round_number(tournament) - 1
    return {
        "report_missing": report_missing(tournament) if paired == 0 else [],
        "players": players,
        "in_initial_order": in_order == [player.pk for player in players],
        "renumbering_open": paired < RENUMBERING_LAST_ROUND,
        "round_one_paired": paired >= 1,
        "forbidden_pairs": list(
            ForbiddenPair.objects.filter(tournament=tournament).select_related("first", "second")
        ),
    }


def player_byes(player: Player) -> list[Bye]:
    return list(player.byes.select_related("round").order_by("round__number"))


def round_or_404(tournament: Tournament, number: int) -> Round:
    try:
        return tournament.round_set.get(number=number)
    except Round.DoesNotExist as error:
        raise Http404("No such round") from error


def round_games(rnd: Round) -> QuerySet[Game]:
    return rnd.games.select_related("white", "black").order_by("board")


class RoundProgress(NamedTuple):
    """How far a round's results are, read in one statement (one snapshot of the database)."""

    state: str
    entered: int
    total: int
    version: int  # the tournament's audit entries at the reading: a later reading has more


def results_progress(rnd: Round) -> RoundProgress:
    """The round's state, how many boards have a result, and how many boards it has, with the
    version that orders two readings: answers to result entries made in parallel reach the
    page in any order, and the page keeps the newest (every result and every change of a
    round's state is written with its audit entry, in one transaction)."""
    audit_count = (
        AuditEntry.objects.filter(tournament=OuterRef("tournament"))
        .order_by()
        .values("tournament")
        .annotate(count=Count("pk"))
        .values("count")
    )
    state, entered, total, version = (
        Round.objects.filter(pk=rnd.pk)
        .annotate(
            entered=Count("games", filter=~Q(games__result=Result.NOT_PLAYED)),
            total=Count("games"),
            version=Coalesce(Subquery(audit_count), 0),
        )
        .values_list("state", "entered", "total", "version")
        .get()
    )
    return RoundProgress(state, entered, total, version)


def game_or_404(rnd: Round, board: int) -> Game:
    try:
        return rnd.games.select_related("white", "black", "round").get(board=board)
    except Game.DoesNotExist as error:
        raise Http404("No such board") from error


def adjourned_games(tournament: Tournament) -> list[Game]:
    """The games still adjourned (checklist Q157-Q169), round and board order."""
    return list(
        Game.objects.filter(round__tournament=tournament, result=Result.ADJOURNED)
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
