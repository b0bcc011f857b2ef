"""Reads for the pairing pages and services: rounds, runs, draft boards and their warnings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from pairing.checks import RuleWarning, pairing_warnings
from pairing.models import PairingRun
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.models import Bye, ByeKind, Game, Player, Round, Tournament
from tournaments.selectors import tournament_state


def round_of(tournament: Tournament, number: int) -> Round:
    """Round `number` of the tournament; 404 when the tournament has no such round."""
    rnd = tournament.round_set.filter(number=number).first()
    if rnd is None:
        raise Http404(f"{tournament.name} has no round {number}.")
    return rnd


def latest_run(rnd: Round) -> PairingRun | None:
    """The round's most recent pairing run, if any."""
    return (
        PairingRun.objects.filter(round=rnd)
        .select_related("requested_by")
        .order_by("-created", "-id")
        .first()
    )


def round_games(rnd: Round) -> QuerySet[Game]:
    """The round's games by board, with both players."""
    return rnd.games.select_related("white", "black").order_by("board")


def round_pairing_bye(rnd: Round) -> Bye | None:
    """The round's pairing-allocated bye, if any."""
    return rnd.byes.select_related("player").filter(kind=ByeKind.PAIRING_ALLOCATED).first()


def state_before(rnd: Round) -> TournamentState:
    """The history before the round (rounds 1 .. n-1): what the rule checks read."""
    return tournament_state(rnd.tournament, rnd.number)


def scores_before(rnd: Round) -> dict[PlayerId, int]:
    """Each player's score in half-points before the round, by pairing number."""
    state = state_before(rnd)
    return {player.id: int(player.score(state.scoring)) for player in state.players}


def draft_warnings(rnd: Round, games: list[Game] | None = None) -> list[RuleWarning]:
    """What the round's current pairing breaks (empty for an untouched engine pairing)."""
    games = list(round_games(rnd)) if games is None else games
    bye = round_pairing_bye(rnd)
    return pairing_warnings(
        state_before(rnd),
        (
            (game.board, PlayerId(game.white.pairing_number), PlayerId(game.black.pairing_number))
            for game in games
        ),
        PlayerId(bye.player.pairing_number) if bye is not None else None,
    )


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A board as the draft page shows it: players with their scores before the round."""

    game: Game
    white_score: int
    black_score: int


def draft_rows(rnd: Round, games: list[Game], scores: dict[PlayerId, int]) -> list[BoardRow]:
    return [
        BoardRow(
            game=game,
            white_score=scores.get(PlayerId(game.white.pairing_number), 0),
            black_score=scores.get(PlayerId(game.black.pairing_number), 0),
        )
        for game in games
    ]


def players_by_number(tournament: Tournament) -> dict[int, Player]:
    return {player.pairing_number: player for player in tournament.players.all()}


def results_missing(rnd: Round) -> int:
    """How many games of the round have no result yet."""
    return rnd.games.filter(result="").count()
