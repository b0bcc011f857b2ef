"""Django fixtures of the pairing app's tests (services, views, integration): the worked example
at round 3, an arbiter, and the pairing task held back. Not a conftest: the engine tests under
tests/pairing stay free of Django."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User

from pairing import tasks
from pairing.services.trf_import import tournament_import_trf
from tests.factories import TournamentRoleFactory, UserFactory
from tournaments.models import Round, Tournament

CaptureCallbacks = Callable[..., AbstractContextManager[list[Callable[[], Any]]]]
"""The type of pytest-django's `django_capture_on_commit_callbacks` fixture."""

ROUNDS = Path(__file__).resolve().parents[1] / "data" / "reference" / "worked-example" / "rounds"


def expected_pairs(round_number: int) -> list[tuple[int, int]]:
    """`round-N-expected.txt`: the boards in published order, `white black` (bye as `N 0`)."""
    lines = (ROUNDS / f"round-{round_number}-expected.txt").read_text().split("\n")[1:]
    return [(int(line.split()[0]), int(line.split()[1])) for line in lines if line.strip()]


def import_round_input(round_number: int, slug: str = "worked") -> Tournament:
    text = (ROUNDS / f"round-{round_number}-input.trf").read_text(encoding="utf-8")
    return tournament_import_trf(text=text, slug=slug)


@pytest.fixture
def arbiter(db: None) -> User:
    return UserFactory.create(username="chief")


@pytest.fixture
def worked(db: None, arbiter: User) -> Tournament:
    """The worked example before round 3 (rounds 1-2 completed), with `arbiter` assigned."""
    tournament = import_round_input(3)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    return tournament


@pytest.fixture
def round3(worked: Tournament) -> Round:
    return worked.round_set.get(number=3)


@pytest.fixture
def enqueued(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The run ids sent to the pairing task, which then does not run (no eager pairing)."""
    sent: list[int] = []
    monkeypatch.setattr(tasks.pair_round_task, "delay", sent.append)
    return sent
