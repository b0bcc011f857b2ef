"""The engine's check of the rounds an imported file records (VCL4THP Q54, Q55).

Each recorded round is paired again by the engine of the tournament's edition from the state
before it (`tournament_state_from_trf(document, n)`), and the two pairings are compared board
by board, as `python -m pairing -c` shows them. A round robin's rounds (`round_robin_reading`:
its `092`, or rounds that are the Berger tables') are compared with the Berger table instead, as
`python -m pairing --round-robin FILE -c` does; `read_round_robin` tells the importer that the
file is one. The tournaments app cannot import the engine, so
`PairingConfig.ready` registers `check_recorded_rounds` as the importer's round checker.
"""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext as _

from pairing.engine import DutchConfig, Edition, NoValidPairing, PairingError, RoundPairing, pair
from pairing.roundrobin.berger import BergerTableError, total_rounds
from pairing.roundrobin.replay import (
    TableReading,
    round_robin_reading,
    same_round,
    table_pairing,
)
from tournaments.domain.messages import gettext_noop, reason
from tournaments.domain.state import PlayerId
from tournaments.domain.trf import (
    RecordedGame,
    RecordedPairing,
    TrfDocument,
    recorded_pairing,
    tournament_state_from_trf,
)
from tournaments.domain.trf.report import (
    BoardRow,
    Progress,
    RoundCheck,
    RoundRobinReading,
    no_progress,
)
from tournaments.translation import translated

CHECKING = gettext_noop("Checking the rounds with the engine")
"""The progress stage of the engine's check."""


def check_recorded_rounds(
    document: TrfDocument, pairing_system: str, progress: Progress = no_progress
) -> tuple[RoundCheck, ...]:
    """Every round of `document` that records a pairing, checked under `pairing_system` (a
    TRF-2026 `192` code: FIDE_DUTCH is the 2017 rules, FIDE_DUTCH_2025 the 2025 rules); a
    round robin's against the Berger tables (C.05 Annex 1). `progress` is told of each round
    checked (the import's background job, issue 30)."""
    reading = round_robin_reading(document)
    if reading is not None:
        return _table_checks(document, reading, progress)
    config = DutchConfig(edition=Edition(pairing_system))
    checks = []
    rounds = document.rounds_in_file
    for number in range(1, rounds + 1):
        progress(CHECKING, number - 1, rounds)
        recorded = recorded_pairing(document, number)
        if not recorded.games and recorded.bye is None:
            continue
        try:
            ours = pair(tournament_state_from_trf(document, number), config)
        except NoValidPairing:
            checks.append(_unpaired(number, recorded, _("the engine finds no valid pairing")))
        except PairingError as error:
            problem = _("the engine cannot pair it (%(error)s)") % {
                "error": translated(reason(error))
            }
            checks.append(_unpaired(number, recorded, problem))
        else:
            checks.append(RoundCheck(round_number=number, rows=board_rows(recorded, ours)))
    progress(CHECKING, rounds, rounds)
    return tuple(checks)


TABLE = "Berger table"
"""What a round robin's round is compared with (`RoundCheck.reference`)."""


def read_round_robin(document: TrfDocument) -> RoundRobinReading | None:
    """The file read as a round robin, None when it is not one (`round_robin_reading`).
    Raises `BergerTableError` (a ValueError) when no Berger table covers it: pairing numbers
    not 1..n, a field out of range, more rounds than the table's."""
    reading = round_robin_reading(document)
    if reading is None:
        return None
    numbers = sorted(player.pairing_number for player in document.players)
    if numbers != list(range(1, len(numbers) + 1)):
        raise BergerTableError("a round robin's pairing numbers must be 1 to n")
    rounds = total_rounds(len(numbers), cycles=reading.cycles)
    if document.rounds_in_file > rounds:
        raise BergerTableError(
            f"a {len(numbers)}-player round robin has {rounds} rounds, "
            f"the file {document.rounds_in_file}"
        )
    return RoundRobinReading(reading.cycles, reading.swap_last_two, rounds)


def _table_checks(
    document: TrfDocument, reading: TableReading, progress: Progress
) -> tuple[RoundCheck, ...]:
    """Every recorded round against the Berger table's round (C.05 Annex 1)."""
    checks = []
    rounds = document.rounds_in_file
    for number in range(1, rounds + 1):
        progress(CHECKING, number - 1, rounds)
        recorded = recorded_pairing(document, number)
        if not recorded.games and recorded.bye is None:
            continue
        try:
            table = table_pairing(document, number, reading)
        except BergerTableError as error:
            problem = translated(reason(error))
            checks.append(replace(_unpaired(number, recorded, problem), reference=TABLE))
            continue
        rows = board_rows(recorded, table)
        if same_round(recorded, table) and not all(row.same for row in rows):
            rows = tuple(replace(row, same=True) for row in rows)  # the bye left unrecorded
        checks.append(RoundCheck(round_number=number, rows=rows, reference=TABLE))
    return tuple(checks)


def _unpaired(number: int, recorded: RecordedPairing, problem: str) -> RoundCheck:
    rows = [BoardRow("", _game(game), "", same=False) for game in recorded.games]
    if recorded.bye is not None:
        rows.append(BoardRow("bye", str(recorded.bye), "", same=False))
    return RoundCheck(round_number=number, rows=tuple(rows), problem=problem)


def board_rows(recorded: RecordedPairing, ours: RoundPairing) -> tuple[BoardRow, ...]:
    """The engine's boards in their order (C.04.2 D.9), each next to the recorded game of its
    White (else of its Black) not shown yet; then the recorded games left over, then the
    pairing-allocated byes. A recorded game without colours (a forfeit) matches either colour
    and reads `a : b`."""
    by_player: dict[PlayerId, RecordedGame] = {}
    for game in recorded.games:
        by_player[game.white] = by_player[game.black] = game
    rows: list[BoardRow] = []
    shown: set[RecordedGame] = set()
    for number, board in enumerate(ours.boards, start=1):
        match = next(
            (
                candidate
                for player in (board.white, board.black)
                if (candidate := by_player.get(player)) is not None and candidate not in shown
            ),
            None,
        )
        same = match is not None and (
            (match.white, match.black) == (board.white, board.black)
            or (
                not match.colors_recorded
                and {match.white, match.black} == {board.white, board.black}
            )
        )
        if match is not None:
            shown.add(match)
        rows.append(BoardRow(str(number), _game(match), f"{board.white} - {board.black}", same))
    rows.extend(
        BoardRow("", _game(game), "", same=False) for game in recorded.games if game not in shown
    )
    if recorded.bye is not None or ours.bye is not None:
        rows.append(
            BoardRow(
                "bye",
                "-" if recorded.bye is None else str(recorded.bye),
                "-" if ours.bye is None else str(ours.bye),
                same=ours.bye == recorded.bye,
            )
        )
    return tuple(rows)


def _game(game: RecordedGame | None) -> str:
    if game is None:
        return "-"
    return f"{game.white} {'-' if game.colors_recorded else ':'} {game.black}"
