"""Background jobs (issue 30): the whole-tournament TRF import and its preview run in a Celery
worker, out of the web request, and tell their progress to the job's page.

As a pairing run (`pairing.services.runs`): `background_job_execute` claims the job by
compare-and-set (committed, so other workers see it), does the work while a heartbeat thread
(its own database connection, outside the import's transaction) renews the claim and writes
the progress every `BACKGROUND_JOB_HEARTBEAT` seconds, then ends the job. The import and the
job's end are one transaction, so a worker that dies half-way leaves no tournament and a job
that the sweep (`background_jobs_lost`) sends again once its claim is older than
`BACKGROUND_JOB_STALE_AFTER`; a job claimed `BACKGROUND_JOB_MAX_ATTEMPTS` times fails.
"""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import F, Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments.domain.trf.report import ImportChecks
from tournaments.exceptions import TrfImportError
from tournaments.models import BackgroundJob, JobKind, JobStatus
from tournaments.services.trf_import.service import (
    tournament_import_trf_preview,
    tournament_import_trf_reported,
)

__all__ = [
    "background_job_execute",
    "background_jobs_lost",
    "trf_import_job_create",
    "trf_preview_job_create",
]

REPORT_TEMPLATE = "tournaments/import/_report.html"
"""The preview's report, rendered by the worker in the owner's language."""
PREVIEW_MAX_AGE = 3600
"""Seconds a finished preview may be confirmed for."""


class _JobTakenOver(Exception):
    """The job's claim is no longer ours: roll the import back."""


@transaction.atomic
def trf_preview_job_create(*, owner: User, text: str, language: str) -> BackgroundJob:
    """Store the preview of importing `text` (already under the upload policy) as a job."""
    return BackgroundJob.objects.create(
        kind=JobKind.TRF_PREVIEW, owner=owner, input_text=text, language=language
    )


@transaction.atomic
def trf_import_job_create(*, preview: BackgroundJob, by: User, language: str) -> BackgroundJob:
    """The import of a previewed file for good, as a job of `by` (the preview's owner); the
    preview's import job if it was confirmed already (a double click imports once). A preview
    that is not `by`'s, not finished, refused or older than `PREVIEW_MAX_AGE` seconds raises
    `TrfImportError`."""
    preview = BackgroundJob.objects.select_for_update().get(pk=preview.pk)
    if preview.owner_id != by.pk or preview.kind != JobKind.TRF_PREVIEW:
        raise TrfImportError(_("This confirmation is not valid: upload the file again."))
    if preview.status != JobStatus.DONE:
        raise TrfImportError(_("The preview is not finished: wait for it, then import."))
    confirmed = BackgroundJob.objects.filter(source=preview, kind=JobKind.TRF_IMPORT).first()
    if confirmed is not None:
        return confirmed
    oldest = timezone.now() - timedelta(seconds=PREVIEW_MAX_AGE)
    if preview.finished is None or preview.finished < oldest:
        raise TrfImportError(_("The preview has expired: upload the file again."))
    return BackgroundJob.objects.create(
        kind=JobKind.TRF_IMPORT,
        owner=by,
        source=preview,
        input_text=preview.input_text,
        language=language,
    )


def background_job_execute(*, job_id: int, checks: ImportChecks) -> None:
    """Do the job (the worker's side) with the engine's `checks` (the pairing app's
    `IMPORT_CHECKS`, passed in by its task); safe to call twice or after a crash: a job finished
    or claimed recently by another worker is left alone. A refused file ends the job with the
    refusal (its line and column); nothing is saved then."""
    token = _claim(job_id)
    if token is None:
        return
    job = BackgroundJob.objects.select_related("owner").get(pk=job_id)
    if job.attempts > settings.BACKGROUND_JOB_MAX_ATTEMPTS:
        _end(job_id, token, status=JobStatus.FAILED, error=_lost_message(job.language))
        return
    tracker = _Tracker()
    with translation.override(job.language), _heartbeat(job_id, token, tracker):
        try:
            if job.kind == JobKind.TRF_PREVIEW:
                _preview(job, token, tracker, checks)
            else:
                _import(job, token, tracker, checks)
        except TrfImportError as error:
            _end(
                job_id,
                token,
                status=JobStatus.FAILED,
                tracker=tracker,
                error=str(error),
                error_line=error.line,
                error_column=error.column,
            )
        except _JobTakenOver:
            return
        except Exception:
            _end(
                job_id,
                token,
                status=JobStatus.FAILED,
                error=_("The job failed: nothing was saved."),
            )
            raise


