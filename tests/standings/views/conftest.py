"""Fixtures for the standings tests."""

from __future__ import annotations

import pytest

from tests.standings.selectors.builders import import_worked_example
from tournaments.models import Tournament


@pytest.fixture
def worked_example() -> Tournament:
    """The demo tournament (14 players, 6 completed rounds) with a tie-break list."""
    return import_worked_example()
