"""The whole-tournament import on mutated reference files, on PostgreSQL (issue 14): every file
is imported whole or refused with `TrfImportError`; a refusal leaves the row count of every model
as it was. FUZZ_CASES sets the number of files (`make fuzz`: 10,000); the counts are logged
(`--log-cli-level=INFO` shows them)."""

from __future__ import annotations

import logging

import pytest

from pairing.services.trf_import import tournament_import_trf_reported
from tests.fuzzing import fuzz_cases
from tests.tournaments.fuzz.counts import row_counts
from tests.tournaments.fuzz.mutator import mutated_files
from tournaments.exceptions import TrfImportError

logger = logging.getLogger(__name__)
pytestmark = [
    pytest.mark.fuzz,
    pytest.mark.django_db,
    pytest.mark.usefixtures("postgresql_required"),
]


def test_mutated_files_are_imported_whole_or_refused_with_nothing_saved() -> None:
    crashes, partial, imported, refused = [], [], 0, 0
    counts = row_counts()
    for label, text in mutated_files(fuzz_cases(200), seed=14):
        try:
            tournament_import_trf_reported(text=text)
        except TrfImportError:
            refused += 1
            if row_counts() != counts:
                partial.append(label)
        except Exception as error:  # noqa: BLE001 - any other exception is the finding
            crashes.append(f"{label}: {type(error).__name__}: {error}")
        else:
            imported += 1
            after = row_counts()
            if after["tournaments.Tournament"] != counts["tournaments.Tournament"] + 1:
                partial.append(label)
            counts = after
    logger.info("%d files imported, %d refused", imported, refused)
    assert (crashes, partial) == ([], [])
    assert imported and refused  # the mutator reaches both ends
