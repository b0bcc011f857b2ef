"""Check-in before each round (issue 32): each player's mark in a round, and the tournament's
check-in settings. The rules are `tournaments.domain.check_in`."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.players import Player
from tournaments.models.rounds import Round
from tournaments.models.tournament import Tournament


class CheckInStatus(models.TextChoices):
    """A player's mark in a round's check-in (`tournaments.domain.check_in.Mark`)."""

    PRESENT = "present", _("Present")
    ABSENT = "absent", _("Absent (announced)")
    WITHDRAWN = "withdrawn", _("Withdraws")
    NO_SHOW = "no_show", _("Absent without notice")


class CheckInSource(models.TextChoices):
    DESK = "desk", _("at the desk")
    PHONE = "phone", _("from a phone")
    ABSENTEES = "absentees", _("when the absentees were marked")


class CheckIn(models.Model):
    """A player's check-in in a round: who marked it, how and when. No row: not checked in."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="check_ins")
    status = models.CharField(max_length=10, choices=CheckInStatus.choices)
    source = models.CharField(max_length=10, choices=CheckInSource.choices)
    device = models.CharField(
        max_length=64,
        blank=True,
        help_text="For a check-in from a phone: a digest of the phone's cookie, to tell a "
        "second phone from the same one.",
    )
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The arbiter; empty for the player's own check-in.",
    )
    at = models.DateTimeField()

    class Meta:
        ordering = ["round", "player"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="check_in_once_per_round"),
            models.CheckConstraint(
                condition=Q(status__in=CheckInStatus.values), name="check_in_status_known"
            ),
            models.CheckConstraint(
                condition=Q(source__in=CheckInSource.values), name="check_in_source_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.round_id}: {self.player_id} {self.status}"


class CheckInSettings(models.Model):
    """How a tournament checks its players in: from phones or only at the desk, and after how
    many absences without notice the withdrawal is offered (C.04.2 D.2)."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="check_in_settings"
    )
    self_check_in = models.BooleanField(
        default=False,
        help_text="Players may check in from their phones with the code on their badge.",
    )
    absences_before_withdrawal = models.PositiveSmallIntegerField(
        default=1,
        validators=[MaxValueValidator(99)],
        help_text="After how many rounds missed without notice a player is treated as "
        "withdrawn (C.04.2 D.2: one; the regulations may say more); 0: never offered.",
    )

    class Meta:
        verbose_name_plural = "check-in settings"
        constraints = [
            models.CheckConstraint(
                condition=Q(absences_before_withdrawal__lte=99),
                name="check_in_absences_in_range",
            )
        ]

    def __str__(self) -> str:
        return f"check-in of {self.tournament_id}"
