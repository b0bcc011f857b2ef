"""A tournament's prize list (issue 33): the distribution rules, the categories and the prizes.
The distribution itself is `tournaments.domain.prizes`; amounts are integers in the smallest
unit of the currency (cents)."""

from __future__ import annotations

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.tournament import MAX_RATING, Tournament


class PrizeChoice(models.TextChoices):
    """Which prize a player qualifying for several receives (one prize per player)."""

    HIGHER_AMOUNT = "amount", _("The higher amount")
    PLACE_FIRST = "place", _("The place prize first")
    LISTED = "listed", _("The order of the list")


class PrizeSharing(models.TextChoices):
    """How players tied on points share money prizes."""

    EQUAL = "equal", _("Shared equally")
    HORT = "hort", _("Hort system")
    TIEBREAK = "tiebreak", _("Decided by the tie-breaks")


class CategoryRating(models.TextChoices):
    ANY = "", _("Rated or unrated")
    RATED = "rated", _("Rated players only")
    UNRATED = "unrated", _("Unrated players only")


class PrizeSettings(models.Model):
    """The distribution rules the tournament's regulations announce."""

    tournament = models.OneToOneField(
        Tournament, on_delete=models.CASCADE, related_name="prize_settings"
    )
    currency = models.CharField(max_length=3, default="EUR")
    one_per_player = models.BooleanField(default=True)
    choice = models.CharField(
        max_length=8, choices=PrizeChoice.choices, default=PrizeChoice.HIGHER_AMOUNT
    )
    sharing = models.CharField(
        max_length=8, choices=PrizeSharing.choices, default=PrizeSharing.EQUAL
    )
    hort_percent = models.PositiveSmallIntegerField(default=50, validators=[MaxValueValidator(100)])
    age_on = models.DateField(
        null=True, blank=True, help_text="The date ages are counted on (the start when empty)."
    )

    def __str__(self) -> str:
        return f"Prize rules of {self.tournament}"


class PrizeCategory(models.Model):
    """A category: every condition set must hold (ages by birth year on the rules' date)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="prize_categories"
    )
    name = models.CharField(max_length=60)
    min_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MAX_RATING)]
    )
    max_rating = models.PositiveSmallIntegerField(
        null=True, blank=True, validators=[MaxValueValidator(MAX_RATING)]
    )
    rating = models.CharField(
        max_length=8, choices=CategoryRating.choices, default=CategoryRating.ANY, blank=True
    )
    min_age = models.PositiveSmallIntegerField(null=True, blank=True)
    max_age = models.PositiveSmallIntegerField(null=True, blank=True)
    sex = models.CharField(max_length=1, blank=True)
    federation = models.CharField(max_length=3, blank=True)

    class Meta:
        ordering = ["tournament", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"], name="prize_category_unique_name"
            )
        ]

    def __str__(self) -> str:
        return self.name


class Prize(models.Model):
    """The `place`-th prize of a category (none: a place prize): money in the smallest unit,
    or a thing (`item`)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    category = models.ForeignKey(
        PrizeCategory, on_delete=models.CASCADE, null=True, blank=True, related_name="prizes"
    )
    place = models.PositiveSmallIntegerField()
    amount = models.PositiveIntegerField(default=0)
    item = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["tournament", "pk"]

    def __str__(self) -> str:
        return f"{self.category or 'Place'} {self.place}"
