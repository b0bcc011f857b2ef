"""round_repair: discard the draft (or a stuck run) and ask for a new pairing."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.exceptions import RoundAlreadyPublished, RoundNotPaired
from pairing.models import PairingRun, RunStatus
from pairing.services.rounds import round_publish, round_repair, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.pairing.fixtures import CaptureCallbacks
from tournaments.models import AuditEntry, Round, RoundState

pytestmark = pytest.mark.django_db


def test_it_discards_the_draft_and_requests_a_new_run(
    round3: Round,
    arbiter: User,
    enqueued: list[int],
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    first = round_request_pairing(rnd=round3, by=arbiter)
    pairing_run_execute(run_id=first.pk)

    with django_capture_on_commit_callbacks(execute=True):
        second = round_repair(rnd=round3, by=arbiter)

    round3.refresh_from_db()
    assert round3.state == RoundState.NOT_PAIRED
    assert not round3.games.exists()
    assert second.status == RunStatus.PENDING
    assert enqueued == [second.pk]
    assert AuditEntry.objects.filter(entity="round", note__contains="draft discarded").exists()
    pairing_run_execute(run_id=second.pk)
    assert round3.games.count() == 7


def test_it_supersedes_a_stuck_run(round3: Round, arbiter: User, enqueued: list[int]) -> None:
    stuck = round_request_pairing(rnd=round3, by=arbiter)
    PairingRun.objects.filter(pk=stuck.pk).update(status=RunStatus.RUNNING)

    fresh = round_repair(rnd=round3, by=arbiter)

    stuck.refresh_from_db()
    assert stuck.status == RunStatus.SUPERSEDED
    assert fresh.pk != stuck.pk
    pairing_run_execute(run_id=stuck.pk)
    assert not round3.games.exists()


def test_it_refuses_a_round_without_a_draft(round3: Round, arbiter: User) -> None:
    with pytest.raises(RoundNotPaired):
        round_repair(rnd=round3, by=arbiter)


def test_it_refuses_a_published_round(round3: Round, arbiter: User, enqueued: list[int]) -> None:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    round_publish(rnd=round3, by=arbiter)

    with pytest.raises(RoundAlreadyPublished):
        round_repair(rnd=round3, by=arbiter)
    assert round3.games.count() == 7
