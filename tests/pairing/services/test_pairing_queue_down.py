"""Issue 30: no round stranded by a stopped service. With the broker not answering, a pairing
request is kept (pending, not sent) and a re-pair is refused with its draft intact; the sweep
finds runs the queue never delivered and runs whose worker died; the heartbeat renews a claim
while the engine runs."""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from kombu import pools as kombu_pools

from config.celery import app as celery_app
from pairing import tasks
from pairing.exceptions import QueueUnavailable
from pairing.models import PairingRun, RunStatus
from pairing.services import runs
from pairing.services.rounds import round_repair, round_request_pairing
from pairing.services.runs import pairing_run_execute, pairing_runs_lost
from tests.pairing.fixtures import CaptureCallbacks
from tournaments.models import Round, RoundState

DEAD_BROKER = "redis://127.0.0.1:9/0"  # the discard port: nothing listens there


def _reset_connections() -> None:
    """Drop the app's pooled broker connections and producers, and kombu's process-wide pools,
    so that the next send (of this test or of a later one in the process) connects anew to the
    broker configured then, never through a pool closed here."""
    pool: Any = celery_app.pool
    pool.force_close_all()
    celery_app._pool = None  # type: ignore[attr-defined]
    celery_app.amqp._producer_pool = None  # type: ignore[attr-defined]
    kombu_pools.reset()


@pytest.fixture
def broker_down() -> Iterator[None]:
    """Tasks go to a real broker connection that is refused (not run in-process)."""
    conf = celery_app.conf
    names = ("broker_url", "broker_write_url", "broker_read_url", "task_always_eager")
    saved = {name: conf[name] for name in names}
    conf.update(broker_url=DEAD_BROKER, broker_write_url=DEAD_BROKER, broker_read_url=DEAD_BROKER)
    conf.task_always_eager = False
    _reset_connections()
    try:
        yield
    finally:
        conf.update(saved)
        _reset_connections()


@pytest.mark.django_db
def test_a_request_is_kept_unsent_while_the_broker_is_down(
    round3: Round,
    arbiter: User,
    broker_down: None,
    settings: Any,
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        run = round_request_pairing(rnd=round3, by=arbiter)
    run.refresh_from_db()
    assert (run.status, run.queued_at) == (RunStatus.PENDING, None)
    assert time.monotonic() - started < 10
    PairingRun.objects.filter(pk=run.pk).update(created=timezone.now() - timedelta(minutes=1))
    assert pairing_runs_lost() == [run.pk], "the sweep sends it once the queue is back"


@pytest.mark.django_db
def test_a_re_pair_is_refused_with_its_draft_kept_while_the_broker_is_down(
    round3: Round, arbiter: User, broker_down: None, settings: Any
) -> None:
    first = round_request_pairing(rnd=round3, by=arbiter)
    pairing_run_execute(run_id=first.pk)
    boards = list(round3.games.values_list("board", "white", "black"))
    settings.CELERY_TASK_ALWAYS_EAGER = False

    with pytest.raises(QueueUnavailable, match="nothing was changed"):
        round_repair(rnd=round3, by=arbiter)

    round3.refresh_from_db()
    assert round3.state == RoundState.PAIRED
    assert list(round3.games.values_list("board", "white", "black")) == boards
    assert list(PairingRun.objects.filter(round=round3).values_list("status", flat=True)) == [
        RunStatus.DONE
    ]


@pytest.mark.django_db
def test_the_arbiters_pages_say_the_queue_is_down_and_never_answer_500(
    round3: Round, arbiter: User, broker_down: None, settings: Any
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    client = Client()
    client.force_login(arbiter)
    slug = round3.tournament.slug
    page = reverse("pairing-round", args=[slug, 3])

    answer = client.post(reverse("pairing-request", args=[slug, 3]), follow=True)
    assert answer.status_code == 200
    assert "is kept and will be sent as soon as the queue is back" in answer.text
    run = PairingRun.objects.get(round=round3)
    assert (run.status, run.queued_at) == (RunStatus.PENDING, None)

    pairing_run_execute(run_id=run.pk)  # a worker got it after all
    answer = client.post(reverse("pairing-repair", args=[slug, 3]), follow=True)
    assert answer.status_code == 200
    assert "The pairing queue is not answering" in answer.text
    assert Round.objects.get(pk=round3.pk).state == RoundState.PAIRED
    assert client.get(page).status_code == 200


@pytest.mark.django_db
def test_the_sweep_finds_unsent_lost_and_dead_workers_runs_only(
    round3: Round, arbiter: User, enqueued: list[int], settings: Any
) -> None:
    settings.PAIRING_RUN_RESEND_AFTER = settings.PAIRING_RUN_STALE_AFTER = 30
    now = timezone.now()
    old, recent = now - timedelta(seconds=31), now - timedelta(seconds=5)
    run = round_request_pairing(rnd=round3, by=arbiter)
    cases: list[tuple[dict[str, Any], bool]] = [
        ({"status": RunStatus.PENDING, "queued_at": None, "created": recent}, False),
        ({"status": RunStatus.PENDING, "queued_at": None, "created": old}, True),
        ({"status": RunStatus.PENDING, "queued_at": recent, "created": old}, False),
        ({"status": RunStatus.PENDING, "queued_at": old, "created": old}, True),
        ({"status": RunStatus.RUNNING, "claimed_at": recent, "created": old}, False),
        ({"status": RunStatus.RUNNING, "claimed_at": old, "created": old}, True),
        ({"status": RunStatus.DONE, "claimed_at": old, "queued_at": old, "created": old}, False),
    ]
    for fields, lost in cases:
        PairingRun.objects.filter(pk=run.pk).update(**fields)
        assert pairing_runs_lost() == ([run.pk] if lost else []), fields


@pytest.mark.django_db
def test_the_sweep_task_pairs_a_run_the_queue_never_delivered(
    round3: Round, arbiter: User, enqueued: list[int]
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)
    PairingRun.objects.filter(pk=run.pk).update(created=timezone.now() - timedelta(minutes=2))
    enqueued.clear()

    tasks.pairing_runs_sweep_task()

    assert enqueued == [run.pk]
    run.refresh_from_db()
    assert run.queued_at is not None, "marked sent: the next sweep leaves it to the queue"
    assert pairing_runs_lost() == []


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_renews_the_claim_while_the_engine_runs(
    round3: Round, arbiter: User, enqueued: list[int], settings: Any, monkeypatch: Any
) -> None:
    settings.PAIRING_RUN_HEARTBEAT = 0.2
    run = round_request_pairing(rnd=round3, by=arbiter)
    claims: list[Any] = []
    real_pair = runs.pair  # type: ignore[attr-defined]

    def slow_pair(*args: Any, **kwargs: Any) -> Any:
        for _ in range(4):
            time.sleep(0.3)
            claims.append(PairingRun.objects.get(pk=run.pk).claimed_at)
        return real_pair(*args, **kwargs)

    monkeypatch.setattr(runs, "pair", slow_pair)
    pairing_run_execute(run_id=run.pk)

    assert len(set(claims)) >= 3, "the claim was renewed while the engine ran"
    run.refresh_from_db()
    assert run.status == RunStatus.DONE
