"""Rating lists imported from the shipped samples, for the service, view and browser tests."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from tournaments.domain.ratinglists import ListKind
from tournaments.models import RatingList
from tournaments.services.ratinglists import rating_list_import

SAMPLES = Path(__file__).resolve().parents[3] / "tournaments" / "fixtures" / "ratinglists"
OCTOBER = datetime.date(2026, 10, 1)


def import_sample(name: str, kind: ListKind, date: datetime.date = OCTOBER) -> RatingList:
    with (SAMPLES / name).open("rb") as stream:
        return rating_list_import(stream=stream, kind=kind, date=date, source_name=name, by=None)


@pytest.fixture
def combined_list(db: None) -> RatingList:
    """The sample combined list (TXT) of October 2026."""
    return import_sample("players_list.zip", ListKind.FIDE_COMBINED)
