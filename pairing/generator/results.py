"""Drawing the result of a game from the players' ratings.

The expected score of White is PD of the FIDE rating table (Rating Regulations B.02, table
8.1.2, `tournaments.domain.rating_tables`) for the rating difference, a difference of more than
400 points counting as 400 as in the regulations' rating calculation (VCL Q32: results follow
the probabilities of the FIDE rating table). Between equally rated players a game is drawn with
probability `DrawPercentage`; the draw probability shrinks with the gap as
`draw% * 2 * min(E, 1 - E)`, and the remaining probability is split so that the expected score
stays `E`. A game is forfeited (C.04.1: not played) when one player does not appear; each player
fails to appear independently, so that one game in `ForfeitRate` is forfeited; when both fail,
both lose (a double forfeit, `-` on both sides). A game played is then, one time in
`HalfZeroRate`, `ZeroHalfRate` or `ZeroZeroRate`, scored ½-0, 0-½ or 0-0 by the arbiter (C.04.1;
a rated game, TRF `=`/`0`, `0`/`=`, `0`/`0`); otherwise its result follows `E`.

With `ResultsModel=tec` (`GameModel.TEC`, the generator's default since the checklist asks
for it, VCL Q32) a game played is drawn from the TEC's statistical model instead (`tec_model`):
its own white advantage and draw rate, no `DrawPercentage`. `ResultModel` itself, built from a
draw percentage, defaults to the table.
"""

from __future__ import annotations

import enum
import math
import random
from dataclasses import dataclass
from typing import Final

from pairing.generator.tec_model import tec_probabilities
from tournaments.domain.rating_tables import expected_hundredths
from tournaments.domain.state import Outcome


class GameEnd(enum.Enum):
    """How a game ended, from White's side."""

    WHITE_WINS = "1-0"
    DRAW = "1/2-1/2"
    BLACK_WINS = "0-1"
    WHITE_FORFEITS = "-:+"
    BLACK_FORFEITS = "+:-"
    BOTH_FORFEIT = "-:-"
    HALF_ZERO = "1/2-0"
    ZERO_HALF = "0-1/2"
    ZERO_ZERO = "0-0"

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
    GameEnd.HALF_ZERO: (Outcome.DRAW, Outcome.LOSS),
    GameEnd.ZERO_HALF: (Outcome.LOSS, Outcome.DRAW),
    GameEnd.ZERO_ZERO: (Outcome.LOSS, Outcome.LOSS),
}


class GameModel(enum.Enum):
    """How a game played is scored from the ratings (the `ResultsModel` key; VCL Q32)."""

    TABLE = "table"
    """FIDE's rating table (B.02 8.1.2) and `DrawPercentage`: see the module."""
    TEC = "tec"
    """The TEC's "Statistical model for chess tournament simulations" (`tec_model`)."""


@dataclass(frozen=True, slots=True)
class ResultModel:
    """The probabilities of one round: the draw percentage, and the probability that a game is
    forfeited or, played, scored ½-0, 0-½ or 0-0."""

    draw_percentage: int
    forfeit: float = 0.0
    half_zero: float = 0.0
    zero_half: float = 0.0
    zero_zero: float = 0.0
    game_model: GameModel = GameModel.TABLE

    @classmethod
    def from_rates(
        cls,
        draw_percentage: int,
        forfeit_rate: int,
        half_zero_rate: int = 0,
        zero_half_rate: int = 0,
        zero_zero_rate: int = 0,
        game_model: GameModel = GameModel.TABLE,
    ) -> ResultModel:
        """The model of "one in N" rates (0: never)."""
        forfeit, half_zero, zero_half, zero_zero = (
            1 / rate if rate else 0.0
            for rate in (forfeit_rate, half_zero_rate, zero_half_rate, zero_zero_rate)
        )
        return cls(draw_percentage, forfeit, half_zero, zero_half, zero_zero, game_model)

    @property
    def unusual(self) -> tuple[tuple[GameEnd, float], ...]:
        """The unusual scores with their probability among played games."""
        chances = (
            (GameEnd.HALF_ZERO, self.half_zero),
            (GameEnd.ZERO_HALF, self.zero_half),
            (GameEnd.ZERO_ZERO, self.zero_zero),
        )
        return tuple((end, chance) for end, chance in chances if chance)

    @property
    def no_show(self) -> float:
        """The probability that one player does not appear: `1 - (1 - q)^2` is the forfeit
        probability `q`."""
        if self.forfeit == 0:
            return 0.0
        return 1.0 - math.sqrt(1.0 - self.forfeit)

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
        if unusual := self.unusual:
            toss = rng.random()
            for end, probability in unusual:
                if toss < probability:
                    return end
                toss -= probability
        return self.played(rng, white_rating, black_rating)

    def played(self, rng: random.Random, white_rating: int, black_rating: int) -> GameEnd:
        """The result of a game played and scored normally, from FIDE's table or the TEC model
        (see the module)."""
        if self.game_model is GameModel.TEC:
            odds = tec_probabilities(white_rating, black_rating)
            toss = rng.random()
            if toss < odds.white_wins:
                return GameEnd.WHITE_WINS
            if toss < odds.white_wins + odds.draw:
                return GameEnd.DRAW
            return GameEnd.BLACK_WINS
        expected = expected_score(white_rating, black_rating)
        draw = self.draw_percentage / 100 * 2 * min(expected, 1 - expected)
        white_wins = expected - draw / 2
        toss = rng.random()
        if toss < white_wins:
            return GameEnd.WHITE_WINS
        if toss < white_wins + draw:
            return GameEnd.DRAW
        return GameEnd.BLACK_WINS


RATING_DIFFERENCE_CAP: Final = 400
"""B.02 art. 8, the rating change: a difference of more than 400 points counts as 400."""


def expected_score(rating: int, opponent_rating: int) -> float:
    """PD (B.02 table 8.1.2) of a player rated `rating` against `opponent_rating` (0..1), the
    difference capped at 400 points."""
    difference = max(-RATING_DIFFERENCE_CAP, min(RATING_DIFFERENCE_CAP, rating - opponent_rating))
    return expected_hundredths(difference) / 100
