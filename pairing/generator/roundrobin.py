"""A complete random round robin, every round from the Berger tables (C.05 Annex 1).

Before round 1: the players of the `PlayersFile` or drawn ratings (as a Swiss), then their
pairing numbers drawn by lot from the seed (C.05 Annex 1; VCL Q95: numbers by lot), the
withdrawals (`schedule`; a round robin has no requested byes or late entries), and which games
are forfeited or get an unusual score (`games`). Each round is the Berger table's
(`pairing.roundrobin.pairing.round_robin_pairing`, as the web workflow pairs it): an odd
field's bye is the table's empty seat and scores nothing; a withdrawn player keeps their seat
and their game is a forfeit (C.06 V.4: "-" for them, "+" for the opponent). The results are
drawn from the ratings (`results`). At the end, the tie-break list (`202`, `212`) and each
player's rank from `rank`, which for a round robin applies the 50 % rule (C.06 V.4) and
C.07 15.2 (`standings.ranks.file_ranks`).
"""

from __future__ import annotations

import random
from dataclasses import replace

from pairing.engine import Board
from pairing.generator.config import GeneratorConfig
from pairing.generator.games import plan_games
from pairing.generator.results import GameEnd
from pairing.generator.schedule import plan_schedule
from pairing.generator.tournament import (
    RankFunction,
    drawn_entrants,
    strengths,
    tournament_document,
)
from pairing.roundrobin.pairing import round_robin_pairing
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)
from tournaments.domain.trf import TrfDocument


def generate_round_robin(
    config: GeneratorConfig, seed: int, rank: RankFunction | None = None
) -> TrfDocument:
    """A complete round robin for `config` (`config.round_robin`), the same for the same seed.

    `rank` fills the rank column (None: left blank).
    """
    rng = random.Random(seed)
    entrants = list(config.roster or drawn_entrants(config, rng))
    rng.shuffle(entrants)  # the drawing of lots: pairing number = place in the draw
    strength = strengths(entrants)
    schedule = plan_schedule(config, rng)
    games = plan_games(config, rng)
    ids = [PlayerId(number) for number in range(1, config.players + 1)]
    histories: dict[PlayerId, list[RoundRecord]] = {player: [] for player in ids}
    for round_number in range(1, config.rounds + 1):
        state = TournamentState(
            total_rounds=config.rounds,
            players=tuple(
                PlayerState(id=p, name=e.name, rating=e.rating or 0, history=tuple(histories[p]))
                for p, e in zip(ids, entrants, strict=True)
            ),
            initial_color=Color.WHITE,
            not_paired=schedule.not_paired(round_number),
        )
        table = round_robin_pairing(
            state, cycles=config.format.cycles, swap_last_two=config.swap_last_two
        )
        pairing = table.pairing
        if pairing.bye is not None:
            histories[pairing.bye].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
        ends = games[round_number].ends(
            rng, [(strength[b.white - 1], strength[b.black - 1]) for b in pairing.boards]
        )
        for board, end in zip(pairing.boards, ends, strict=True):
            absent = table.forfeits.get(board)
            white, black = _forfeit(board, absent) if absent else end.outcomes
            histories[board.white].append(RoundRecord(board.black, Color.WHITE, white))
            histories[board.black].append(RoundRecord(board.white, Color.BLACK, black))
    document = tournament_document(config, seed, Color.WHITE, entrants, histories, {})
    if rank is None:
        return document
    ranks = rank(document)
    players = tuple(replace(p, rank=ranks[p.pairing_number]) for p in document.players)
    return replace(document, players=players)


def _forfeit(board: Board, absent: frozenset[PlayerId]) -> tuple[Outcome, Outcome]:
    """The outcomes of a game a withdrawn player does not play (C.06 V.4): "-" for the absent
    player, "+" for the opponent, "-" for both when both are absent."""
    if absent == {board.white, board.black}:
        return GameEnd.BOTH_FORFEIT.outcomes
    if board.white in absent:
        return GameEnd.WHITE_FORFEITS.outcomes
    return GameEnd.BLACK_FORFEITS.outcomes
