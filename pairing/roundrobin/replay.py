"""A round robin's file against the Berger tables (C.05 Annex 1): what the checker (`python -m
pairing --round-robin FILE -c`) and the import of a round robin compare.

A file says it is a round robin in `092` (`tournaments.domain.roundrobin.round_robin_cycles`);
otherwise its rounds may still be a Berger table's (`matches_berger_tables`). The pairing
numbers of the file are the numbers drawn before round 1. A double round robin's file does not
say whether the first cycle's last two rounds were exchanged: the reading that makes fewer
rounds differ is taken (`table_reading`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pairing.engine import Board, RoundPairing
from pairing.roundrobin.berger import (
    BergerTableError,
    rounds_per_cycle,
    schedule_round,
    total_rounds,
)
from tournaments.domain.roundrobin import round_robin_cycles
from tournaments.domain.state import PlayerId
from tournaments.domain.trf import RecordedPairing, TrfDocument, recorded_pairing


@dataclass(frozen=True, slots=True)
class TableReading:
    """How a file is read as a round robin: its cycles and whether the first cycle's last two
    rounds are exchanged."""

    cycles: int
    swap_last_two: bool


def file_cycles(doc: TrfDocument) -> int:
    """The cycles of the file's round robin: `092`'s, else two when its rounds are a double
    round robin's (C.05 Annex 1), else one."""
    named = round_robin_cycles(doc.tournament_type)
    if named is not None:
        return named
    try:
        double = total_rounds(len(doc.players), cycles=2)
    except BergerTableError:
        return 1
    return 2 if doc.round_count == double else 1


def table_pairing(doc: TrfDocument, round_number: int, reading: TableReading) -> RoundPairing:
    """Round `round_number` of the Berger table for the file's field, boards in table order.

    Raises `BergerTableError` when the file's pairing numbers are not 1..n or the round is
    past the table's rounds."""
    numbers = sorted(player.pairing_number for player in doc.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise BergerTableError("A round robin's pairing numbers are 1 to n, drawn by lot.")
    scheduled = schedule_round(
        len(numbers), round_number, cycles=reading.cycles, swap_last_two=reading.swap_last_two
    )
    return RoundPairing(
        boards=tuple(Board(PlayerId(b.white), PlayerId(b.black)) for b in scheduled.boards),
        bye=None if scheduled.bye is None else PlayerId(scheduled.bye),
    )


def same_round(recorded: RecordedPairing, table: RoundPairing) -> bool:
    """The recorded round is the table's: the same games with the same colours (a game
    recorded without colours, a forfeit, matches either) and the same bye; a bye recorded as no
    entry (not `U`) matches the table's when that player has no game in the round."""
    expected = {(g.white, g.black) for g in recorded.games if g.colors_recorded}
    loose = {frozenset((g.white, g.black)) for g in recorded.games if not g.colors_recorded}
    for board in table.boards:
        if (board.white, board.black) in expected:
            expected.discard((board.white, board.black))
        elif frozenset((board.white, board.black)) in loose:
            loose.discard(frozenset((board.white, board.black)))
        else:
            return False
    if expected or loose:
        return False
    if recorded.bye == table.bye:
        return True
    seated = {player for game in recorded.games for player in (game.white, game.black)}
    return recorded.bye is None and table.bye is not None and table.bye not in seated


def differing_rounds(doc: TrfDocument, reading: TableReading) -> list[int]:
    """The rounds of the file that are not the table's (every round past the table too)."""
    differing = []
    for number in range(1, doc.rounds_in_file + 1):
        try:
            table = table_pairing(doc, number, reading)
        except BergerTableError:
            differing.append(number)
            continue
        if not same_round(recorded_pairing(doc, number), table):
            differing.append(number)
    return differing


def table_reading(doc: TrfDocument) -> TableReading:
    """The file's cycles (`file_cycles`) and, for a double round robin, the exchange of the
    first cycle's last two rounds when it makes fewer rounds differ (C.05 Annex 1; VCL Q98)."""
    cycles = file_cycles(doc)
    plain = TableReading(cycles, swap_last_two=False)
    if cycles == 1 or doc.rounds_in_file < _swapped_round(doc):
        return plain
    swapped = TableReading(cycles, swap_last_two=True)
    return min((plain, swapped), key=lambda reading: len(differing_rounds(doc, reading)))


def matches_berger_tables(doc: TrfDocument) -> bool:
    """Whether a file that does not say it is a round robin has the rounds of one: at least two
    recorded rounds, every one the Berger table's for its field."""
    if doc.rounds_in_file < 2:
        return False
    try:
        rounds_per_cycle(len(doc.players))
    except BergerTableError:
        return False
    return not differing_rounds(doc, table_reading(doc))


def round_robin_reading(doc: TrfDocument) -> TableReading | None:
    """How to read a file as a round robin, None when it is not one: its `092` says so, or its
    rounds are the Berger tables' (`matches_berger_tables`)."""
    if round_robin_cycles(doc.tournament_type) is None and not matches_berger_tables(doc):
        return None
    return table_reading(doc)


def _swapped_round(doc: TrfDocument) -> int:
    """The first round the exchange of the first cycle's last two rounds changes."""
    try:
        return rounds_per_cycle(len(doc.players)) - 1
    except BergerTableError:
        return doc.rounds_in_file + 1
