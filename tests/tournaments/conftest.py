"""Fixtures for the tournament app's tests: reference files and a database snapshot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tournaments.models import AuditEntry, Bye, ForbiddenPair, Game, Player, Round, Tournament

REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference"
WORKED_EXAMPLE = REFERENCE / "worked-example" / "tournament.trf"

Snapshot = dict[str, list[tuple[object, ...]]]


@pytest.fixture
def worked_example_text() -> str:
    return WORKED_EXAMPLE.read_text(encoding="utf-8")


def database_rows() -> Snapshot:
    """Every row of the tournament tables, to check that a refusal changed nothing."""
    return {
        model.__name__: sorted(model.objects.values_list(), key=repr)
        for model in (Tournament, Player, Round, Game, Bye, ForbiddenPair, AuditEntry)
    }


@pytest.fixture
def snapshot() -> Callable[[], Snapshot]:
    return database_rows
