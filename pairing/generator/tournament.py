"""A complete random tournament, paired round by round (the random tournament generator FIDE
asks of every endorsed pairing program).

Before round 1: the players of the configuration's `PlayersFile` (`roster`) or ratings drawn
between the lowest and highest rating (uniform or normal, in steps, some players unrated: VCL
Q28), pairing numbers in initial order (C.04.2 B: 1 = highest, unrated last), the initial
colour (C.04.3 E.5), the schedule of byes, absences, withdrawals and late entries
(`schedule`), and which games are forfeited or get an unusual score by count (`games`). Then,
for each round: the state before the round, the pairing from `pair`, results drawn from the
ratings (`results`), points under the standard scoring (C.04.1:
a pairing-allocated bye scores a win); with Baku acceleration, group A's virtual points added
to the state the engine pairs (C.04.7 1). At the end, the tie-break list (TRF-2026 `202`, and `212`
with points first) and each player's rank under it, from `rank` (VCL Q31).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from pairing import engine
from pairing.engine import DutchConfig, Edition, RoundPairing
from pairing.generator.config import GeneratorConfig, InitialColor, RatingSpread
from pairing.generator.games import plan_games
from pairing.generator.roster import Entrant
from pairing.generator.schedule import plan_schedule
from tournaments.domain.acceleration import system_code, with_baku_acceleration
from tournaments.domain.roundrobin import round_robin_type
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    Scoring,
    TournamentState,
)
from tournaments.domain.trf import TrfAcceleration, TrfDocument, TrfPlayer, TrfRoundEntry

PairFunction = Callable[[TournamentState], RoundPairing]
"""Pairs the next round of a state, raising on failure (e.g. `pairing.engine.NoValidPairing`)."""

RankFunction = Callable[[TrfDocument], Mapping[PlayerId, int]]
"""The final rank of every player of a finished tournament under the tie-break list its
`212`/`202` records give (C.07 4.2); the command line passes `standings.ranks.file_ranks`."""


class IncompletePairing(ValueError):
    """The pairing function returned boards that do not pair exactly the players to be paired."""


def generate_tournament(
    config: GeneratorConfig,
    seed: int,
    pair: PairFunction | None = None,
    rank: RankFunction | None = None,
) -> TrfDocument:
    """A complete tournament for `config`, the same for the same `seed`, `pair` and `rank`.

    `pair` defaults to the Dutch engine (C.04.3) of the configuration's edition. Its errors
    propagate: a round the engine cannot pair ends the generation (C.04.3 A.9: the arbiter
    would decide). `rank` fills the rank column (None: left blank, e.g. for a cross-test of
    pairings only).
    """
    if pair is None:
        dutch = DutchConfig(edition=config.rules)

        def pair(state: TournamentState) -> RoundPairing:
            return engine.pair(state, dutch)

    rng = random.Random(seed)
    entrants = config.roster or drawn_entrants(config, rng)
    ratings = [entrant.rating or 0 for entrant in entrants]
    strength = strengths(entrants)
    initial_color = _initial_color(config.initial_color, rng)
    schedule = plan_schedule(config, rng)
    games = plan_games(config, rng)
    ids = [PlayerId(number) for number in range(1, config.players + 1)]
    histories: dict[PlayerId, list[RoundRecord]] = {player: [] for player in ids}
    accelerations: dict[PlayerId, tuple[Points, ...]] = {}
    for round_number in range(1, config.rounds + 1):
        state = TournamentState(
            total_rounds=config.rounds,
            players=tuple(
                PlayerState(id=p, name=e.name, rating=r, history=tuple(histories[p]))
                for p, e, r in zip(ids, entrants, ratings, strict=True)
            ),
            initial_color=initial_color,
            not_paired=schedule.not_paired(round_number),
        )
        if config.baku:
            state = with_baku_acceleration(state)
            accelerations = {p.id: p.acceleration for p in state.players if p.acceleration}
        pairing = pair(state)
        _check_complete(state, pairing)
        for player, outcome in state.not_paired.items():
            histories[player].append(RoundRecord(None, Color.NONE, outcome))
        if pairing.bye is not None:
            histories[pairing.bye].append(RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE))
        ratings_on_boards = [
            (strength[board.white - 1], strength[board.black - 1]) for board in pairing.boards
        ]
        ends = games[round_number].ends(rng, ratings_on_boards)
        for board, end in zip(pairing.boards, ends, strict=True):
            white_outcome, black_outcome = end.outcomes
            histories[board.white].append(RoundRecord(board.black, Color.WHITE, white_outcome))
            histories[board.black].append(RoundRecord(board.white, Color.BLACK, black_outcome))
    document = tournament_document(config, seed, initial_color, entrants, histories, accelerations)
    if rank is None:
        return document
    ranks = rank(document)
    players = tuple(replace(p, rank=ranks[p.pairing_number]) for p in document.players)
    return replace(document, players=players)


def _pairing_system(config: GeneratorConfig) -> str | None:
    """The `192` code: the 2025 edition's, or with Baku either edition's `_BAKU` code; None for
    the 2017 rules unaccelerated (the default, as the files of the endorsed engines) and for a
    round robin (TRF-2026 has no round-robin code: `092` says it)."""
    if config.round_robin:
        return None
    if config.baku:
        return system_code(config.rules.value, baku=True)
    return config.rules.value if config.rules is Edition.DUTCH_2025 else None


MAX_REDRAWS = 100
"""A normal rating outside the range is drawn again this many times, then moved inside."""


def drawn_entrants(config: GeneratorConfig, rng: random.Random) -> tuple[Entrant, ...]:
    """Players rated between the lowest and the highest rating in steps of `RatingStep`,
    uniformly or normally spread, `UnratedPercentage` % of them (rounded down, drawn at random)
    unrated; highest first, unrated last (C.04.2 B)."""
    drawn: list[int | None] = [_drawn_rating(config, rng) for _ in range(config.players)]
    unrated = config.players * config.unrated_percentage // 100
    for index in rng.sample(range(config.players), unrated) if unrated else ():
        drawn[index] = None
    ratings = sorted(drawn, key=lambda rating: -1 if rating is None else rating, reverse=True)
    return tuple(
        Entrant(name=_name(PlayerId(number)), rating=rating)
        for number, rating in enumerate(ratings, start=1)
    )


def _drawn_rating(config: GeneratorConfig, rng: random.Random) -> int:
    """One rating of the range (VCL Q28: range, spread, steps), the nearest multiple of the
    step inside it (the lowest rating when no multiple is)."""
    low, high, step = config.lowest_rating, config.highest_rating, config.rating_step
    if config.rating_spread is RatingSpread.UNIFORM:
        rating = rng.randint(low, high)
    else:
        middle, deviation = (low + high) / 2, config.rating_deviation
        value = rng.gauss(middle, deviation)
        for _ in range(MAX_REDRAWS):
            if low <= value <= high:
                break
            value = rng.gauss(middle, deviation)
        rating = min(high, max(low, round(value)))
    if step == 1:
        return rating
    first, last = -(-low // step) * step, high // step * step
    if first > last:
        return low
    return min(last, max(first, (rating + step // 2) // step * step))


def strengths(entrants: Sequence[Entrant]) -> list[int]:
    """The ratings results are drawn from: an unrated player plays as the field's lowest."""
    rated = [entrant.rating for entrant in entrants if entrant.rating]
    lowest = min(rated, default=0)
    return [entrant.rating or lowest for entrant in entrants]


