"""The audit trail of every change."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.tournament import Tournament


class AuditEntry(models.Model):
    """One recorded change: a result, a pairing, a player's status, an import."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audit_entries"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="Empty for imports and the system.",
    )
    created = models.DateTimeField(auto_now_add=True)
    entity = models.CharField(max_length=32, help_text="What changed, e.g. game, player.")
    entity_id = models.PositiveBigIntegerField(null=True, blank=True)
    old_value = models.TextField(blank=True)
    new_value = models.TextField(blank=True)
    note = models.TextField(blank=True)

    class Meta:
        ordering = ["-created", "-id"]
        verbose_name_plural = "audit entries"

    def __str__(self) -> str:
        return f"{self.entity} {self.entity_id}: {self.old_value!r} → {self.new_value!r}"
