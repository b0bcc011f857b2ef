"""FIDE mode's records: who arbitrates a tournament, the pairing-integrity events, and the
corrections that reach only the rating report (VCL4THP Q112-Q115, Q189-Q192, Q217)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.rounds import Game, Result
from tournaments.models.tournament import Tournament


class ArbiterRole(models.TextChoices):
    """An arbiter's role in one tournament (the chief arbiter invites and removes deputies)."""

    CHIEF = "chief", _("Chief arbiter")
    DEPUTY = "deputy", _("Deputy arbiter")


class TournamentRole(models.Model):
    """A user's role in one tournament: who may change it."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(max_length=8, choices=ArbiterRole.choices)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_tournament"),
            models.UniqueConstraint(
                fields=["tournament"],
                condition=models.Q(role=ArbiterRole.CHIEF),
                name="one_chief_arbiter_per_tournament",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.role} of {self.tournament_id}"


class IntegrityEventKind(models.TextChoices):
    """The pairing-integrity breaching events and recorded changes of the TEC Manual (§3.9.4.9),
    each written to the TRF-2026 report as a `### <Event> @ Round n: <details>` line."""

    IMPORT = "import", "Import"
    MANUAL_PAIRING = "mpa", "MPA"
    CORRECTION = "correction", "Correction"
    RATING_CORRECTION = "rating_correction", "Rating-only correction"
    CONFIGURATION = "configuration", "Configuration"
    FULL_POINT_BYE = "fpb", "FPB"
    ADJOURNMENT = "adjournment", "Adjournment"
    TIEBREAKS = "tiebreaks", "Tie-breaks"
    PAIRING_NUMBERS = "tpn", "TPN"
    FIDE_MODE_EXIT = "fide_mode_exit", "FIDE-mode exit"
    CHESS960 = "chess960", "Chess960"
    MANUAL_TIEBREAK = "manual_tiebreak", "Manual tie-break"
    UNDO = "undo", "Undo"


class IntegrityEvent(models.Model):
    """One pairing-integrity event: what happened, in which round, and the snapshot to undo it."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="integrity_events"
    )
    kind = models.CharField(max_length=20, choices=IntegrityEventKind.choices)
    round_number = models.PositiveSmallIntegerField(
        help_text="The round the event concerns (0: before round 1)."
    )
    details = models.TextField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)
    snapshot = models.JSONField(
        null=True, blank=True, help_text="The rows the event changed, as they were before it."
    )
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"### {self.get_kind_display()} @ Round {self.round_number}: {self.details}"


class RatingCorrection(models.Model):
    """A result as the rating report must give it while pairings and standings keep the original
    (C.04.2; VCL4THP Q192): applied only in the export."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rating_correction")
    result = models.CharField(max_length=7, choices=Result.choices)
    note = models.TextField(blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"Rating-only result of game {self.game_id}: {self.result}"
