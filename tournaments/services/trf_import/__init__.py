"""From a TRF file to tournament rows, with the report of what the import adjusted
(used by `services.tournaments.tournament_import_trf`).

Every problem becomes a `TrfImportError` naming the line (and column) of the file; the caller's
transaction then saves nothing. What is not kept, changed or filled in is reported as an
`Adjustment` (`tournaments.domain.trf.adjustments` for what the file alone shows, the modules
here for what the tournament model decides): `###` comments, the `092`/`122`/`132`/`212`/`XXZ`
lines and header lines the reader does not interpret, `XXC` tokens other than the colour, a
`042`/`052` date that does not read as a date (left empty), a result symbol TRF does not
define (read as an unknown result `?`, Q166, and the points column recomputed), the colours of
a forfeit written without colours (White is then the lower pairing number), the rank column
(an export recomputes it), missing records (`012`, `142`, `152`, `162`, `192`, `202`).
A forfeit win without an opponent (`0000 - +`) and more than 99 rounds are refused, and so
are accelerations (`XXA`/`250`) other than the Baku method's (C.04.7): a `_BAKU` `192` code or
records giving the method's virtual points make a tournament with Baku acceleration.

The engine's check of the imported rounds lives in the pairing app, which this app may not
import: it registers itself here (`register_round_checker`) when Django starts.
"""

from __future__ import annotations

from tournaments.domain.trf import TrfDocument, TrfError, parse_trf
from tournaments.domain.trf.adjustments import file_adjustments
from tournaments.domain.trf.report import Adjustment, RoundChecker
from tournaments.exceptions import TrfImportError
from tournaments.models import Tournament, TournamentStatus
from tournaments.services.trf_import.header import Lines, create_tournament, refuse_unsupported
from tournaments.services.trf_import.rows import (
    create_forbidden_pairs,
    create_players,
    create_rounds,
    mark_withdrawals,
)

_round_checkers: list[RoundChecker] = []


def register_round_checker(checker: RoundChecker) -> None:
    """Make `checker` the engine check of every import (the pairing app calls this once)."""
    _round_checkers[:] = [checker]


def round_checker() -> RoundChecker | None:
    """The registered engine check, None when no pairing app is installed."""
    return _round_checkers[0] if _round_checkers else None


def parse_or_refuse(text: str) -> TrfDocument:
    """Parse a TRF file; a malformed one raises `TrfImportError` with its line and column. A
    result symbol TRF does not define is kept as an unknown result, and reported (VCL Q166)."""
    try:
        return parse_trf(text, unknown_results=True)
    except TrfError as error:
        raise TrfImportError(error.reason, line=error.line, column=error.column) from error


def import_document(
    document: TrfDocument, *, text: str, slug: str | None = None
) -> tuple[Tournament, list[Adjustment]]:
    """Create the tournament, its players, rounds, games and byes from `document`; return it
    with the adjustments made, in the order of the file's lines."""
    lines = Lines.of(text)
    refuse_unsupported(document, lines)
    adjustments = file_adjustments(text, document)
    tournament = create_tournament(document, lines, slug, adjustments)
    players = create_players(tournament, document, lines, adjustments)
    last_paired = create_rounds(tournament, document, players, lines)
    mark_withdrawals(document, players, last_paired, lines, adjustments)
    create_forbidden_pairs(tournament, document, players)
    tournament.status = (
        TournamentStatus.REGISTRATION
        if last_paired == 0
        else TournamentStatus.FINISHED
        if last_paired == tournament.rounds
        else TournamentStatus.IN_PROGRESS
    )
    tournament.save(update_fields=["status"])
    ordered = sorted(adjustments, key=lambda adjustment: adjustment.lines or (len(text),))
    return tournament, ordered


__all__ = [
    "import_document",
    "parse_or_refuse",
    "register_round_checker",
    "round_checker",
]
