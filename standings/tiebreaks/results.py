"""The tournament's results as the tie-breaks read them, computed once per standings.

`Results` indexes a `TournamentState` by player and holds what several tie-breaks share:
each player's points, adjusted score (C.07 16.A) and the rating used (C.07 10).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from fractions import Fraction
from functools import cached_property
from typing import TypeVar, cast

from tournaments.domain.state import (
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)

from .editions import Edition
from .rounds import Round, outcome_facts, rounds_of
from .unplayed import adjusted_score

T = TypeVar("T")


class Results:
    """A read-only view of the state for one edition and one rule for unrated players.

    `unrated_rating` is the tournament's fixed rating for unrated players (rating 0); when it
    is None and the field has unrated players, the rating-based tie-breaks are undefined
    (C.07 4, 10 preamble). `round_ratings` maps (round, player) to the rating valid in that
    round, for a tournament over 30 days whose tie-breaks use it (VCL Q214); without it every
    round counts each player's first rating, `PlayerState.rating` (C.07 10; VCL Q215).
    `manual` holds the externally computed values the arbiter entered (tie-break MAN, VCL
    Q207). `round_robin`: the unplayed-round rules of a round robin (C.07 15.2): its forfeits
    are games for every tie-break but the rating-based ones, nobody's score is adjusted (16 is
    for Swiss events), and the bye of an odd field is no game.
    """

    def __init__(
        self,
        state: TournamentState,
        edition: Edition,
        unrated_rating: int | None = None,
        round_ratings: Mapping[tuple[int, PlayerId], int] | None = None,
        manual: Mapping[PlayerId, Fraction] | None = None,
        round_robin: bool = False,
    ) -> None:
        self.state = state
        self.round_robin = round_robin
        self.manual: Mapping[PlayerId, Fraction] = manual or {}
        self.edition = edition
        self.unrated_rating = unrated_rating
        self.round_ratings: Mapping[tuple[int, PlayerId], int] = round_ratings or {}
        self.scoring = state.scoring
        self.rounds = state.rounds_played
        self.players: dict[PlayerId, PlayerState] = {p.id: p for p in state.players}
        facts = outcome_facts(state.scoring)
        self.history: dict[PlayerId, tuple[Round, ...]] = {
            p.id: rounds_of(p, facts) for p in state.players
        }
        self.points: dict[PlayerId, Points] = {
            player_id: Points(sum(r.points for r in rounds))
            for player_id, rounds in self.history.items()
        }
        self.adjusted: dict[PlayerId, Points] = (
            dict(self.points)
            if round_robin
            else {
                player_id: adjusted_score(rounds, state.scoring.draw, edition)
                for player_id, rounds in self.history.items()
            }
        )
        self.ratings_defined = unrated_rating is not None or all(
            rating > 0
            for rating in (*(p.rating for p in state.players), *self.round_ratings.values())
        )
        self.ratings: dict[PlayerId, int] = {
            p.id: p.rating if p.rating > 0 else (unrated_rating or 0) for p in state.players
        }

        self._memo: dict[Callable[[Results], object], object] = {}

    def rating_in(self, player_id: PlayerId, round_number: int) -> int:
        """The rating `player_id` counts with in a game of `round_number` (C.07 10): the
        rating valid in that round when the tie-breaks use it, else the first rating; an
        unrated player's the tournament's rule gives (0 when undefined)."""
        rating = self.round_ratings.get((round_number, player_id))
        if rating is None:
            return self.ratings[player_id]
        return rating if rating > 0 else (self.unrated_rating or 0)

    def memo(self, compute: Callable[[Results], T]) -> T:
        """`compute(self)`, computed once: values that several players' tie-breaks share
        (every player's Buchholz for AOB, every TPR for APRO, ...)."""
        if compute not in self._memo:
            self._memo[compute] = compute(self)
        return cast(T, self._memo[compute])

    def max_score(self, player_id: PlayerId) -> Points:
        """The most the player could have scored (C.07 9.2): a win in every round, and in a
        round robin in every round but the byes (the odd field's empty seat, C.05 Annex 1)."""
        rounds = self.rounds
        if self.round_robin:
            rounds -= sum(
                played.outcome is Outcome.PAIRING_BYE for played in self.history[player_id]
            )
        return Points(self.scoring.win * rounds)

    @property
    def draw_in_every_round(self) -> Points:
        """A draw in every round so far: the 2026 cap on a bye's dummy opponent (C.07 16)."""
        return Points(self.scoring.draw * self.rounds)

    @cached_property
    def fore(self) -> Results:
        """The results as Fore Buchholz sees them (C.07 8.3): every game paired in the final
        round counted as a draw. Before the final round this is the same as `self`."""
        final = self.state.total_rounds
        if self.rounds != final or final == 0:
            return self
        players = tuple(_final_round_drawn(player, final) for player in self.state.players)
        state = TournamentState(
            total_rounds=final,
            players=players,
            initial_color=self.state.initial_color,
            scoring=self.scoring,
        )
        return Results(
            state,
            self.edition,
            self.unrated_rating,
            self.round_ratings,
            self.manual,
            self.round_robin,
        )


def _final_round_drawn(player: PlayerState, final: int) -> PlayerState:
    record = player.history[final - 1]
    if record.opponent is None or not record.outcome.is_game:
        return player
    drawn = RoundRecord(record.opponent, record.color, Outcome.DRAW)
    return replace(player, history=(*player.history[: final - 1], drawn))
