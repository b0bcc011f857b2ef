"""Rating lists shared by every tournament: FIDE's monthly lists and national lists.

A list is identified by its kind, federation (national lists) and date; importing the same list
again replaces it in one transaction (`tournaments.services.ratinglists`). The players' rows
carry the figures of each rate and an upper-case copy of the name for prefix search.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.ratinglists import ListKind, Rate


class RatingListKind(models.TextChoices):
    FIDE = ListKind.FIDE_COMBINED.value, _("FIDE combined list (standard, rapid, blitz)")
    FIDE_STANDARD = ListKind.FIDE_STANDARD.value, _("FIDE standard list")
    FIDE_RAPID = ListKind.FIDE_RAPID.value, _("FIDE rapid list")
    FIDE_BLITZ = ListKind.FIDE_BLITZ.value, _("FIDE blitz list")
    NATIONAL = ListKind.NATIONAL.value, _("National list (CSV)")


class RatingKind(models.TextChoices):
    """The rate of play of a tournament, hence the rating it uses (FIDE rates them apart)."""

    STANDARD = Rate.STANDARD.value, _("Standard")
    RAPID = Rate.RAPID.value, _("Rapid")
    BLITZ = Rate.BLITZ.value, _("Blitz")


class RatingSource(models.TextChoices):
    """Where a player's rating comes from (VCL Q134): the FIDE list of a rate, or the arbiter."""

    STANDARD = Rate.STANDARD.value, _("FIDE standard list")
    RAPID = Rate.RAPID.value, _("FIDE rapid list")
    BLITZ = Rate.BLITZ.value, _("FIDE blitz list")
    MANUAL = "manual", _("Entered by hand")


class RatingList(models.Model):
    kind = models.CharField(max_length=16, choices=RatingListKind.choices)
    federation = models.CharField(max_length=3, blank=True, help_text="National lists only.")
    date = models.DateField(help_text="The first day of the month the list is in force.")
    source_name = models.CharField(max_length=200, help_text="The file it was imported from.")
    player_count = models.PositiveIntegerField(default=0)
    imported_at = models.DateTimeField(auto_now_add=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        ordering = ["-date", "kind", "federation"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "federation", "date"], name="rating_list_unique_kind_date"
            ),
            models.CheckConstraint(
                condition=Q(kind=RatingListKind.NATIONAL, federation__regex=r"^[A-Z]{3}$")
                | (~Q(kind=RatingListKind.NATIONAL) & Q(federation="")),
                name="rating_list_federation_for_national_only",
            ),
        ]

    def __str__(self) -> str:
        label = RatingListKind(self.kind).label
        where = f" {self.federation}" if self.federation else ""
        return f"{label}{where} of {self.date:%Y-%m-%d}"


class RatedPlayer(models.Model):
    """One player of a list; ratings 0 when unrated in that rate."""

    rating_list = models.ForeignKey(
        RatingList,
        on_delete=models.CASCADE,
        related_name="players",
        db_index=False,  # the two search indexes start with it
    )
    fide_id = models.CharField(max_length=11, blank=True)
    national_id = models.CharField(max_length=20, blank=True)
    name = models.CharField(max_length=100)
    search_name = models.CharField(max_length=100, help_text="The name in capitals, searched.")
    federation = models.CharField(max_length=3, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    title = models.CharField(max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(null=True, blank=True)
    standard_rating = models.PositiveSmallIntegerField(default=0)
    standard_games = models.PositiveSmallIntegerField(default=0)
    rapid_rating = models.PositiveSmallIntegerField(default=0)
    rapid_games = models.PositiveSmallIntegerField(default=0)
    blitz_rating = models.PositiveSmallIntegerField(default=0)
    blitz_games = models.PositiveSmallIntegerField(default=0)
    flag = models.CharField(max_length=2, blank=True, help_text="i inactive, w woman, wi both.")

    class Meta:
        ordering = ["search_name"]
        indexes = [
            # Prefix searches, ordered, stopping at the tenth match: on PostgreSQL both
            # columns use the "C" collation (migration 0007), so that LIKE 'X%' and ORDER BY
            # use these indexes; SQLite compares bytes anyway.
            models.Index(fields=["rating_list", "fide_id"], name="rated_player_fide_id_order"),
            models.Index(fields=["rating_list", "search_name"], name="rated_player_name_order"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.fide_id or self.national_id})"

    @property
    def inactive(self) -> bool:
        return "i" in self.flag

    def rating(self, rate: str) -> int:
        """The rating of `rate` (a `RatingKind` value); 0 when unrated."""
        value: int = getattr(self, f"{Rate(rate).value}_rating")
        return value


class NationalListMapping(models.Model):
    """Which CSV column holds which field, saved per federation for its next imports."""

    federation = models.CharField(max_length=3, unique=True)
    mapping = models.JSONField(help_text='Field → column, e.g. {"name": "Nom", ...}.')
    updated = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.federation} column mapping"
