"""The Berger tables for round-robin tournaments (FIDE Handbook C.05 Annex 1).

Players are known by their pairing numbers 1..n, drawn by lot before round 1. The tables are
printed for an even field; an odd field uses the table of the next even size, and the highest
number, which no player holds, is the bye (C.05 Annex 1: "the highest number counts as a bye").

The table for an even field of n players is built on the n-1 numbers other than n, counted modulo
n-1 (with n-1 standing for 0). In round r:

- number n meets the p with 2p = r + 1 (mod n-1), on board 1; p has White in odd rounds and n has
  White in even rounds;
- every other pair (a, b) has a + b = r + 1 (mod n-1); White is the a for which b - a (mod n-1) is
  odd; boards 2, 3, ... are ordered by White's number, counting up (mod n-1) from p + 1.

In a double round robin the second cycle repeats the first with the colours reversed, and the last
two rounds of the first cycle may be exchanged so that nobody gets the same colour three times
running (C.05 Annex 1; the VCL asks whether the user can choose this, Q98-Q99).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.domain.messages import Message, gettext_noop

MIN_PLAYERS = 3
MAX_PLAYERS = 99


class BergerTableError(ValueError):
    """A field size, cycle count or round number that no Berger table covers."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game of a round: pairing numbers of the player with White and with Black."""

    white: int
    black: int


@dataclass(frozen=True, slots=True)
class BergerRound:
    """The boards of one round in table order, and the pairing number with the bye (odd fields)."""

    boards: tuple[Board, ...]
    bye: int | None


def table_size(players: int) -> int:
    """The even table an n-player field uses: n itself, or n + 1 with the bye (C.05 Annex 1)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise BergerTableError(
            Message(
                gettext_noop("A round robin needs %(low)s to %(high)s players, not %(count)s."),
                low=MIN_PLAYERS,
                high=MAX_PLAYERS,
                count=players,
            )
        )
    return players + players % 2


def rounds_per_cycle(players: int) -> int:
    """Rounds in one cycle: n - 1 for an even field, n for an odd one (C.05 Annex 1)."""
    return table_size(players) - 1


def total_rounds(players: int, *, cycles: int) -> int:
    """Rounds in a single (cycles=1) or double (cycles=2) round robin."""
    if cycles not in (1, 2):
        raise BergerTableError(
            Message(
                gettext_noop("A round robin has one or two cycles, not %(cycles)s."), cycles=cycles
            )
        )
    return cycles * rounds_per_cycle(players)


def berger_round(players: int, round_number: int) -> BergerRound:
    """Round `round_number` (1-based) of the single-cycle Berger table (C.05 Annex 1)."""
    size = table_size(players)
    if not 1 <= round_number <= size - 1:
        raise BergerTableError(
            f"A {players}-player round robin has rounds 1 to {size - 1} per cycle, "
            f"not {round_number}."
        )
    # Board 1: the highest number n against the p with 2p = r + 1 (mod n-1).
    opponent = _number(size, (round_number + 1) * pow(2, -1, size - 1))
    if round_number % 2 == 1:
        boards = [Board(white=opponent, black=size)]
    else:
        boards = [Board(white=size, black=opponent)]
    for offset in range(1, size // 2):
        white = _number(size, opponent + offset)
        boards.append(Board(white=white, black=_number(size, round_number + 1 - white)))
    return _without_bye(players, size, boards)


def schedule_round(
    players: int, round_number: int, *, cycles: int, swap_last_two: bool
) -> BergerRound:
    """Round `round_number` of a single or double round robin (C.05 Annex 1).

    The second cycle plays the first cycle's rounds again in the same order with the colours
    reversed. With `swap_last_two`, the first cycle's last two rounds are played in exchanged
    order (the second cycle keeps the table's order), as C.05 Annex 1 recommends for double
    round robins; it only applies when there are two cycles.
    """
    per_cycle = rounds_per_cycle(players)
    total = total_rounds(players, cycles=cycles)
    if not 1 <= round_number <= total:
        raise BergerTableError(
            Message(
                gettext_noop("This round robin has rounds 1 to %(total)s, not %(round)s."),
                total=total,
                round=round_number,
            )
        )
    if round_number > per_cycle:
        first = berger_round(players, round_number - per_cycle)
        reversed_boards = tuple(Board(white=b.black, black=b.white) for b in first.boards)
        return BergerRound(boards=reversed_boards, bye=first.bye)
    if cycles == 2 and swap_last_two and round_number >= per_cycle - 1:
        round_number = 2 * per_cycle - 1 - round_number
    return berger_round(players, round_number)


def _number(size: int, value: int) -> int:
    """The pairing number 1..n-1 congruent to `value` modulo n-1."""
    residue = value % (size - 1)
    return residue if residue else size - 1


def _without_bye(players: int, size: int, boards: list[Board]) -> BergerRound:
    """Drop the board of the bye number n + 1 in an odd field; its opponent has the bye."""
    if players == size:
        return BergerRound(boards=tuple(boards), bye=None)
    bye_board = boards[0]
    bye = bye_board.black if bye_board.white == size else bye_board.white
    return BergerRound(boards=tuple(boards[1:]), bye=bye)
