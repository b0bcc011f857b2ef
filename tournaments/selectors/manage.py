"""Reads for the arbiter pages (a few queries each)."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet
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
        "audit": list(AuditEntry.objects.filter(tournament=tournament).select_related("user")[:15]),
    }


def _next_step(rounds: list[Round], player_count: int) -> str:
    """What the arbiter has to do next, in a sentence."""
    if player_count < 2:
        return _("Register the players (at least two).")
    for rnd in rounds:
        if rnd.state == RoundState.PAIRED:
            return _("Check and publish the draft of round %(number)s.") % {"number": rnd.number}
        if rnd.state == RoundState.PUBLISHED:
            return _("Enter the results of round %(number)s.") % {"number": rnd.number}
        if rnd.state == RoundState.NOT_PAIRED:
            return _("Pair round %(number)s.") % {"number": rnd.number}
    return _("Every round is completed: the tournament is over.")


def players_page(tournament: Tournament) -> dict[str, object]:
    """The players by pairing number, whether they follow the initial order, the prohibited
    pairs, and whether pairing numbers may still change (C.04.2 B.3)."""
    players = list(tournament.players.order_by("pairing_number"))
    in_order = [player.pk for player in players_in_initial_order(tournament)]
    paired = next_round_number(tournament) - 1
    return {
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


def results_progress(rnd: Round) -> tuple[int, int]:
    """How many boards of the round have a result, and how many boards it has (one query)."""
    counts = rnd.games.aggregate(
        entered=Count("pk", filter=~Q(result=Result.NOT_PLAYED)), total=Count("pk")
    )
    return counts["entered"], counts["total"]


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
