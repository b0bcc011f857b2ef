"""Who is not paired in which round: requested byes, absences, withdrawals and late entries.

Everything is decided before round 1, as an arbiter learns it from the entry form (C.04.1 e:
players announce their byes; C.04.2 B/C: late entries). Each round keeps at least half of the
registered players (and at least two) to be paired, so that a round is never empty.

- Late entries enter in round 2 or 3; before that they are shown as a requested half-point bye
  `H` or a zero-point bye `Z`, as a TRF shows a late entry.
- Withdrawals leave from a round 2..R to the end of the event: `0000 - -` (Outcome.ABSENT).
- Requested byes (`H`, `Z`) fall in rounds 1..R-1, never in the last round.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final

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
        count = 0 if rate == 0 else min(self.players // rate, len(among))
        return sorted(self.rng.sample(among, count))

    def requested_byes(self, rate: int, outcome: Outcome, everybody: list[PlayerId]) -> None:
        """C.04.1 e: byes asked for in advance, never in the last round."""
        for player in self.chosen(rate, everybody):
            count = 2 if self.rng.random() < SECOND_BYE_CHANCE else 1
            candidates = range(1, self.rounds)
            for round_number in sorted(self.rng.sample(candidates, min(count, len(candidates)))):
                self.mark(player, {round_number: outcome})


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
    planner.requested_byes(config.half_bye_rate, Outcome.HALF_BYE, everybody)
    planner.requested_byes(config.zero_bye_rate, Outcome.ZERO_BYE, everybody)
    planner.requested_byes(config.full_bye_rate, Outcome.FULL_BYE, everybody)
    absences = {player: rounds for player, rounds in planner.absences.items() if rounds}
    return Schedule(absences=absences)
