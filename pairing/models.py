"""Pairing runs: one request to pair a round, its engine input and output, and its fate.

A run is created `pending` by `round_request_pairing`, claimed `running` by a worker, and ends
`done` (the draft is written), `failed` (the engine or a check refused; nothing written) or
`superseded` (the arbiter asked for a new pairing). The engine input is the TRF of the state
before the round, so `python -m pairing --dutch input.trf -p` reproduces the output.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournaments.models import PairingSystem, Round


class RunStatus(models.TextChoices):
    PENDING = "pending", _("Waiting for a worker")
    RUNNING = "running", pgettext_lazy("pairing run status", "Pairing")
    DONE = "done", _("Done")
    FAILED = "failed", _("Failed")
    SUPERSEDED = "superseded", _("Superseded")


ACTIVE_STATUSES = (RunStatus.PENDING, RunStatus.RUNNING)


class PairingRun(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairing_runs")
    status = models.CharField(max_length=10, choices=RunStatus.choices, default=RunStatus.PENDING)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    edition = models.CharField(max_length=32, choices=PairingSystem.choices)
    input_trf = models.TextField(
        help_text="The engine input: the TRF of the state before the round."
    )
    output = models.TextField(
        blank=True, help_text="The engine output: line count, `white black` lines, `bye 0`."
    )
    explanation = models.TextField(blank=True, help_text="The engine's reasoning, one per line.")
    error = models.TextField(blank=True)
    records = models.JSONField(
        default=dict,
        blank=True,
        help_text="The explanation and the error as records (a message id and its values), "
        "which the pages translate; empty for runs recorded before.",
    )
    attempts = models.PositiveSmallIntegerField(default=0, help_text="Claims by workers so far.")
    claim_token = models.UUIDField(null=True, blank=True, help_text="The current claim's token.")
    created = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(
        null=True, blank=True, help_text="The claim's time, renewed by the worker's heartbeat."
    )
    queued_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the task was last sent to the queue; empty: the queue did not answer.",
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["round"],
                condition=Q(status__in=[status.value for status in ACTIVE_STATUSES]),
                name="pairing_run_one_active_per_round",
            ),
            models.CheckConstraint(
                condition=Q(status__in=RunStatus.values), name="pairing_run_status_known"
            ),
        ]

    def __str__(self) -> str:
        return f"Pairing run {self.pk} ({self.status})"

    @property
    def is_active(self) -> bool:
        """Waiting for a worker or being paired."""
        return self.status in ACTIVE_STATUSES

    @property
    def explanation_lines(self) -> list[str]:
        return self.explanation.splitlines()
