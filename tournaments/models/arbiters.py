"""Invitations to arbitrate: the one-time links by which a chief arbiter brings in a deputy."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from tournaments.models.tournament import Tournament


class ArbiterInvitation(models.Model):
    """A one-time link to become a deputy arbiter of a tournament.

    Only the SHA-256 of the link's token is stored: the chief copies the link when it is made,
    and nobody (the site's operator included) can read it back. A link is open until it is
    accepted, declined, withdrawn or expired; `closed_at` records the first of these.
    """

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="arbiter_invitations"
    )
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["created"]

    def __str__(self) -> str:
        return f"invitation {self.pk} to {self.tournament_id}"
