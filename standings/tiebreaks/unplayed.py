"""Unplayed rounds in Swiss events (C.07 15, 16): the adjusted score a player gives to its
opponents, and the dummy opponent of a player's own unplayed round.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.domain.state import Points

from .breakdown import Source
from .editions import Edition
from .rounds import Round


def last_available_round(rounds: Sequence[Round]) -> int:
    """The last round (1-based) in which the player was available to play (not a voluntary
    unplayed round); 0 if none."""
    for played in reversed(rounds):
        if not played.voluntary:
            return played.number
    return 0


def counts_as_draw_for_opponents(played: Round, edition: Edition) -> bool:
    """Whether a voluntary round after the last round of availability counts as a draw
    (C.07 16.A). 2023: requested byes (and absences) and forfeit losses. 2024 and 2026
    (category .5): requested byes and absences only; a forfeit loss keeps its points.
    """
    if not played.voluntary:
        return False
    return played.opponent is None or edition.forfeit_loss_counts_as_draw_at_the_end


def adjusted_score(rounds: Sequence[Round], draw: Points, edition: Edition) -> Points:
    """The score the player contributes to its opponents' Buchholz and Sonneborn-Berger.

    C.07 16.A: every round counts its points, except the voluntary unplayed rounds after the
    player's last round of availability, which count as draws ("they never came back").
    """
    available_until = last_available_round(rounds)
    return Points(
        sum(
            draw
            if played.number > available_until and counts_as_draw_for_opponents(played, edition)
            else played.points
            for played in rounds
        )
    )


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
