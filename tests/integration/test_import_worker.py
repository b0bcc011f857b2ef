"""The TRF import's preview and import through a real Celery worker on Redis (issue 30,
deliverable 5): the worker's progress is seen in the database while the import's transaction is
open, and the import job makes the tournament once. The worker's engine waits
`SLOW_ENGINE_SECONDS` before each round it checks (`tests.integration.slow_worker`), so the
worked example's six rounds take a few seconds and the progress can be watched."""

from __future__ import annotations

import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone
from pytest_django.live_server_helper import LiveServer

from config.celery import app as celery_app
from pairing import tasks
from pairing.services.import_check import CHECKING
from tests.browser import session_context
from tests.factories import UserFactory
from tests.integration.worker import Worker, start_worker, stop_worker
from tests.screenshots import screenshot
from tests.tournaments.conftest import WORKED_EXAMPLE
from tournaments.models import BackgroundJob, JobKind, JobStatus, Tournament
from tournaments.services.jobs import trf_import_job_create, trf_preview_job_create

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.django_db(transaction=True)]


def send_to(worker: Worker, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send the background job task to the test worker's private queue."""

    def send(job_id: int) -> None:
        tasks.trf_import_job_task.apply_async(args=(job_id,), queue=worker.queue)

    monkeypatch.setattr(tasks.trf_import_job_task, "delay", send)


def watch(job: BackgroundJob, worker: Worker, seconds: float = 120) -> list[tuple[str, int, int]]:
    """The progress seen while the job runs (status, done, total), until it ends."""
    seen: list[tuple[str, int, int]] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        job.refresh_from_db()
        if not seen or seen[-1] != (job.status, job.done, job.total):
            seen.append((job.status, job.done, job.total))
        if job.ended:
            return seen
        time.sleep(0.1)
    pytest.fail(f"job {job.pk} is {job.status}:\n{worker.output()}")


@pytest.fixture
def slow_worker(
    transactional_db: None, postgresql_required: None, redis_required: None, tmp_path: Path
) -> Iterator[Worker]:
    celery_app.conf.task_always_eager = False
    worker = start_worker(tmp_path, f"import-{time.monotonic_ns()}", slow_engine=0.7)
    try:
        yield worker
    finally:
        stop_worker(worker)
        celery_app.conf.task_always_eager = True


def test_a_real_worker_previews_then_imports_with_progress_seen_on_the_way(
    slow_worker: Worker, monkeypatch: pytest.MonkeyPatch
) -> None:
    send_to(slow_worker, monkeypatch)
    owner = UserFactory.create(username="importer")
    text = WORKED_EXAMPLE.read_text(encoding="utf-8")

    preview = trf_preview_job_create(owner=owner, text=text, language="en")
    tasks.trf_import_job_send(preview.pk)
    seen = watch(preview, slow_worker)

    assert seen[-1] == (JobStatus.DONE, 6, 6), slow_worker.output()
    running = [(done, total) for status, done, total in seen if status == JobStatus.RUNNING]
    assert any(0 < done < total == 6 for done, total in running), seen  # mid-check, seen live
    assert not Tournament.objects.exists()

    job = trf_import_job_create(preview=preview, by=owner, language="en")
    tasks.trf_import_job_send(job.pk)
    seen = watch(job, slow_worker)

    assert seen[-1][0] == JobStatus.DONE, slow_worker.output()
    running = [(done, total) for status, done, total in seen if status == JobStatus.RUNNING]
    assert any(0 < done < total for done, total in running), seen
    job.refresh_from_db()
    assert job.tournament == Tournament.objects.get()
    assert job.tournament.players.count() == 14


@pytest.mark.browser
def test_a_slow_import_shows_its_progress_bar_in_the_browser(
    slow_worker: Worker,
    monkeypatch: pytest.MonkeyPatch,
    live_server: LiveServer,
    chromium: Browser,
    client: Client,
) -> None:
    from playwright.sync_api import expect

    send_to(slow_worker, monkeypatch)
    client.force_login(UserFactory.create(username="arbiter"))
    context = session_context(chromium, live_server.url, client.cookies["sessionid"].value, 1280)
    page = context.new_page()
    page.goto(live_server.url + "/manage/import/")
    page.set_input_files("input[name=file]", str(WORKED_EXAMPLE))
    page.click("text=Preview the import")

    page.wait_for_url("**/manage/jobs/*/")
    bar = page.locator("progress#job-progress")
    expect(bar).to_be_visible()
    expect(page.locator("#job-status")).to_contain_text("Checking the rounds with the engine")
    expect(bar).to_have_attribute("value", re.compile(r"^[1-5]$"))  # polled while it runs
    screenshot(page, "import-progress-1280")
    expect(page.locator("#preview-heading")).to_contain_text("Worked example")
    expect(bar).to_have_count(0)
    preview_url = page.url
    page.get_by_role("button", name="Import", exact=True).click()
    page.wait_for_url(lambda url: "/manage/jobs/" in url and url != preview_url)
    expect(page.locator(".message-success")).to_contain_text("you are its chief arbiter")
    page.click("text=Open the tournament")
    page.wait_for_url("**/t/*/manage/")
    context.close()
    count = Tournament.objects.count()
    connection.close()  # Playwright's greenlets gave the query its own connection
    assert count == 1


def test_a_worker_killed_in_the_middle_of_an_import_leaves_nothing_and_the_sweep_redoes_it(
    transactional_db: None,
    postgresql_required: None,
    redis_required: None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    settings: Any,
) -> None:
    """SIGKILL during the engine's check (rows written, transaction open): no tournament; once
    the claim is stale (2 s here) the sweep sends the job again and a new worker imports it
    once, at its second attempt."""
    settings.BACKGROUND_JOB_STALE_AFTER = 2
    monkeypatch.setenv("BACKGROUND_JOB_STALE_AFTER", "2")
    celery_app.conf.task_always_eager = False
    queue = f"import-kill-{time.monotonic_ns()}"
    slow = start_worker(tmp_path, queue, slow_engine=2.0)
    workers = [slow]
    try:
        send_to(slow, monkeypatch)
        owner = UserFactory.create(username="importer")
        preview = BackgroundJob.objects.create(
            kind=JobKind.TRF_PREVIEW,
            owner=owner,
            input_text=WORKED_EXAMPLE.read_text(encoding="utf-8"),
            status=JobStatus.DONE,
            finished=timezone.now(),
        )
        job = trf_import_job_create(preview=preview, by=owner, language="en")
        tasks.trf_import_job_send(job.pk)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            job.refresh_from_db()
            if job.status == JobStatus.RUNNING and job.done >= 1 and job.stage == CHECKING:
                break
            time.sleep(0.1)
        else:
            pytest.fail(f"the job never reached the engine's check:\n{slow.output()}")
        slow.process.send_signal(signal.SIGKILL)
        slow.process.wait(timeout=10)
        assert not Tournament.objects.exists()  # the import's transaction died with it

        fresh = start_worker(tmp_path, queue)
        workers.append(fresh)
        time.sleep(2.5)  # the dead worker's claim goes stale
        tasks.background_jobs_sweep_task()
        seen = watch(job, fresh)

        assert seen[-1][0] == JobStatus.DONE, fresh.output()
        job.refresh_from_db()
        assert job.attempts == 2
        assert Tournament.objects.count() == 1
    finally:
        for worker in workers:
            stop_worker(worker)
        celery_app.conf.task_always_eager = True
