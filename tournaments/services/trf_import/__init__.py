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
A forfeit win without an opponent (`0000 - +`, the old way of writing the pairing-allocated
bye) is imported as the pairing-allocated bye, and the report says so. More than 99 rounds
are refused, and so are accelerations (`XXA`/`250`) other than the Baku method's (C.04.7): a
`_BAKU` `192` code or records giving the method's virtual points make a tournament with Baku
acceleration.

The engine's check of the imported rounds and the reading of a round robin live in the pairing
app, which this app may not import: the caller passes them in (`ImportChecks`, composed by
`pairing.services.trf_import`). A file that the reader takes for a round robin (its `092` says
so, or its rounds are the Berger tables') becomes a round robin (C.05 Annex 1), its numbers the
file's (drawn, locked), its rounds checked against the table, and a player whose games end in
forfeit losses to the last round withdrawn (C.06 V.4).
"""

from __future__ import annotations

from tournaments.domain.messages import Message, gettext_noop
from tournaments.domain.roundrobin import round_robin_cycles
from tournaments.domain.trf import TrfDocument, TrfError, parse_trf
from tournaments.domain.trf.adjustments import file_adjustments
from tournaments.domain.trf.report import (
    Adjustment,
    AdjustmentKind,
    Progress,
    RoundRobinReader,
    RoundRobinReading,
    no_progress,
)
from tournaments.exceptions import TrfImportError
from tournaments.models import Game, Result, Tournament, TournamentStatus
from tournaments.services.trf_import.header import Lines, create_tournament, refuse_unsupported
from tournaments.services.trf_import.rows import (
    create_forbidden_pairs,
    create_players,
    create_rounds,
    mark_round_robin_withdrawals,
    mark_withdrawals,
)


def _round_robin(
    document: TrfDocument, lines: Lines, read_round_robin: RoundRobinReader
) -> RoundRobinReading | None:
    """The file read as a round robin; None for a Swiss."""
    try:
        return read_round_robin(document)
    except ValueError as error:
        raise lines.refuse_header(("092",), str(error)) from None


def parse_or_refuse(text: str) -> TrfDocument:
    """Parse a TRF file; a malformed one raises `TrfImportError` with its line and column. A
    result symbol TRF does not define is kept as an unknown result, and reported (VCL Q166)."""
    try:
        return parse_trf(text, unknown_results=True)
    except TrfError as error:
        raise TrfImportError(error.reason, line=error.line, column=error.column) from error


def import_document(
    document: TrfDocument,
    *,
    text: str,
    read_round_robin: RoundRobinReader,
    slug: str | None = None,
    progress: Progress = no_progress,
) -> tuple[Tournament, list[Adjustment]]:
    """Create the tournament, its players, rounds, games and byes from `document`; return it
    with the adjustments made, in the order of the file's lines. `read_round_robin` tells
    whether the file is a round robin's (`ImportChecks`); `progress` is told how far the rows
    are (the background job's progress bar, issue 30)."""
    lines = Lines.of(text)
    refuse_unsupported(document, lines)
    round_robin = _round_robin(document, lines, read_round_robin)
    adjustments = file_adjustments(text, document)
    if round_robin is not None:
        adjustments = _as_round_robin(document, lines, adjustments, round_robin)
    tournament = create_tournament(document, lines, slug, adjustments, round_robin)
    players = create_players(tournament, document, lines, adjustments, progress)
    last_paired = create_rounds(tournament, document, players, lines, progress)
    if round_robin is None:
        mark_withdrawals(document, players, last_paired, lines, adjustments)
    else:
        mark_round_robin_withdrawals(document, players, lines, adjustments)
    create_forbidden_pairs(tournament, document, players)
    tournament.status = (
        TournamentStatus.REGISTRATION
        if last_paired == 0
        else TournamentStatus.FINISHED
        if last_paired == tournament.rounds
        # an adjourned (`?`) game keeps it in progress: the final standings wait (Q161, Q169)
        and not Game.objects.filter(round__tournament=tournament, result=Result.ADJOURNED).exists()
        else TournamentStatus.IN_PROGRESS
    )
    tournament.save(update_fields=["status"])
    ordered = sorted(adjustments, key=lambda adjustment: adjustment.lines or (len(text),))
    return tournament, ordered


def _as_round_robin(
    document: TrfDocument,
    lines: Lines,
    adjustments: list[Adjustment],
    reading: RoundRobinReading,
) -> list[Adjustment]:
    """The adjustments of a round robin's file: its `092` is kept (not reported as ignored);
    one read from its rounds alone, or with another number of rounds, says so."""
    line = lines.header.get("092")
    kept = [
        adjustment
        for adjustment in adjustments
        if not (adjustment.kind is AdjustmentKind.IGNORED and line and adjustment.lines == (line,))
    ]
    if round_robin_cycles(document.tournament_type) is None:
        kept.append(
            Adjustment(
                AdjustmentKind.CHANGED,
                (),
                Message(
                    gettext_noop(
                        "the rounds are the Berger tables' (C.05 Annex 1): "
                        "imported as a round robin"
                    )
                ),
            )
        )
    if document.round_count != reading.rounds:
        kept.append(
            Adjustment(
                AdjustmentKind.CHANGED,
                tuple(filter(None, [lines.header.get("XXR") or lines.header.get("142")])),
                Message(
                    gettext_noop(
                        "%(rounds)s rounds: a %(players)s-player round robin has %(table)s "
                        "(C.05 Annex 1)"
                    ),
                    rounds=document.round_count,
                    players=len(document.players),
                    table=reading.rounds,
                ),
            )
        )
    return kept


__all__ = ["import_document", "parse_or_refuse"]
