"""Hand-built tournament states for the engine's unit tests."""

from __future__ import annotations

from collections.abc import Sequence

from pairing.engine.dutch.players import Float, PlayerFacts, Strength, colour_preference
from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    Points,
    RoundRecord,
    TournamentState,
)

W, B = Color.WHITE, Color.BLACK


def facts(
    pid: int,
    colours: Sequence[Color] = (),
    *,
    score: int = 0,
    rank: int | None = None,
    topscorer: bool = False,
) -> PlayerFacts:
    """A player as the Dutch rules see them, with the preference derived from `colours`."""
    preference, strength = colour_preference(tuple(colours))
    return PlayerFacts(
        id=PlayerId(pid),
        rank=pid if rank is None else rank,
        score=Points(score),
        opponents=frozenset(),
        colours=tuple(colours),
        preference=preference,
        strength=strength,
        floats=(Float.NONE, Float.NONE),
        bye_eligible=True,
        topscorer=topscorer,
    )


def game(opponent: int, colour: Color, outcome: Outcome) -> RoundRecord:
    return RoundRecord(opponent=PlayerId(opponent), color=colour, outcome=outcome)


def bye(outcome: Outcome = Outcome.PAIRING_BYE) -> RoundRecord:
    return RoundRecord(opponent=None, color=Color.NONE, outcome=outcome)


def state(
    histories: Sequence[Sequence[RoundRecord]],
    *,
    total_rounds: int = 5,
    initial: Color = Color.WHITE,
    not_paired: dict[int, Outcome] | None = None,
) -> TournamentState:
    """Players 1..n with the given histories (player 1 first)."""
    return TournamentState(
        total_rounds=total_rounds,
        players=tuple(
            PlayerState(id=PlayerId(index + 1), history=tuple(history))
            for index, history in enumerate(histories)
        ),
        initial_color=initial,
        not_paired={PlayerId(k): v for k, v in (not_paired or {}).items()},
    )


__all__ = ["B", "W", "Strength", "bye", "facts", "game", "state"]
