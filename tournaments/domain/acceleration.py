"""Baku acceleration: the virtual points of FIDE's accelerated systems chapter (C.04.7 1, the
Handbook's text applied from 1 February 2026; before it the same method was C.04.5.1).

The top of the round-1 list (group A, GA) gets virtual points for the first half of the rounds;
they are added to the score for pairing only (the pairing score), never to the standings.
`docs/acceleration.md` digests the articles and the readings taken here.

Pure Python: the virtual points become each player's `PlayerState.acceleration` (round 1
first), which the engine adds to the pairing score and the TRF writes as `XXA`/`250` records.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.state import (
    Outcome,
    PlayerId,
    Points,
    Scoring,
    TournamentState,
    points_text,
)

BAKU_SUFFIX = "_BAKU"
"""The TRF-2026 `192` codes of an accelerated tournament end so: `FIDE_DUTCH_2025_BAKU`."""


class BakuNotApplicable(ValueError):
    """The tournament's scoring does not allow the Baku method (C.04.7 1.1)."""


def split_system_code(code: str) -> tuple[str, bool]:
    """A `192` code as (the pairing system, whether it asks for Baku acceleration):
    `FIDE_DUTCH_2025_BAKU` is (`FIDE_DUTCH_2025`, True), `FIDE_DUTCH` is (`FIDE_DUTCH`, False)."""
    code = code.strip()
    if code.endswith(BAKU_SUFFIX):
        return code.removesuffix(BAKU_SUFFIX), True
    return code, False


def system_code(system: str, baku: bool) -> str:
    """The `192` code of `system`, with the Baku suffix when accelerated."""
    return system + BAKU_SUFFIX if baku else system


def premise_problem(scoring: Scoring) -> Message | None:
    """Why the Baku method cannot be used with `scoring`, or None when it can.

    C.04.7 1.1: the method applies when a win scores as much as two draws and a loss scores
    nothing (the 2016 text, C.04.5.1, asked for the standard 1 - ½ - 0 itself)."""
    if scoring.loss != 0 or scoring.win != 2 * scoring.draw:
        return Message(
            gettext_noop(
                "Baku acceleration needs a win to score two draws and a loss to score nothing "
                "(C.04.7 1.1)."
            )
        )
    return None


def accelerated_rounds(total_rounds: int) -> int:
    """The accelerated rounds are the first half of the tournament, rounded up (C.04.7 1.4)."""
    return (total_rounds + 1) // 2


def full_point_rounds(total_rounds: int) -> int:
    """The first half of the accelerated rounds, rounded up: group A gets a win's points in
    them (C.04.7 1.4)."""
    return (accelerated_rounds(total_rounds) + 1) // 2


def virtual_points(round_number: int, total_rounds: int, scoring: Scoring) -> Points:
    """The virtual points of a group-A player when round `round_number` is paired (C.04.7 1.4):
    the points for a win in the first half (rounded up) of the accelerated rounds, half of them
    in the rest of the accelerated rounds, none afterwards. Nine rounds under standard scoring:
    1 point in rounds 1-3, ½ in rounds 4-5."""
    if round_number <= full_point_rounds(total_rounds):
        return scoring.win
    if round_number <= accelerated_rounds(total_rounds):
        return Points(scoring.win // 2)
    return Points(0)


def group_a_size(players: int) -> int:
    """The first half of `players`, rounded up to an even number: 2·⌈N/4⌉ (C.04.7 1.2; 161
    players give 82)."""
    return 2 * ((players + 3) // 4)


def paired_in_round_one(state: TournamentState) -> tuple[PlayerId, ...]:
    """The list group A is cut from (C.04.7 1.2, "the list of players to be paired" before
    round 1), in pairing-number order: before round 1 the players to be paired; afterwards
    those who had a game (played or forfeited) or the pairing-allocated bye in round 1. A
    player who took a bye in round 1 is not on it: a late entry, with no pairing number until
    actually paired (C.04.2 2.4 as SPP reads it; checklist Q111)."""
    if state.rounds_played == 0:
        ids = [player.id for player in state.to_pair()]
    else:
        ids = [player.id for player in state.players if _took_part(player.history[0].outcome)]
    return tuple(sorted(ids))


def _took_part(outcome: Outcome) -> bool:
    return outcome.is_game or outcome is Outcome.PAIRING_BYE


def group_a(state: TournamentState) -> frozenset[PlayerId]:
    """The players of group A in `state` (C.04.7 1.2, 1.3).

    The first 2·⌈N/4⌉ of the N players paired in round 1 (`paired_in_round_one`), the last of
    them being the last group-A player; then every player ranked above that player, so that a
    late entry given a pairing number above the last group-A player joins group A and one below
    does not (1.3: the last group-A player stays the same, group A may become odd)."""
    round_one = paired_in_round_one(state)
    if not round_one:
        return frozenset()
    last = round_one[min(group_a_size(len(round_one)), len(round_one)) - 1]
    return frozenset(player.id for player in state.players if player.id <= last)


def baku_accelerations(state: TournamentState) -> dict[PlayerId, tuple[Points, ...]]:
    """Each group-A player's virtual points, round 1 first, over the accelerated rounds
    (C.04.7 1.4); group B gets none. Raises `BakuNotApplicable` under a scoring the method
    does not allow (1.1)."""
    problem = premise_problem(state.scoring)
    if problem is not None:
        raise BakuNotApplicable(problem)
    rounds = range(1, accelerated_rounds(state.total_rounds) + 1)
    points = tuple(virtual_points(r, state.total_rounds, state.scoring) for r in rounds)
    return dict.fromkeys(sorted(group_a(state)), points)


def with_baku_acceleration(state: TournamentState) -> TournamentState:
    """`state` with every player's `acceleration` set by the Baku method (C.04.7 1.2-1.4): the
    virtual points the engine adds to the pairing score (1.5), the standings never."""
    table = baku_accelerations(state)
    players = tuple(
        replace(player, acceleration=table.get(player.id, ())) for player in state.players
    )
    return replace(state, players=players)


def acceleration_difference(
    state: TournamentState, recorded: Mapping[PlayerId, tuple[Points, ...]]
) -> str | None:
    """Where `recorded` virtual points (a file's `XXA`/`250` records) differ from the Baku
    method's in the rounds they cover, as a sentence; None when they agree."""
    table = baku_accelerations(state)
    covered = max((len(points) for points in recorded.values()), default=0)
    for player in state.players:
        ours, theirs = table.get(player.id, ()), recorded.get(player.id, ())
        for round_number in range(1, covered + 1):
            expected = _at(ours, round_number)
            found = _at(theirs, round_number)
            if expected != found:
                return (
                    f"player {player.id} has {points_text(found)} virtual points in round "
                    f"{round_number}; the Baku method (C.04.7) gives {points_text(expected)}"
                )
    return None


def _at(points: tuple[Points, ...], round_number: int) -> Points:
    return points[round_number - 1] if round_number <= len(points) else Points(0)


def pairing_scores(state: TournamentState) -> dict[PlayerId, Points]:
    """Each player's pairing score before the next round: points plus the virtual points of
    that round (C.04.7 1.5). Boards are ordered by it (C.04.2 3.6; checklist Q188)."""
    return {
        player.id: Points(player.score(state.scoring) + player.acceleration_in(state.next_round))
        for player in state.players
    }
