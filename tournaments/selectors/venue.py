"""Reads for the players at the venue (issue 31): where a player sits in the round in play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Q

from tournaments.models import Bye, Player, Round, RoundState


@dataclass(frozen=True, slots=True)
class PlayerNow:
    """A player in the round in play: their board and colour ("w" or "b") against `opponent`,
    or their bye, or neither (not paired: absent, withdrawn, or a late entry)."""

    round_number: int
    board: int | None = None
    colour: str = ""
    opponent: Player | None = None
    bye: Bye | None = None


def round_in_play(rounds: Sequence[Round]) -> Round | None:
    """The round being played: the last published round whose results are not all in."""
    published = [rnd for rnd in rounds if rnd.state == RoundState.PUBLISHED]
    return published[-1] if published else None


def player_now(player: Player, rounds: Sequence[Round]) -> PlayerNow | None:
    """Where `player` plays in the round in play (of `rounds`, the tournament's); None when no
    round is in play. Two queries."""
    rnd = round_in_play(rounds)
    if rnd is None:
        return None
    game = (
        rnd.games.select_related("white", "black").filter(Q(white=player) | Q(black=player)).first()
    )
    if game is not None:
        white = game.white_id == player.pk
        return PlayerNow(
            round_number=rnd.number,
            board=game.board,
            colour="w" if white else "b",
            opponent=game.black if white else game.white,
        )
    return PlayerNow(round_number=rnd.number, bye=rnd.byes.filter(player=player).first())
