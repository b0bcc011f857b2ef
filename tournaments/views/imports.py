"""Import a whole tournament from a TRF file: upload, preview (the import's report and the
engine's check of every round), then confirm (VCL4THP Q47-Q55).

Both the preview and the import are background jobs (issue 30; `tournaments.services.jobs`):
the upload stores the file's text in a job and sends it to the worker, and the browser goes to
the job's page, which shows a progress bar, polls every second and stops polling once the job
ends, with the preview and its Import button, the refusal, or the imported tournament. The
preview runs the import in a transaction that is rolled back; Import makes a second job of the
same text, which imports it in one transaction. Only the job's owner (and staff) see a job.

Both form views take `send_job` from their route: the job's task lives in the pairing app (it
does the job with the engine's checks), which this app may not import, so `config/urls.py`,
which wires the apps, passes `pairing.tasks.trf_import_job_send_on_commit`.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling

from tournaments.exceptions import TrfImportError
from tournaments.forms.imports import TournamentImportForm
from tournaments.http import ArbiterRequest, login_required
from tournaments.models import BackgroundJob, JobKind, JobStatus
from tournaments.services.jobs import trf_import_job_create, trf_preview_job_create

PAGE = "tournaments/import/import.html"
JOB_PAGE = "tournaments/import/job.html"

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@login_required
@require_http_methods(["GET", "POST"])
def tournament_import(request: ArbiterRequest, send_job: Callable[[int], None]) -> HttpResponse:
    """The upload form; posted, the preview's job, and the browser sent to its page."""
    form = TournamentImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = trf_preview_job_create(
            owner=request.user, text=form.cleaned_data["trf"], language=get_language()
        )
        send_job(job.pk)
        return _to_job(request, job)
    return _render(request, {"form": form})


@login_required
@require_POST
def tournament_import_confirm(
    request: ArbiterRequest, send_job: Callable[[int], None]
) -> HttpResponse:
    """Import the previewed file for good (a job); the user becomes its chief arbiter."""
    job_id = request.POST.get("job", "")
    preview = (
        BackgroundJob.objects.filter(
            pk=int(job_id), owner=request.user, kind=JobKind.TRF_PREVIEW
        ).first()
        if job_id.isdigit() and job_id.isascii()
        else None
    )
    if preview is None:
        return _confirm_refused(
            request, _("This confirmation is not valid: upload the file again.")
        )
    try:
        job = trf_import_job_create(preview=preview, by=request.user, language=get_language())
    except TrfImportError as error:
        return _confirm_refused(request, str(error))
    send_job(job.pk)
    return _to_job(request, job)


@require_safe
@vary_on_headers("HX-Request")
@login_required
def background_job(request: ArbiterRequest, job_id: int) -> HttpResponse:
    """The job's progress bar, then its result (polled every second by htmx until it ends)."""
    jobs = BackgroundJob.objects.select_related("tournament")
    if not request.user.is_staff:
        jobs = jobs.filter(owner=request.user)
    job = jobs.filter(pk=job_id).first()
    if job is None:
        raise Http404
    context = {"job": job, **_refusal(job)}
    context["queue_down"] = (
        job.status == JobStatus.PENDING
        and job.queued_at is None
        and not settings.CELERY_TASK_ALWAYS_EAGER
    )
    if not request.htmx:
        return render(request, JOB_PAGE, context)
    content = render_to_string(f"{JOB_PAGE}#job-status", context, request=request)
    return HttpResponseStopPolling(content) if job.ended else HttpResponse(content)


def _to_job(request: ArbiterRequest, job: BackgroundJob) -> HttpResponse:
    url = reverse("background-job", args=[job.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _confirm_refused(request: ArbiterRequest, reason: str) -> HttpResponse:
    context = {"form": TournamentImportForm(), "confirm_error": reason}
    return _render(request, context, status=200 if request.htmx else 400)


def _render(request: ArbiterRequest, context: dict[str, object], status: int = 200) -> HttpResponse:
    """The page, or for htmx its `import-step` fragment (htmx swaps only 2xx answers)."""
    template = f"{PAGE}#import-step" if request.htmx else PAGE
    return render(request, template, context, status=status)


def _refusal(job: BackgroundJob) -> dict[str, object]:
    """The line a refused file's error names (as the reader numbers lines) and a `^` under its
    column, to show the arbiter where the file is wrong (Q53)."""
    if job.status != JobStatus.FAILED or not job.error_line:
        return {}
    lines = _LINE_BREAK.split(job.input_text.removeprefix("\ufeff"))
    number = job.error_line
    line = lines[number - 1] if 1 <= number <= len(lines) else ""
    marker = " " * (job.error_column - 1) + "^" if job.error_column else ""
    return {"refused_line": line, "refused_marker": marker}
