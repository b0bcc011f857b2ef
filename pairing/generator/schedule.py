"""Who is not paired in which round: requested byes, absences, withdrawals and late entries.

Everything is decided before round 1, as an arbiter learns it from the entry form (C.04.1 e:
players announce their byes; C.04.2 B/C: late entries). Each round keeps at least half of the
registered players (and at least two) to be paired, so that a round is never empty.

- Late entries enter in round 2 or 3; before that they are shown as a requested half-point bye
  `H` or a zero-point bye `Z`, as a TRF shows a late entry.
- Withdrawals leave from a round 2..R to the end of the event: `0000 - -` (Outcome.ABSENT).
- Requested byes (`H`, `Z`, `F`) fall in rounds 1..R-1, never in the last round, unless a
  round's own key asks for them (`HalfPointByes.R5=2`: two players, drawn at random, in round
  5). Over the tournament, a rate or a percentage makes that share of the players take one
  (one in five of them two) and a count makes that many byes, each drawn at random among the
  players and the rounds without a key of their own (VCL Q24, `amounts`). A bye that would
  leave fewer than half of the players to pair is not given.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

from pairing.generator.amounts import PERCENT, Event
from pairing.generator.config import GeneratorConfig
from tournaments.domain.state import Outcome, PlayerId

SECOND_BYE_CHANCE: Final = 0.2
"""The share of players taking requested byes who take two of them."""


@dataclass(frozen=True, slots=True)
class Schedule:
    """For each player, the rounds they are not paired in and what they get instead."""

    absences: Mapping[PlayerId, Mapping[int, Outcome]]

    def not_paired(self, round_number: int) -> dict[PlayerId, Outcome]:
        """The players not to be paired in `round_number` (TournamentState.not_paired)."""
        return {
            player: rounds[round_number]
            for player, rounds in sorted(self.absences.items())
            if round_number in rounds
        }


@dataclass
class _Planner:
    players: int
    rounds: int
    rng: random.Random
    absences: dict[PlayerId, dict[int, Outcome]]
    absent_count: dict[int, int]

    def mark(self, player: PlayerId, rounds: Mapping[int, Outcome]) -> bool:
        """Mark all of `rounds` for `player`, or none of them when a round is taken or full."""
        planned = self.absences.setdefault(player, {})
        floor = max(2, (self.players + 1) // 2)
        if any(
            r in planned or self.players - self.absent_count.get(r, 0) - 1 < floor for r in rounds
        ):
            return False
        for round_number, outcome in rounds.items():
            planned[round_number] = outcome
            self.absent_count[round_number] = self.absent_count.get(round_number, 0) + 1
        return True

    def chosen(self, rate: int, among: list[PlayerId]) -> list[PlayerId]:
        """players/rate players drawn from `among` (none when the rate is 0)."""
        return self.drawn(0 if rate == 0 else self.players // rate, among)

    def drawn(self, count: int, among: list[PlayerId]) -> list[PlayerId]:
        """`count` players drawn from `among` (all of them when fewer)."""
        return sorted(self.rng.sample(among, min(count, len(among))))

    def requested_byes(self, players: list[PlayerId], outcome: Outcome, rounds: list[int]) -> None:
        """C.04.1 e: byes asked for in advance by `players`, one each (one in five: two), in
        `rounds`."""
        for player in players:
            count = 2 if self.rng.random() < SECOND_BYE_CHANCE else 1
            for round_number in sorted(self.rng.sample(rounds, min(count, len(rounds)))):
                self.mark(player, {round_number: outcome})

    def counted_byes(
        self, count: int, outcome: Outcome, everybody: list[PlayerId], rounds: list[int]
    ) -> None:
        """`count` byes, each a player and a round drawn among those still free."""
        free = [
            (player, round_number)
            for player in everybody
            for round_number in rounds
            if round_number not in self.absences.get(player, {})
        ]
        for player, round_number in sorted(self.rng.sample(free, min(count, len(free)))):
            self.mark(player, {round_number: outcome})

    def byes(
        self, config: GeneratorConfig, event: Event, rate: int, everybody: list[PlayerId]
    ) -> None:
        """The byes of `event`: each round's own count or percentage of the players first, then
        the tournament's (see the module)."""
        outcome = _OUTCOMES[event]
        own = []
        for round_number in range(1, config.rounds + 1):
            amount = config.amount(event, round_number)
            if amount is None:
                continue
            own.append(round_number)
            count = amount.value * self.players // PERCENT if amount.percent else amount.value
            free = [p for p in everybody if round_number not in self.absences.get(p, {})]
            for player in self.drawn(count, free):
                self.mark(player, {round_number: outcome})
        rounds = [r for r in range(1, config.rounds) if r not in own]
        whole = config.amount(event)
        if whole is None:
            self.requested_byes(self.chosen(rate, everybody), outcome, rounds)
        elif whole.percent:
            count = whole.value * self.players // PERCENT
            self.requested_byes(self.drawn(count, everybody), outcome, rounds)
        else:
            self.counted_byes(whole.value, outcome, everybody, rounds)


_OUTCOMES = {
    Event.HALF_POINT_BYE: Outcome.HALF_BYE,
    Event.ZERO_POINT_BYE: Outcome.ZERO_BYE,
    Event.FULL_POINT_BYE: Outcome.FULL_BYE,
}


def plan_schedule(config: GeneratorConfig, rng: random.Random) -> Schedule:
    """Draw late entries, then withdrawals, then half-, zero- and full-point byes."""
    planner = _Planner(config.players, config.rounds, rng, {}, {})
    everybody = [PlayerId(number) for number in range(1, config.players + 1)]
    late: list[PlayerId] = []
    if config.rounds >= 2:
        late = planner.chosen(config.late_entry_rate, everybody)
        for player in late:
            entry = rng.randint(2, min(3, config.rounds))
            before = {r: rng.choice((Outcome.HALF_BYE, Outcome.ZERO_BYE)) for r in range(1, entry)}
            planner.mark(player, before)
        staying = [player for player in everybody if player not in set(late)]
        for player in planner.chosen(config.withdrawal_rate, staying):
            leaves = rng.randint(2, config.rounds)
            planner.mark(player, dict.fromkeys(range(leaves, config.rounds + 1), Outcome.ABSENT))
    planner.byes(config, Event.HALF_POINT_BYE, config.half_bye_rate, everybody)
    planner.byes(config, Event.ZERO_POINT_BYE, config.zero_bye_rate, everybody)
    planner.byes(config, Event.FULL_POINT_BYE, config.full_bye_rate, everybody)
    absences = {player: rounds for player, rounds in planner.absences.items() if rounds}
    return Schedule(absences=absences)
