"""Each player's FIDE rating change in the tournament so far (issue 33), from the games with a
rated result: `tournaments.domain.rating_changes` over the rows. The opponents' ratings are
their FIDE ratings as entered for the tournament; K is the player's entered K-factor (the
rating list's), else computed from the rating and birth year (a player is taken to have 30
rated games and to have reached 2400 only when rated 2400 or more)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.utils import timezone

from tournaments.domain import rating_changes as domain
from tournaments.models import Game, Player, Result, Tournament
from tournaments.selectors.prizes import birth_year

RATED_SCORES: dict[str, tuple[int, int]] = {
    Result.WHITE_WINS: (2, 0),
    Result.DRAW: (1, 1),
    Result.BLACK_WINS: (0, 2),
    Result.HALF_ZERO: (1, 0),
    Result.ZERO_HALF: (0, 1),
    Result.ZERO_ZERO: (0, 0),
}
"""The half-points of each player in a result FIDE rates (forfeits and the TRF W/D/L results
are not rated)."""


@dataclass(frozen=True, slots=True)
class PlayerRatingChange:
    """A rated player's change (`change`), an unrated player's initial rating (`initial`), or
    neither when the tournament's dates are outside the regulations implemented (`refused`)."""

    player: Player
    rating: int
    change: domain.RatingChange | None = None
    initial: domain.InitialRating | None = None
    refused: str = ""

    @property
    def k_entered(self) -> bool:
        return self.player.k_factor is not None


def _start(tournament: Tournament) -> datetime.date:
    return tournament.start_date or timezone.localdate()


def rating_changes(tournament: Tournament) -> dict[int, PlayerRatingChange]:
    """Each player's change so far, by pairing number (two queries)."""
    players = {player.pk: player for player in tournament.players.all()}
    games: dict[int, list[domain.Game]] = defaultdict(list)
    rows = Game.objects.filter(round__tournament=tournament, result__in=list(RATED_SCORES))
    for white_id, black_id, result in rows.values_list("white_id", "black_id", "result"):
        white, black = players[white_id], players[black_id]
        white_score, black_score = RATED_SCORES[result]
        games[white_id].append(domain.Game(black.fide_rating, white_score))
        games[black_id].append(domain.Game(white.fide_rating, black_score))
    kind = domain.RatingKind(tournament.rating_kind)
    start = _start(tournament)
    changes: dict[int, PlayerRatingChange] = {}
    for player in players.values():
        played = games.get(player.pk, [])
        try:
            if player.fide_rating:
                data = domain.KData(
                    list_k=player.k_factor,
                    birth_year=birth_year(player),
                    reached_2400=player.fide_rating >= 2400,
                )
                computed = domain.rating_change(kind, player.fide_rating, played, data, start)
                entry = PlayerRatingChange(player, player.fide_rating, change=computed)
            else:
                entry = PlayerRatingChange(player, 0, initial=domain.initial_rating(played, start))
        except domain.UnsupportedRules as error:
            entry = PlayerRatingChange(player, player.fide_rating, refused=str(error))
        changes[player.pairing_number] = entry
    return changes


def player_rating_change(tournament: Tournament, player: Player) -> PlayerRatingChange:
    """One player's change so far."""
    return rating_changes(tournament)[player.pairing_number]
