"""Withdrawals from a round robin: the 50 % rule (FIDE Tournament Rules, C.06 V.4; VCL Q103).

When a player withdraws from (or is expelled from) a round robin:

- having completed less than 50 % of their games, their score stays in the tournament table
  (for rating and history) but the points scored by them or against them are not counted in
  the standings (C.06 V.4 a);
- having completed at least 50 %, their results stay and count; their unplayed games are
  forfeits (C.06 V.4 b).

"Completed" games are the games played over the board (forfeits are not completed), out of the
games the schedule gives the player: one against each other player per cycle. The rule judges
the whole schedule, so a player who withdrew is judged on the games they played before leaving,
at any time of the tournament.

Pure Python: the standings read the state this module returns instead of the recorded one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from tournaments.domain.state import (
    Color,
    Outcome,
    PlayerId,
    PlayerState,
    RoundRecord,
    TournamentState,
)

ROUND_ROBIN_TYPE = "Individual: Round-Robin"
DOUBLE_ROUND_ROBIN_TYPE = "Individual: Double Round-Robin"
"""The TRF `092` tournament types of a single and a double round robin (TRF-2026's `192` has no
round-robin code, so `092` is what says so)."""

NOT_COUNTED = RoundRecord(None, Color.NONE, Outcome.PAIRING_BYE)
"""A game against a player whose results are cancelled: counted as the round robin's bye (an
empty seat of the table, scoring the bye's value, nothing in a round robin)."""


def round_robin_cycles(tournament_type: str | None) -> int | None:
    """The cycles of the round robin a TRF `092` names ("Round-Robin" or "Round Robin", any
    case; "Double" makes two), None for any other type (a Swiss)."""
    text = (tournament_type or "").lower().replace(" ", "-")
    if "round-robin" not in text:
        return None
    return 2 if "double" in text else 1


def round_robin_type(cycles: int) -> str:
    """The `092` text of a round robin of `cycles` cycles."""
    return DOUBLE_ROUND_ROBIN_TYPE if cycles == 2 else ROUND_ROBIN_TYPE


def scheduled_games(players: int, cycles: int) -> int:
    """The games a player of an n-player round robin plays: n - 1 per cycle (odd fields too:
    the bye round has no game)."""
    return (players - 1) * cycles


def completed_games(player: PlayerState) -> int:
    """The games the player played over the board (C.06 V.4: forfeits are not completed)."""
    return sum(record.played for record in player.history)


def cancelled_players(
    state: TournamentState, withdrawn: Iterable[PlayerId], *, cycles: int
) -> frozenset[PlayerId]:
    """The withdrawn players who completed less than half of their scheduled games (C.06 V.4 a):
    their results are not counted in the standings."""
    scheduled = scheduled_games(len(state.players), cycles)
    return frozenset(
        player_id
        for player_id in withdrawn
        if 2 * completed_games(state.player(player_id)) < scheduled
    )


def withdrawn_in_file(state: TournamentState) -> frozenset[PlayerId]:
    """The players a finished round robin's file shows as withdrawn: their game of the last
    round is a forfeit they lost (C.06 V.4: "-" for the absent player), as is every game from
    the round they left (the trail of forfeits ends in the last round).

    A file has no withdrawal record; in a round robin the withdrawn player keeps a seat in the
    table, so a trail of forfeit losses to the last round is what says they left. A file whose
    last round is not recorded shows nobody withdrawn.
    """
    withdrawn = set()
    for player in state.players:
        if len(player.history) < state.total_rounds:
            continue
        games = [record for record in player.history if record.opponent is not None]
        if games and games[-1].outcome is Outcome.FORFEIT_LOSS:
            withdrawn.add(player.id)
    return frozenset(withdrawn)


def standings_state(state: TournamentState, cancelled: frozenset[PlayerId]) -> TournamentState:
    """The state the standings rank: the cancelled players left out, and every game against
    them (played or forfeited) counted as a bye, for points and tie-breaks alike (C.06 V.4 a)."""
    if not cancelled:
        return state
    players = tuple(
        replace(
            player,
            history=tuple(
                NOT_COUNTED if record.opponent in cancelled else record for record in player.history
            ),
        )
        for player in state.players
        if player.id not in cancelled
    )
    not_paired = {
        number: outcome for number, outcome in state.not_paired.items() if number not in cancelled
    }
    return replace(state, players=players, not_paired=not_paired)