def _initial_color(choice: InitialColor, rng: random.Random) -> Color:
    """C.04.3 E.5: the initial colour, drawn by lot unless the configuration fixes it.

    The lot is drawn in every case, so that fixing the colour changes nothing else.
    """
    drawn = rng.choice((Color.WHITE, Color.BLACK))
    if choice is InitialColor.WHITE:
        return Color.WHITE
    if choice is InitialColor.BLACK:
        return Color.BLACK
    return drawn


def _name(player: PlayerId) -> str:
    return f"Test{player:04d} Player{player:04d}"


def _check_complete(state: TournamentState, pairing: RoundPairing) -> None:
    """C.04.1 b-c: everybody to be paired is on exactly one board or has the bye."""
    seated = [player for board in pairing.boards for player in (board.white, board.black)]
    if pairing.bye is not None:
        seated.append(pairing.bye)
    expected = sorted(player.id for player in state.to_pair())
    if sorted(seated) != expected:
        raise IncompletePairing(
            f"round {state.next_round}: the pairing seats {sorted(seated)}, "
            f"but the players to pair are {expected}"
        )


def tournament_document(
    config: GeneratorConfig,
    seed: int,
    initial_color: Color,
    entrants: Sequence[Entrant],
    histories: dict[PlayerId, list[RoundRecord]],
    accelerations: dict[PlayerId, tuple[Points, ...]],
) -> TrfDocument:
    """The TRF of the finished tournament, its rank column blank; Baku's virtual points as
    `XXA` records (read by bbpPairings 5 and 6 alike) under a `_BAKU` `192` code. A round
    robin's `092` says so, and its bye (the table's empty seat) scores nothing, as in the web
    application."""
    cycles = config.format.cycles
    scoring = Scoring(pairing_bye=Points(0)) if cycles else Scoring()
    players = tuple(
        TrfPlayer(
            pairing_number=player,
            sex=entrant.sex,
            title=entrant.title,
            name=entrant.name,
            rating=entrant.rating,
            federation=entrant.federation,
            fide_id=entrant.fide_id,
            birth_date=entrant.birth_date,
            points=Points(sum(scoring.points(record.outcome) for record in history)),
            rounds=tuple(TrfRoundEntry(r.opponent, r.color, r.outcome) for r in history),
        )
        for (player, history), entrant in zip(histories.items(), entrants, strict=True)
    )
    return TrfDocument(
        players=players,
        name=f"Random tournament {seed}",
        total_rounds=config.rounds,
        initial_color=initial_color,
        scoring=scoring,
        tournament_type=round_robin_type(cycles) if cycles else None,
        pairing_system=_pairing_system(config),
        accelerations=tuple(TrfAcceleration(p, v) for p, v in sorted(accelerations.items())),
        tie_breaks=config.tiebreaks,
        standings_tie_breaks=("PTS", *config.tiebreaks),
        comments=(
            f" random tournament generator, seed {seed}: " + config.as_text().replace("\n", " "),
        ),
    )
