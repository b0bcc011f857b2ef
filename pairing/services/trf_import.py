"""The import of a whole tournament from a TRF file, composed with this app's engine.

The use case itself lives in the tournaments app (`tournaments.services.trf_import.service`),
which may not import the pairing app: it takes what it needs of an engine as `ImportChecks`,
with no default. `IMPORT_CHECKS` is that composition: every recorded round paired again by the
engine of the tournament's edition (VCL4THP Q54), and a round robin's file read as one (C.05
Annex 1). The import pages get it from `config/urls.py`, the commands and the tests from here.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from pairing.services.import_check import check_recorded_rounds, read_round_robin
from tournaments.domain.trf.report import ImportChecks, ImportReport
from tournaments.models import Tournament
from tournaments.services.trf_import import service
from tournaments.services.trf_import.service import TrfImported

IMPORT_CHECKS = ImportChecks(check_rounds=check_recorded_rounds, read_round_robin=read_round_robin)


def tournament_import_trf(
    *, text: str, by: User | None = None, slug: str | None = None
) -> Tournament:
    """`service.tournament_import_trf` with `IMPORT_CHECKS`."""
    return service.tournament_import_trf(text=text, checks=IMPORT_CHECKS, by=by, slug=slug)


def tournament_import_trf_reported(
    *, text: str, by: User | None = None, slug: str | None = None
) -> TrfImported:
    """`service.tournament_import_trf_reported` with `IMPORT_CHECKS`."""
    return service.tournament_import_trf_reported(text=text, checks=IMPORT_CHECKS, by=by, slug=slug)


def tournament_import_trf_preview(*, text: str) -> ImportReport:
    """`service.tournament_import_trf_preview` with `IMPORT_CHECKS`."""
    return service.tournament_import_trf_preview(text=text, checks=IMPORT_CHECKS)
