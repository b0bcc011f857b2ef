"""Drawing the result of a game from the players' ratings.

The expected score of White is the Elo expectation `E = 1 / (1 + 10^((Rb - Ra) / 400))`
(FIDE rating regulations B.02 8.1, without the 400-point cap). Between equally rated players a
game is drawn with probability `DrawPercentage`; the draw probability shrinks with the gap as
`draw% * 2 * min(E, 1 - E)`, and the remaining probability is split so that the expected score
stays `E`. A game is forfeited (C.04.1: not played) when one player does not appear; each player
fails to appear independently, so that one game in `ForfeitRate` is forfeited; when both fail,
both lose (a double forfeit, `-` on both sides).
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass

from tournaments.domain.state import Outcome


class GameEnd(enum.Enum):
    """How a game ended, from White's side."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_FORFEITS = "-:+"
    BLACK_FORFEITS = "+:-"
    BOTH_FORFEIT = "-:-"

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        """The TRF outcome of White, then of Black."""
        return _OUTCOMES[self]


_OUTCOMES = {
    GameEnd.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    GameEnd.DRAW: (Outcome.DRAW, Outcome.DRAW),
    GameEnd.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    GameEnd.WHITE_FORFEITS: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    GameEnd.BLACK_FORFEITS: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    GameEnd.BOTH_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}


@dataclass(frozen=True, slots=True)
class ResultModel:
    """The probabilities of one tournament: draw percentage and forfeit rate (one in N, 0: none)."""

    draw_percentage: int
    forfeit_rate: int

    @property
    def no_show(self) -> float:
        """The probability that one player does not appear: `1 - (1 - q)^2 = 1 / ForfeitRate`."""
        if self.forfeit_rate == 0:
            return 0.0
        return 1.0 - math.sqrt(1.0 - 1.0 / self.forfeit_rate)

    def draw(self, rng: random.Random, white_rating: int, black_rating: int) -> GameEnd:
        """Draw one game: first who appears, then the result over the board."""
        no_show = self.no_show
        white_absent = rng.random() < no_show
        black_absent = rng.random() < no_show
        if white_absent and black_absent:
            return GameEnd.BOTH_FORFEIT
        if white_absent:
            return GameEnd.WHITE_FORFEITS
        if black_absent:
            return GameEnd.BLACK_FORFEITS
        expected = expected_score(white_rating, black_rating)
        draw = self.draw_percentage / 100 * 2 * min(expected, 1 - expected)
        white_wins = expected - draw / 2
        toss = rng.random()
        if toss < white_wins:
            return GameEnd.WHITE_WINS
        if toss < white_wins + draw:
            return GameEnd.DRAW
        return GameEnd.BLACK_WINS


def expected_score(rating: int, opponent_rating: int) -> float:
    """The Elo expectation of a player rated `rating` against `opponent_rating` (0..1)."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent_rating - rating) / 400))
