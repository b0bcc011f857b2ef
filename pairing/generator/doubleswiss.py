"""A random Double-Swiss tournament (C.04.5), paired match by match.

The same configuration keys as the Swiss generator (`config`), read the same way: `RoundsNumber`
counts matches, the requested byes, absences, withdrawals and late entries are per match, and
the game events (forfeits, ½-0, 0-½, 0-0) per game. A player who forfeits game 1 forfeits game 2
too one time in two, so that whole matches are forfeited (Preface: not a meeting) as well as
single games (a match played). Each match is two games with the colours reversed (4.4); both
are drawn from the ratings.

The file holds match m in the columns 2m-1 and 2m (docs/double-swiss.md): `192
FIDE_DOUBLESWISS`, `142` twice the matches, the PAB as `U` then `H` (a game won and a game
drawn, 1.4), a requested bye or absence with its code in both columns. The rank column stays
blank (the standings of a Double-Swiss tournament are not computed here).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

from pairing.engine import DoubleSwissConfig, RoundPairing, pair_double_swiss
from pairing.generator.config import GeneratorConfig, InitialColor
from pairing.generator.games import plan_games
from pairing.generator.results import GameEnd
from pairing.generator.schedule import plan_schedule
from pairing.generator.tournament import (
    IncompletePairing,
    drawn_entrants,
    strengths,
    tournament_document,
)
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)
from tournaments.domain.trf import TrfDocument

DOUBLE_SWISS_CODE = "FIDE_DOUBLESWISS"
"""The TRF-2026 `192` code of the Double-Swiss System."""

PairFunction = Callable[[TournamentState], RoundPairing]
"""Pairs the next match of a game-column state (`pairing.engine.pair_double_swiss`)."""

_FORFEITS = {GameEnd.WHITE_FORFEITS: 0, GameEnd.BLACK_FORFEITS: 1}
"""A forfeit and the index (0 White, 1 Black) of the player who did not play."""


def generate_double_swiss(
    config: GeneratorConfig, seed: int, pair: PairFunction | None = None
) -> TrfDocument:
    """A complete Double-Swiss tournament for `config`, the same for the same `seed` and `pair`
    (default: the engine). A round robin, Baku acceleration or a Dutch `Edition` is refused
    (ValueError); the pairing function's errors propagate."""
    if config.round_robin or config.baku or config.edition is not None:
        raise ValueError("a Double-Swiss tournament has no Edition, acceleration or round robin")
    if pair is None:

        def pair(state: TournamentState) -> RoundPairing:
            return pair_double_swiss(state, DoubleSwissConfig())

    rng = random.Random(seed)
    entrants = config.roster or drawn_entrants(config, rng)
    strength = strengths(entrants)
    initial_color = rng.choice((Color.WHITE, Color.BLACK))  # 4.1: drawn by lot, always
    if config.initial_color is not InitialColor.RANDOM:
        initial_color = Color.WHITE if config.initial_color is InitialColor.WHITE else Color.BLACK
    schedule = plan_schedule(config, rng)
    games = plan_games(config, rng)
    ids = [PlayerId(number) for number in range(1, config.players + 1)]
    histories: dict[PlayerId, list[RoundRecord]] = {player: [] for player in ids}
    for match in range(1, config.rounds + 1):
        state = TournamentState(
            total_rounds=2 * config.rounds,
            players=tuple(
                PlayerState(id=p, name=e.name, rating=e.rating or 0, history=tuple(histories[p]))
                for p, e in zip(ids, entrants, strict=True)
            ),
            initial_color=initial_color,
            not_paired=schedule.not_paired(match),
        )
        pairing = pair(state)
        _check_complete(state, pairing)
        for player, outcome in state.not_paired.items():
            histories[player] += [RoundRecord(None, Color.NONE, outcome)] * 2
        if pairing.bye is not None:
            histories[pairing.bye] += [
                RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE),
                RoundRecord(None, Color.NONE, Outcome.HALF_BYE),
            ]
        boards = [(b.white, b.black) for b in pairing.boards]
        firsts = games[match].ends(rng, [(strength[w - 1], strength[b - 1]) for w, b in boards])
        seconds = games[match].ends(rng, [(strength[b - 1], strength[w - 1]) for w, b in boards])
        for (white, black), first, second in zip(boards, firsts, seconds, strict=True):
            if first in _FORFEITS and rng.random() < 0.5:
                second = (
                    GameEnd.BLACK_FORFEITS
                    if first is GameEnd.WHITE_FORFEITS
                    else (GameEnd.WHITE_FORFEITS)
                )
            for end, (w, b) in ((first, (white, black)), (second, (black, white))):
                w_outcome, b_outcome = end.outcomes
                histories[w].append(RoundRecord(b, Color.WHITE, w_outcome))
                histories[b].append(RoundRecord(w, Color.BLACK, b_outcome))
    document = tournament_document(config, seed, initial_color, entrants, histories, {})
    return replace(document, total_rounds=2 * config.rounds, pairing_system=DOUBLE_SWISS_CODE)


def _check_complete(state: TournamentState, pairing: RoundPairing) -> None:
    """C.04.1: everybody to be paired is on exactly one board or has the bye."""
    seated = [player for board in pairing.boards for player in (board.white, board.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    expected = sorted(player.id for player in state.to_pair())
    if sorted(seated) != expected:
        raise IncompletePairing(
            f"match {state.rounds_played // 2 + 1}: the pairing seats {sorted(seated)}, "
            f"but the players to pair are {expected}"
        )
