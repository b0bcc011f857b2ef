"""A round of a round robin from the Berger tables, in the engine's terms (C.05 Annex 1).

The web workflow pairs a round robin through the same pairing run as a Swiss: the run stores
the state before the round as TRF, and the worker calls `round_robin_pairing` instead of the
Dutch engine. The state's pairing numbers are the numbers drawn before round 1 (C.05 Annex 1:
"drawing of lots"), so they must be exactly 1..n.

Players who must not be paired in a Swiss round keep their seat in the table: a withdrawn player
(or one absent without notice) still has an opponent, and that game is a forfeit (FIDE
Tournament Rules, C.06 V.4: the unplayed games are shown "-" for the player, "+" for the
opponent). A requested bye has no place in a round robin's table and is refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from pairing.engine import Board, PairingError, RoundPairing
from pairing.roundrobin.berger import BergerTableError, rounds_per_cycle, schedule_round
from tournaments.domain.messages import Message, gettext_noop, reason
from tournaments.domain.state import Outcome, PlayerId, TournamentState


class RoundRobinRefused(PairingError):
    """The state cannot be paired from a Berger table; the message says what to change."""


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    """A round of the table: the pairing (boards in table order, the odd field's bye) and the
    boards whose game is a forfeit, with the pairing numbers of the absent players."""

    pairing: RoundPairing
    forfeits: Mapping[Board, frozenset[PlayerId]]


def round_robin_pairing(
    state: TournamentState, *, cycles: int, swap_last_two: bool
) -> RoundRobinRound:
    """Round `state.next_round` of a single (`cycles=1`) or double (`cycles=2`) round robin.

    C.05 Annex 1: the Berger table of the field's size, the second cycle with reversed colours
    and, with `swap_last_two`, the first cycle's last two rounds exchanged. Raises
    `RoundRobinRefused` when the numbers are not 1..n, the round is past the schedule or a
    player has a requested bye.
    """
    numbers = sorted(player.id for player in state.players)
    size = len(numbers)
    if numbers != list(range(1, size + 1)):
        raise RoundRobinRefused(
            Message(
                gettext_noop(
                    "A round robin needs the pairing numbers 1 to n drawn before round 1: draw "
                    "them."
                )
            )
        )
    round_number = state.next_round
    try:
        scheduled = schedule_round(size, round_number, cycles=cycles, swap_last_two=swap_last_two)
    except BergerTableError as error:
        raise RoundRobinRefused(reason(error)) from None
    requested = sorted(
        number for number, outcome in state.not_paired.items() if outcome is not Outcome.ABSENT
    )
    if requested:
        raise RoundRobinRefused(
            Message(
                gettext_noop(
                    "A round robin has no requested byes; remove the bye of player %(players)s in "
                    "round %(round)s."
                ),
                players=", ".join(map(str, requested)),
                round=round_number,
            )
        )
    boards = tuple(Board(PlayerId(b.white), PlayerId(b.black)) for b in scheduled.boards)
    absent = frozenset(state.not_paired)
    forfeits = {
        board: frozenset({board.white, board.black} & absent)
        for board in boards
        if {board.white, board.black} & absent
    }
    bye = PlayerId(scheduled.bye) if scheduled.bye is not None else None
    return RoundRobinRound(
        pairing=RoundPairing(
            boards=boards,
            bye=bye,
            explanation=_explanation(size, round_number, cycles, swap_last_two, bye),
        ),
        forfeits=forfeits,
    )


def _explanation(
    size: int, round_number: int, cycles: int, swap_last_two: bool, bye: PlayerId | None
) -> tuple[str, ...]:
    per_cycle = rounds_per_cycle(size)
    cycle, in_cycle = divmod(round_number - 1, per_cycle)
    lines: list[str] = [
        Message(
            gettext_noop(
                "Round robin of %(size)s players: Berger table for %(table)s (C.05 Annex 1), round "
                "%(round)s of cycle %(cycle)s of %(cycles)s."
            ),
            size=size,
            table=size + size % 2,
            round=in_cycle + 1,
            cycle=cycle + 1,
            cycles=cycles,
        )
    ]
    if cycles == 2 and swap_last_two and cycle == 0 and in_cycle + 1 >= per_cycle - 1:
        lines.append(
            Message(gettext_noop("The first cycle's last two rounds are exchanged (C.05 Annex 1)."))
        )
    if cycle == 1:
        lines.append(
            Message(
                gettext_noop("Second cycle: the first cycle's games with the colours reversed.")
            )
        )
    if bye is not None:
        lines.append(
            Message(
                gettext_noop(
                    "Player %(player)s meets the table's empty number %(number)s: the bye."
                ),
                player=bye,
                number=size + 1,
            )
        )
    return tuple(lines)
