"""Each player's rounds as the tie-breaks read them: built once per standings, read by every
tie-break (C.07 15: played games and unplayed rounds; 16: voluntary unplayed rounds)."""

from __future__ import annotations

from typing import NamedTuple

from tournaments.domain.state import Color, Outcome, PlayerId, PlayerState, Points, Scoring

from .breakdown import Source

_VOLUNTARY = frozenset({Outcome.FORFEIT_LOSS, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT})
"""C.07 (2024) 16.2: requested half- and zero-point byes, absences and rounds after a
withdrawal (zero-point byes, 16.1), forfeit losses. Every other round (a game, the PAB, a
forfeit win, a full-point bye) is a round of availability."""


class Round(NamedTuple):
    """One player's round (a NamedTuple: there is one per player and round).

    `played`: a game over the board (`RoundRecord.played`; C.07 10, 15.1); `voluntary`: a
    voluntary unplayed round (VUR, C.07 16); `points` in half-points.
    """

    number: int
    opponent: PlayerId | None
    played: bool
    points: Points
    voluntary: bool
    outcome: Outcome
    color: Color
    source: Source


OutcomeFacts = dict[Outcome, tuple[Points, bool, bool]]
"""For each outcome: its points, whether a played game has it, whether a VUR has it."""


def outcome_facts(scoring: Scoring) -> OutcomeFacts:
    """What each outcome means under `scoring` (computed once, read for every round)."""
    return {
        outcome: (scoring.points(outcome), outcome.is_played, outcome in _VOLUNTARY)
        for outcome in Outcome
    }


def rounds_of(player: PlayerState, facts: OutcomeFacts) -> tuple[Round, ...]:
    """The player's rounds, round 1 first."""
    rounds = []
    for number, record in enumerate(player.history, start=1):
        points, played_outcome, voluntary_outcome = facts[record.outcome]
        opponent = record.opponent
        played = opponent is not None and played_outcome
        source = _source(played, opponent)
        rounds.append(
            Round(
                number,
                opponent,
                played,
                points,
                voluntary_outcome and not played,
                record.outcome,
                record.color,
                source,
            )
        )
    return tuple(rounds)


def _source(played: bool, opponent: PlayerId | None) -> Source:
    if played:
        return Source.GAME
    return Source.FORFEIT if opponent is not None else Source.ROUND
