"""Final or provisional: the standings after the last round are final only when every game has
a result (FIDE checklist Q161, Q169).

While a game of the last round is adjourned or has no result, or an adjourned game of an
earlier round is still open, the standings after the last round are provisional: every page,
CSV and PDF that shows them says so and names the open games.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext as _

from tournaments.models import Game, Result, Tournament


@dataclass(frozen=True, slots=True)
class OpenGame:
    """A game the final standings wait for: adjourned, or without a result yet."""

    round: int
    board: int
    white: str
    black: str
    adjourned: bool

    @property
    def text(self) -> str:
        """ "round 3, board 1 (Ana - Ben): adjourned", in the language active when read."""
        values = {
            "round": self.round,
            "board": self.board,
            "white": self.white,
            "black": self.black,
        }
        if self.adjourned:
            return _("round %(round)s, board %(board)s (%(white)s - %(black)s): adjourned") % values
        return _("round %(round)s, board %(board)s (%(white)s - %(black)s): no result") % values


def open_games(tournament: Tournament, after_round: int) -> tuple[OpenGame, ...]:
    """The games that keep the standings after `after_round` from being final: none unless
    `after_round` is the tournament's last round; then every adjourned game up to it and every
    game of it without a result."""
    if after_round == 0 or after_round != tournament.rounds:
        return ()
    games = (
        Game.objects.filter(round__tournament=tournament, round__number__lte=after_round)
        .filter(Q(result=Result.ADJOURNED) | Q(round__number=after_round, result=Result.NOT_PLAYED))
        .select_related("round", "white", "black")
        .order_by("round__number", "board")
    )
    return tuple(
        OpenGame(
            round=game.round.number,
            board=game.board,
            white=game.white.name,
            black=game.black.name,
            adjourned=game.result == Result.ADJOURNED,
        )
        for game in games
    )


def open_games_text(games: tuple[OpenGame, ...]) -> str:
    """The open games in one sentence, for a PDF, a CSV or a message."""
    return _("Provisional: not final while these games have no result: %(games)s.") % {
        "games": "; ".join(game.text for game in games)
    }
