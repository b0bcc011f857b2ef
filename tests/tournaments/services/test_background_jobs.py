"""The TRF import and its preview as background jobs (issue 30, deliverable 5): the claim, the
progress the import tells, the refusal kept with its line and column, the import and the job's
end in one transaction, and the sweep of lost jobs. Run eagerly here (the service directly);
tests/integration/test_import_worker.py runs them through a real worker."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from pairing.services.import_check import CHECKING
from pairing.services.trf_import import IMPORT_CHECKS
from tests.tournaments.fuzz.counts import row_counts
from tournaments.domain.trf import TrfDocument
from tournaments.domain.trf.report import ImportChecks, Progress, RoundCheck
from tournaments.exceptions import TrfImportError
from tournaments.models import ArbiterRole, BackgroundJob, JobKind, JobStatus, Tournament
from tournaments.services.jobs import (
    background_job_execute,
    background_jobs_lost,
    trf_import_job_create,
    trf_preview_job_create,
)

pytestmark = pytest.mark.django_db


def preview_of(owner: User, text: str) -> BackgroundJob:
    job = trf_preview_job_create(owner=owner, text=text, language="en")
    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    job.refresh_from_db()
    return job


def test_a_preview_job_keeps_the_report_and_its_progress_and_saves_nothing(
    arbiter: User, worked_example_text: str
) -> None:
    before = row_counts()

    job = preview_of(arbiter, worked_example_text)

    assert row_counts() == before
    assert job.status == JobStatus.DONE
    assert "Preview: Worked example" in job.result_html
    assert "All 6 paired rounds agree with the engine." in job.result_html
    assert (job.stage, job.done, job.total, job.percent) == (CHECKING, 6, 6, 100)
    assert job.attempts == 1 and job.finished is not None and job.warnings == 0


def test_the_preview_is_rendered_in_the_owner_s_language(
    arbiter: User, worked_example_text: str
) -> None:
    job = trf_preview_job_create(owner=arbiter, text=worked_example_text, language="fr")
    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    job.refresh_from_db()

    assert "Aperçu" in job.result_html


def test_a_refused_file_ends_the_job_with_its_line_and_column_and_saves_nothing(
    arbiter: User, worked_example_text: str
) -> None:
    before = row_counts()

    job = preview_of(arbiter, worked_example_text.replace("8 w 1", "8 x 1", 1))

    assert job.status == JobStatus.FAILED
    assert job.error == "line 6, column 97: round 1: unknown colour 'x'"
    assert (job.error_line, job.error_column) == (6, 97)
    assert row_counts() == before


def test_the_import_job_makes_the_tournament_with_its_owner_as_chief_arbiter(
    arbiter: User, worked_example_text: str
) -> None:
    preview = preview_of(arbiter, worked_example_text)

    job = trf_import_job_create(preview=preview, by=arbiter, language="en")
    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    job.refresh_from_db()

    tournament = Tournament.objects.get()
    assert (job.kind, job.status, job.tournament, job.source) == (
        JobKind.TRF_IMPORT,
        JobStatus.DONE,
        tournament,
        preview,
    )
    assert tournament.players.count() == 14
    assert tournament.roles.get().user == arbiter
    assert tournament.roles.get().role == ArbiterRole.CHIEF
    # done twice (a duplicated message): imported once
    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    assert Tournament.objects.count() == 1


def taken_over(
    document: TrfDocument, pairing_system: str, progress: Progress
) -> tuple[RoundCheck, ...]:
    """The engine check, during which another worker takes the job over (a new claim)."""
    BackgroundJob.objects.filter(kind=JobKind.TRF_IMPORT).update(claim_token=uuid.uuid4())
    return IMPORT_CHECKS.check_rounds(document, pairing_system, progress)


def test_an_import_whose_job_was_taken_over_keeps_nothing(
    arbiter: User, worked_example_text: str
) -> None:
    preview = BackgroundJob.objects.create(
        kind=JobKind.TRF_PREVIEW,
        owner=arbiter,
        input_text=worked_example_text,
        status=JobStatus.DONE,
        finished=timezone.now(),
    )
    job = trf_import_job_create(preview=preview, by=arbiter, language="en")
    checks = ImportChecks(check_rounds=taken_over, read_round_robin=IMPORT_CHECKS.read_round_robin)

    background_job_execute(job_id=job.pk, checks=checks)

    job.refresh_from_db()
    assert job.status == JobStatus.RUNNING  # the other worker's now
    assert not Tournament.objects.exists()


def test_a_job_claimed_recently_is_left_alone_and_a_stale_claim_is_taken_over(
    arbiter: User, worked_example_text: str
) -> None:
    job = trf_preview_job_create(owner=arbiter, text=worked_example_text, language="en")
    claimed = {"status": JobStatus.RUNNING, "claim_token": uuid.uuid4(), "attempts": 1}
    BackgroundJob.objects.filter(pk=job.pk).update(**claimed, claimed_at=timezone.now())

    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.RUNNING, 1)

    stale = timezone.now() - timedelta(seconds=60)
    BackgroundJob.objects.filter(pk=job.pk).update(claimed_at=stale)
    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)
    job.refresh_from_db()
    assert (job.status, job.attempts) == (JobStatus.DONE, 2)


def test_a_job_whose_worker_stopped_each_time_fails_with_a_message(
    arbiter: User, worked_example_text: str
) -> None:
    job = trf_preview_job_create(owner=arbiter, text=worked_example_text, language="en")
    stale = timezone.now() - timedelta(seconds=60)
    BackgroundJob.objects.filter(pk=job.pk).update(
        status=JobStatus.RUNNING, claimed_at=stale, attempts=3
    )

    background_job_execute(job_id=job.pk, checks=IMPORT_CHECKS)

    job.refresh_from_db()
    assert job.status == JobStatus.FAILED
    assert job.error.startswith("A worker stopped each time it did this job (3 attempts)")


def test_the_sweep_finds_unsent_lost_and_stale_jobs_only(
    arbiter: User, worked_example_text: str
) -> None:
    def job(**fields: object) -> int:
        made = BackgroundJob.objects.create(
            kind=JobKind.TRF_PREVIEW, owner=arbiter, input_text=worked_example_text
        )
        BackgroundJob.objects.filter(pk=made.pk).update(**fields)
        return made.pk

    old = timezone.now() - timedelta(seconds=60)
    unsent = job(created=old)
    lost = job(created=old, queued_at=old)
    stale = job(status=JobStatus.RUNNING, claimed_at=old)
    job()  # just created: the queue has it
    job(queued_at=timezone.now())
    job(status=JobStatus.RUNNING, claimed_at=timezone.now())
    job(status=JobStatus.DONE, created=old)

    assert sorted(background_jobs_lost()) == sorted([unsent, lost, stale])
    assert background_jobs_lost() == [stale]  # the pending ones were marked sent


def test_a_confirmation_of_an_unfinished_preview_is_refused(
    arbiter: User, worked_example_text: str
) -> None:
    preview = trf_preview_job_create(owner=arbiter, text=worked_example_text, language="en")

    with pytest.raises(TrfImportError, match="The preview is not finished"):
        trf_import_job_create(preview=preview, by=arbiter, language="en")
