"""The pairing task: takes an id, calls `pairing_run_execute`, returns; a duplicate is harmless."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing import tasks
from pairing.models import RunStatus
from pairing.services.rounds import round_request_pairing
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_a_duplicated_task_gives_one_pairing(
    round3: Round, arbiter: User, enqueued: list[int]
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    tasks.pair_round_task.apply(args=(run.pk,)).get()
    tasks.pair_round_task.apply(args=(run.pk,)).get()

    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.attempts == 1
    assert round3.games.count() == 7
