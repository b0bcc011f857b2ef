"""Two arbiters (or two workers) at once on PostgreSQL: one run, one pairing."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import connection

from pairing.exceptions import PairingRunInProgress
from pairing.models import PairingRun, RunStatus
from pairing.services.rounds import round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.factories import UserFactory
from tests.pairing.fixtures import expected_pairs, import_round_input

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(work: Callable[[], object], times: int = 2) -> list[object]:
    """Run `work` in `times` threads released together; their results or exceptions."""
    barrier = threading.Barrier(times)
    outcomes: list[object] = []

    def target() -> None:
        barrier.wait()
        try:
            outcomes.append(work())
        except Exception as error:  # noqa: BLE001 - reported to the test
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=target) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def test_two_concurrent_pair_requests_give_one_run(
    postgresql_required: None, enqueued: list[int]
) -> None:
    tournament = import_round_input(3)
    rnd = tournament.round_set.get(number=3)
    arbiter = UserFactory.create()

    outcomes = at_once(lambda: round_request_pairing(rnd=rnd, by=arbiter).pk)

    assert len(outcomes) == 2
    assert outcomes[0] == outcomes[1]
    assert PairingRun.objects.filter(round=rnd).count() == 1
    assert enqueued == [outcomes[0]]


def test_two_workers_on_one_run_give_one_pairing(
    postgresql_required: None, enqueued: list[int]
) -> None:
    tournament = import_round_input(3)
    rnd = tournament.round_set.get(number=3)
    run = round_request_pairing(rnd=rnd, by=None)
    assert enqueued == [run.pk]

    outcomes = at_once(lambda: pairing_run_execute(run_id=run.pk))

    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.attempts == 1
    assert None in outcomes
    assert all(outcome is None or isinstance(outcome, PairingRunInProgress) for outcome in outcomes)
    pairs = list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )
    assert pairs == expected_pairs(3)