def background_jobs_lost() -> list[int]:
    """The jobs to send to the queue again: pending and never sent, or sent more than
    `BACKGROUND_JOB_RESEND_AFTER` seconds ago and never claimed, and running with a claim not
    renewed for `BACKGROUND_JOB_STALE_AFTER` seconds (a dead worker). The pending ones are
    marked sent now."""
    now = timezone.now()
    resend = now - timedelta(seconds=settings.BACKGROUND_JOB_RESEND_AFTER)
    stale = now - timedelta(seconds=settings.BACKGROUND_JOB_STALE_AFTER)
    lost = BackgroundJob.objects.filter(
        Q(status=JobStatus.PENDING, queued_at__isnull=True, created__lt=resend)
        | Q(status=JobStatus.PENDING, queued_at__lt=resend)
        | Q(status=JobStatus.RUNNING, claimed_at__lt=stale)
    )
    job_ids = list(lost.order_by("created").values_list("pk", flat=True))
    BackgroundJob.objects.filter(pk__in=job_ids, status=JobStatus.PENDING).update(queued_at=now)
    return job_ids


def _preview(job: BackgroundJob, token: uuid.UUID, tracker: _Tracker, checks: ImportChecks) -> None:
    report = tournament_import_trf_preview(text=job.input_text, checks=checks, progress=tracker)
    html = render_to_string(REPORT_TEMPLATE, {"report": report})
    _end(
        job.pk,
        token,
        status=JobStatus.DONE,
        tracker=tracker,
        result_html=html,
        warnings=len(report.differing_rounds),
    )


def _import(job: BackgroundJob, token: uuid.UUID, tracker: _Tracker, checks: ImportChecks) -> None:
    """The import and the job's end in one transaction: never a tournament without its job's
    end, nor a job done twice."""
    with transaction.atomic():
        imported = tournament_import_trf_reported(
            text=job.input_text, checks=checks, by=job.owner, progress=tracker
        )
        ended = _end(
            job.pk, token, status=JobStatus.DONE, tracker=tracker, tournament=imported.tournament
        )
        if not ended:
            raise _JobTakenOver


def _claim(job_id: int) -> uuid.UUID | None:
    """Claim the job (pending, or running under a stale claim); its new token, None if not."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.BACKGROUND_JOB_STALE_AFTER)
    token = uuid.uuid4()
    claimed = (
        BackgroundJob.objects.filter(pk=job_id)
        .filter(Q(status=JobStatus.PENDING) | Q(status=JobStatus.RUNNING, claimed_at__lt=stale))
        .update(
            status=JobStatus.RUNNING,
            claim_token=token,
            claimed_at=now,
            attempts=F("attempts") + 1,
        )
    )
    return token if claimed else None


def _end(
    job_id: int,
    token: uuid.UUID,
    *,
    status: JobStatus,
    tracker: _Tracker | None = None,
    **fields: object,
) -> bool:
    """End the job if it is still ours, with the progress it reached; whether it was."""
    if tracker is not None:
        fields.update(stage=tracker.stage, done=tracker.done, total=tracker.total)
    ended = BackgroundJob.objects.filter(
        pk=job_id, status=JobStatus.RUNNING, claim_token=token
    ).update(status=status, finished=timezone.now(), **fields)
    return bool(ended)


def _lost_message(language: str) -> str:
    with translation.override(language):
        return _(
            "A worker stopped each time it did this job (%(attempts)s attempts): nothing was "
            "saved. Upload the file again; if it stops again, tell the site's operator."
        ) % {"attempts": settings.BACKGROUND_JOB_MAX_ATTEMPTS}


@dataclass
class _Tracker:
    """The progress the work tells (`tournaments.domain.trf.report.Progress`), kept here for
    the heartbeat thread to write."""

    stage: str = ""
    done: int = 0
    total: int = 0

    def __call__(self, stage: str, done: int, total: int) -> None:
        self.stage, self.done, self.total = stage, done, total


@contextlib.contextmanager
def _heartbeat(job_id: int, token: uuid.UUID, tracker: _Tracker) -> Iterator[None]:
    """Every `BACKGROUND_JOB_HEARTBEAT` seconds while the block runs, renew the claim and write
    the progress, in a thread of its own with its own database connection (closed at the end),
    so the progress is seen while the work's transaction is open."""
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(settings.BACKGROUND_JOB_HEARTBEAT):
                renewed = BackgroundJob.objects.filter(
                    pk=job_id, status=JobStatus.RUNNING, claim_token=token
                ).update(
                    claimed_at=timezone.now(),
                    stage=tracker.stage,
                    done=tracker.done,
                    total=tracker.total,
                )
                if not renewed:
                    return
        finally:
            connection.close()

    thread = threading.Thread(target=beat, name=f"background-job-{job_id}", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
