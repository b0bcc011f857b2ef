"""The import of a whole tournament from a TRF file, its preview and its report."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction

from tournaments.domain.messages import gettext_noop
from tournaments.domain.trf.report import ImportChecks, ImportReport, Progress, no_progress
from tournaments.exceptions import TrfImportError
from tournaments.models import ArbiterRole, IntegrityEventKind, Tournament
from tournaments.selectors.state import next_round_number
from tournaments.services.base import audit
from tournaments.services.integrity import integrity_event_record
from tournaments.services.trf_import import import_document, parse_or_refuse


@dataclass(frozen=True)
class TrfImported:
    """An imported tournament and the report of its import."""

    tournament: Tournament
    report: ImportReport


class _PreviewDone(Exception):
    """Ends a preview's transaction (rolled back) and carries its report out."""

    def __init__(self, report: ImportReport) -> None:
        super().__init__("preview")
        self.report = report


@transaction.atomic
def tournament_import_trf(
    *, text: str, checks: ImportChecks, by: User | None = None, slug: str | None = None
) -> Tournament:
    """Create a tournament from a TRF file: `tournament_import_trf_reported` without the
    report."""
    return tournament_import_trf_reported(text=text, checks=checks, by=by, slug=slug).tournament


READING = gettext_noop("Reading the file")
"""The first progress stage of an import."""


@transaction.atomic
def tournament_import_trf_reported(
    *,
    text: str,
    checks: ImportChecks,
    by: User | None = None,
    slug: str | None = None,
    progress: Progress = no_progress,
) -> TrfImported:
    """Create a tournament from a TRF file (TRF16, TRF-2026, engine extensions).

    The rounds in the file become completed rounds with their games, byes and results; requested
    byes of rounds not yet paired become byes of not-paired rounds. A malformed or inconsistent
    file raises `TrfImportError` (line and column when known) and nothing is saved. The slug
    is made from the name unless `slug` is given (refused when taken). `by`, when given,
    becomes the chief arbiter of the imported tournament.

    Every recorded round is checked by `checks.check_rounds` (the engine; a round robin's, read
    as one by `checks.read_round_robin`, against its Berger table: Q54); a round whose recorded
    pairing differs is recorded as `### Import @ Round n` with the differing boards (Q55),
    besides the event of the import itself. `progress` is told how far the import is (the
    background job's progress bar, issue 30).
    """
    if slug is not None and Tournament.objects.filter(slug=slug).exists():
        raise TrfImportError(f"a tournament with the slug {slug!r} already exists")
    progress(READING, 0, 1)
    document = parse_or_refuse(text)
    tournament, adjustments = import_document(
        document,
        text=text,
        read_round_robin=checks.read_round_robin,
        slug=slug,
        progress=progress,
    )
    round_checks = checks.check_rounds(document, tournament.pairing_system, progress)
    if by is not None:
        tournament.roles.create(user=by, role=ArbiterRole.CHIEF)
    players = tournament.players.count()
    paired = next_round_number(tournament) - 1
    audit(
        tournament=tournament,
        by=by,
        entity="tournament",
        entity_id=tournament.pk,
        new=f"imported from TRF: {players} players, {tournament.rounds} rounds",
    )
    differing = [check for check in round_checks if not check.agrees]
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.IMPORT,
        round_number=paired,
        details=f"Tournament imported from a TRF file ({players} players, {paired} of "
        f"{tournament.rounds} rounds paired; {len(adjustments)} adjustment(s); "
        f"{len(differing)} of {len(round_checks)} rounds differ from the "
        f"{'Berger table' if tournament.is_round_robin else 'engine'})",
        by=by,
    )
    for check in differing:
        integrity_event_record(
            tournament=tournament,
            kind=IntegrityEventKind.IMPORT,
            round_number=check.round_number,
            details=check.summary(),
            by=by,
        )
    report = ImportReport(
        name=tournament.name,
        players=players,
        rounds=tournament.rounds,
        rounds_paired=paired,
        pairing_system=tournament.get_format_display()
        if tournament.is_round_robin
        else tournament.get_pairing_system_display(),
        adjustments=tuple(adjustments),
        round_checks=tuple(round_checks),
        round_robin=tournament.is_round_robin,
    )
    return TrfImported(tournament=tournament, report=report)


def tournament_import_trf_preview(
    *, text: str, checks: ImportChecks, progress: Progress = no_progress
) -> ImportReport:
    """What importing `text` would do, without keeping anything: the import runs in a
    transaction that is rolled back. A refused file raises `TrfImportError`, as the import."""
    try:
        with transaction.atomic():
            imported = tournament_import_trf_reported(text=text, checks=checks, progress=progress)
            raise _PreviewDone(imported.report)
    except _PreviewDone as done:
        return done.report
