"""Which games of a round are forfeited or get an unusual score: by probability, or an exact
count of games (VCL Q24; the keys in `amounts`).

For each round and each game event (a forfeit, ½-0, 0-½, 0-0) the round's own key wins, then
the tournament's count or percentage, then the JaVaFo-style "one in N" rate. A percentage or a
rate is each game's probability (`results.ResultModel`); a count picks that many games of the
round at random (a tournament's count is first spread at random over the rounds without a key
of their own), as many as the round has: forfeits first, one player absent, White or Black
alike (C.04.1: the game is not played), then the unusual scores among the other games.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pairing.generator.amounts import Event
from pairing.generator.config import GeneratorConfig
from pairing.generator.results import GameEnd, ResultModel

GAME_EVENTS = (Event.FORFEIT, Event.HALF_ZERO, Event.ZERO_HALF, Event.ZERO_ZERO)
"""In the order their counts are drawn."""
_COUNTED_ENDS = {
    Event.HALF_ZERO: GameEnd.HALF_ZERO,
    Event.ZERO_HALF: GameEnd.ZERO_HALF,
    Event.ZERO_ZERO: GameEnd.ZERO_ZERO,
}


@dataclass(frozen=True, slots=True)
class RoundGames:
    """How one round's games end: the probabilities, and the events with an exact count."""

    model: ResultModel
    counts: tuple[tuple[Event, int], ...] = ()

    def ends(self, rng: random.Random, ratings: Sequence[tuple[int, int]]) -> list[GameEnd]:
        """The end of each game, given White's and Black's rating board by board."""
        forced: dict[int, GameEnd] = {}
        for event, count in self.counts:
            free = [board for board in range(len(ratings)) if board not in forced]
            for board in sorted(rng.sample(free, min(count, len(free)))):
                forced[board] = _counted_end(event, rng)
        return [
            forced[board] if board in forced else self.model.draw(rng, white, black)
            for board, (white, black) in enumerate(ratings)
        ]


def _counted_end(event: Event, rng: random.Random) -> GameEnd:
    if event is Event.FORFEIT:
        return GameEnd.WHITE_FORFEITS if rng.random() < 0.5 else GameEnd.BLACK_FORFEITS
    return _COUNTED_ENDS[event]


def plan_games(config: GeneratorConfig, rng: random.Random) -> dict[int, RoundGames]:
    """Each round's `RoundGames`; `rng` is used only to spread a tournament's counts."""
    rounds = range(1, config.rounds + 1)
    rates = {
        Event.FORFEIT: config.forfeit_rate,
        Event.HALF_ZERO: config.half_zero_rate,
        Event.ZERO_HALF: config.zero_half_rate,
        Event.ZERO_ZERO: config.zero_zero_rate,
    }
    chances: dict[int, dict[Event, float]] = {r: {} for r in rounds}
    counts: dict[int, dict[Event, int]] = {r: {} for r in rounds}
    for event in GAME_EVENTS:
        whole = config.amount(event)
        spread = [r for r in rounds if config.amount(event, r) is None]
        if whole is not None and not whole.percent:
            for round_number in rng.choices(spread, k=whole.value) if spread else ():
                counts[round_number][event] = counts[round_number].get(event, 0) + 1
        for round_number in rounds:
            own = config.amount(event, round_number)
            amount = own or whole
            if amount is None:
                chances[round_number][event] = 1 / rates[event] if rates[event] else 0.0
            elif amount.percent:
                chances[round_number][event] = amount.share
            elif own is not None:
                counts[round_number][event] = own.value
    return {
        r: RoundGames(
            ResultModel(
                config.draw_percentage,
                forfeit=chances[r].get(Event.FORFEIT, 0.0),
                half_zero=chances[r].get(Event.HALF_ZERO, 0.0),
                zero_half=chances[r].get(Event.ZERO_HALF, 0.0),
                zero_zero=chances[r].get(Event.ZERO_ZERO, 0.0),
                game_model=config.game_model,
            ),
            tuple((event, counts[r][event]) for event in GAME_EVENTS if event in counts[r]),
        )
        for r in rounds
    }
