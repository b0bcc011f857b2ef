"""The TEC statistical model of a game's result (VCL4THP Q32), an option of the generator.

Source: Otto Milvang (FIDE Technical Commission), "Statistical model for chess tournament
simulations", 2 December 2024, the model the checklist's Q32 names. It was fitted to about
7.7 million FIDE-rated standard games (January 2016 - April 2023) and gives the probability of
each result from the two ratings, with White's advantage and the draw rate both growing with
the players' mean rating:

    Rm = (Rw + Rb) / 2
    W  = (Rm - 2000) * 0.0986 + 96         White's advantage
    B  = (Rm - 2000) * -0.157 - 150        Black's disadvantage
    Pw = 1 / (1 + 10 ** ((Rb - Rw + W) / S))
    Pb = 1 / (1 + 10 ** ((Rw - Rb - B) / S))
    Pd = 1 - Pw - Pb                       S = 370

The paper itself was not at hand; the figures and signs are those of its reference
implementation, `drawresult.prob` in Otto Milvang's TieBreakServer (github.com/OttoMilvang/
TieBreakServer, `drawresult.py` and `gacrux/drawresult.py`, the engine of TEC's Gacrux
checker), read there and written anew here. Between equal 2000-rated players White scores
53.6 % and 36 % of the games are drawn.

Below a mean rating of about 1038 the two logistic curves overlap (Pw + Pb > 1) and Pd would be
negative; the model was not fitted there. We then take no draws and scale Pw and Pb to sum 1,
which keeps their ratio. Unlike the rating table, the model caps no rating difference.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

WHITE_SLOPE: Final = 0.0986
WHITE_AT_2000: Final = 96.0
BLACK_SLOPE: Final = -0.157
BLACK_AT_2000: Final = -150.0
SPREAD: Final = 370.0
"""S of the model."""


@dataclass(frozen=True, slots=True)
class GameProbabilities:
    """The probability that White wins, that the game is drawn, and that Black wins (sum 1)."""

    white_wins: float
    draw: float
    black_wins: float

    @property
    def white_score(self) -> float:
        """White's expected score."""
        return self.white_wins + self.draw / 2


def tec_probabilities(white_rating: int, black_rating: int) -> GameProbabilities:
    """The TEC model's probabilities of a game between these ratings (see the module)."""
    mean = (white_rating + black_rating) / 2
    white_advantage = (mean - 2000) * WHITE_SLOPE + WHITE_AT_2000
    black_disadvantage = (mean - 2000) * BLACK_SLOPE + BLACK_AT_2000
    white_wins = 1 / (1 + 10 ** ((black_rating - white_rating + white_advantage) / SPREAD))
    black_wins = 1 / (1 + 10 ** ((white_rating - black_rating - black_disadvantage) / SPREAD))
    decisive = white_wins + black_wins
    if decisive > 1:  # outside the fitted range: no draws, the decisive odds kept
        return GameProbabilities(white_wins / decisive, 0.0, black_wins / decisive)
    return GameProbabilities(white_wins, 1 - decisive, black_wins)
