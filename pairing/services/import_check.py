"""The engine's check of the rounds an imported file records (VCL4THP Q54, Q55).

Each recorded round is paired again by the engine of the tournament's edition from the state
before it (`tournament_state(document, n)`), and the two pairings are compared board by board,
as `python -m pairing -c` shows them. The tournaments app cannot import the engine, so
`PairingConfig.ready` registers `check_recorded_rounds` as the importer's round checker.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from pairing.engine import DutchConfig, Edition, NoValidPairing, PairingError, RoundPairing, pair
from pairing.explanation import ERRORS
from tournaments.domain.state import PlayerId
from tournaments.domain.trf import (
    RecordedGame,
    RecordedPairing,
    TrfDocument,
    recorded_pairing,
    tournament_state,
)
from tournaments.domain.trf.report import BoardRow, RoundCheck


def check_recorded_rounds(document: TrfDocument, pairing_system: str) -> tuple[RoundCheck, ...]:
    """Every round of `document` that records a pairing, checked under `pairing_system` (a
    TRF-2026 `192` code: FIDE_DUTCH is the 2017 rules, FIDE_DUTCH_2025 the 2025 rules)."""
    config = DutchConfig(edition=Edition(pairing_system))
    checks = []
    for number in range(1, document.rounds_in_file + 1):
        recorded = recorded_pairing(document, number)
        if not recorded.games and recorded.bye is None:
            continue
        try:
            ours = pair(tournament_state(document, number), config)
        except NoValidPairing:
            checks.append(_unpaired(number, recorded, _("the engine finds no valid pairing")))
        except PairingError as error:
            problem = _("the engine cannot pair it (%(error)s)") % {
                "error": ERRORS.translate(str(error))
            }
            checks.append(_unpaired(number, recorded, problem))
        else:
            checks.append(RoundCheck(round_number=number, rows=board_rows(recorded, ours)))
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
