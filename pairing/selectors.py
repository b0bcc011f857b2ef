"""Reads for the pairing pages and services: rounds, runs, draft boards and their warnings."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet
from django.http import Http404

from pairing.checks import RuleWarning, pairing_warnings
from pairing.models import PairingRun
from tournaments.domain.state import PlayerId, TournamentState
from tournaments.models import Bye, ByeKind, Game, Player, Round, Tournament
from tournaments.selectors.state import tournament_state


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


def points_text(half_points: int) -> str:
    """A score as players read it: 0, ½, 1, 1½ ..."""
    whole, half = divmod(half_points, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


@dataclass(frozen=True, slots=True)
class BoardRow:
    """A board as the pairing page shows it: players with their scores before the round."""

    game: Game
    white_score: str
    black_score: str
    warnings: tuple[RuleWarning, ...]


@dataclass(frozen=True, slots=True)
class RoundPairingView:
    """A round's pairing (draft or published) with its scores and what it breaks."""

    rows: list[BoardRow]
    bye: Bye | None
    bye_score: str
    warnings: list[RuleWarning]

    @property
    def has_rematch(self) -> bool:
        """A board breaks C.1: the one reason a published pairing may change (C.04.2 D.10)."""
        return any(warning.rule == "C.04.3 C.1" for warning in self.warnings)


def round_pairing_view(rnd: Round) -> RoundPairingView:
    """The round's boards, bye, scores before the round, and every rule they break."""
    games = list(round_games(rnd))
    bye = round_pairing_bye(rnd)
    if not games and bye is None:
        return RoundPairingView(rows=[], bye=None, bye_score="", warnings=[])
    state = state_before(rnd)
    scores = {player.id: int(player.score(state.scoring)) for player in state.players}
    warnings = pairing_warnings(
        state,
        (
            (game.board, PlayerId(game.white.pairing_number), PlayerId(game.black.pairing_number))
            for game in games
        ),
        PlayerId(bye.player.pairing_number) if bye is not None else None,
    )
    rows = [
        BoardRow(
            game=game,
            white_score=points_text(scores[PlayerId(game.white.pairing_number)]),
            black_score=points_text(scores[PlayerId(game.black.pairing_number)]),
            warnings=tuple(w for w in warnings if w.board == game.board),
        )
        for game in games
    ]
    bye_score = points_text(scores[PlayerId(bye.player.pairing_number)]) if bye else ""
    return RoundPairingView(rows=rows, bye=bye, bye_score=bye_score, warnings=warnings)


def players_by_number(tournament: Tournament) -> dict[int, Player]:
    return {player.pairing_number: player for player in tournament.players.all()}
