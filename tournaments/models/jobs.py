"""Long work done by a Celery worker with its progress: a whole-tournament TRF import and its
preview (issue 30). The page `/manage/jobs/<id>/` polls the job until it ends."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import Tournament


class JobKind(models.TextChoices):
    TRF_PREVIEW = "trf-preview", _("Preview of a TRF import")
    TRF_IMPORT = "trf-import", _("Import of a TRF file")


class JobStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for a worker")
    RUNNING = "running", _("Running")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")


class BackgroundJob(models.Model):
    """One piece of long work: its input (the uploaded text, under the upload policy), who asked,
    how far it is (`stage`, a message id translated on the page, `done` of `total`), and how it
    ended (the tournament made, the preview's report rendered in the owner's language, or the
    refusal with its line and column). Claimed like a pairing run (`claim_token`, `claimed_at`
    renewed by the worker's heartbeat) so that a dead worker's job is sent again by the sweep."""

    kind = models.CharField(max_length=16, choices=JobKind.choices)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="background_jobs"
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The tournament the job made (an import).",
    )
    source = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The preview an import confirms.",
    )
    language = models.CharField(max_length=8, default="en")
    input_text = models.TextField(blank=True, help_text="The uploaded file's text.")
    status = models.CharField(max_length=8, choices=JobStatus.choices, default=JobStatus.PENDING)
    stage = models.CharField(max_length=80, blank=True)
    done = models.PositiveIntegerField(default=0)
    total = models.PositiveIntegerField(default=0)
    result_html = models.TextField(blank=True, help_text="A preview's report, rendered.")
    warnings = models.PositiveIntegerField(default=0, help_text="Rounds differing (preview).")
    error = models.TextField(blank=True)
    error_line = models.PositiveIntegerField(null=True, blank=True)
    error_column = models.PositiveIntegerField(null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    claim_token = models.UUIDField(null=True, blank=True)
    claimed_at = models.DateTimeField(null=True, blank=True)
    queued_at = models.DateTimeField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        indexes = [models.Index(fields=["status", "created"], name="job_status_created")]

    def __str__(self) -> str:
        return f"{self.kind} #{self.pk} ({self.status})"

    @property
    def finished_ok(self) -> bool:
        return self.status == JobStatus.DONE

    @property
    def ended(self) -> bool:
        return self.status in (JobStatus.DONE, JobStatus.FAILED)

    @property
    def percent(self) -> int:
        return self.done * 100 // self.total if self.total else 0
