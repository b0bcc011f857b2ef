"""Unplayed rounds in Swiss events (C.07 15, 16): which rounds are voluntary, the adjusted
score a player gives to its opponents, and the dummy opponent of a player's own unplayed round.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.domain.state import Outcome, PlayerState, Points, RoundRecord, Scoring

from .breakdown import Source
from .editions import Edition

_VOLUNTARY = frozenset({Outcome.FORFEIT_LOSS, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT})
_REQUESTED_BYES = frozenset({Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT})


def is_voluntary(record: RoundRecord) -> bool:
    """A voluntary unplayed round (VUR, C.07 2024 16.2): a requested half- or zero-point bye,
    an absence or a round after withdrawal (a zero-point bye, 16.1), or a forfeit loss.

    Every other round is a round of availability: a game, the PAB, a forfeit win, a
    full-point bye.
    """
    return record.outcome in _VOLUNTARY and not record.played


def last_available_round(history: Sequence[RoundRecord]) -> int:
    """The last round (1-based) in which the player was available to play; 0 if none."""
    for number in range(len(history), 0, -1):
        if not is_voluntary(history[number - 1]):
            return number
    return 0


def counts_as_draw_for_opponents(record: RoundRecord, edition: Edition) -> bool:
    """Whether a round after the last round of availability counts as a draw (C.07 16.A).

    2023: requested byes and forfeit losses. 2024 and 2026 (category .5): requested byes
    only; a forfeit loss keeps its points.
    """
    if record.outcome in _REQUESTED_BYES and record.opponent is None:
        return True
    return edition.forfeit_loss_counts_as_draw_at_the_end and is_voluntary(record)


def adjusted_score(player: PlayerState, scoring: Scoring, edition: Edition) -> Points:
    """The score the player contributes to its opponents' Buchholz and Sonneborn-Berger.

    C.07 16.A: every round counts its points, except the voluntary unplayed rounds after the
    player's last round of availability, which count as draws ("they never came back").
    """
    available_until = last_available_round(player.history)
    total = 0
    for number, record in enumerate(player.history, start=1):
        if number > available_until and counts_as_draw_for_opponents(record, edition):
            total += scoring.draw
        else:
            total += scoring.points(record.outcome)
    return Points(total)


def dummy_score(
    own_score: Points,
    opponent_adjusted: Points | None,
    draw_in_every_round: Points,
    edition: Edition,
) -> tuple[Points, Source]:
    """The score of the dummy opponent in a player's own unplayed round (C.07 16.B).

    2023 and 2024: the player's own final score. 2026: capped at the scheduled opponent's
    adjusted score for a forfeit, and at a draw in every round for a bye.
    """
    if not edition.caps_own_unplayed_dummy:
        return own_score, Source.OWN_SCORE
    cap = draw_in_every_round if opponent_adjusted is None else opponent_adjusted
    if own_score > cap:
        return cap, Source.CAPPED_OWN_SCORE
    return own_score, Source.OWN_SCORE
