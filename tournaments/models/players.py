"""The players of a tournament: identity, rating, pairing number, status."""

from __future__ import annotations

from django.core.validators import MaxValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from tournaments.models.ratinglists import RatingSource
from tournaments.models.tournament import MAX_RATING, Tournament

RENUMBERING_LAST_ROUND = 4
"""No pairing number may change after this round has been paired (C.04.2 B.3)."""


class Sex(models.TextChoices):
    MALE = "m", _("Male")
    FEMALE = "w", _("Female")


class Title(models.TextChoices):
    """FIDE titles in the order of C.04.2 B.2 (b)."""

    GM = "GM", _("Grandmaster")
    IM = "IM", _("International Master")
    WGM = "WGM", _("Woman Grandmaster")
    FM = "FM", _("FIDE Master")
    WIM = "WIM", _("Woman International Master")
    CM = "CM", _("Candidate Master")
    WFM = "WFM", _("Woman FIDE Master")
    WCM = "WCM", _("Woman Candidate Master")


TITLE_ORDER: dict[str, int] = {title.value: index for index, title in enumerate(Title)}
"""Rank of each title for the initial order (C.04.2 B.2 b); untitled players come last."""


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    WITHDRAWN = "withdrawn", _("Withdrawn")


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100, help_text="Lastname, Firstname")
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    fide_rating = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_RATING)], help_text="0 when unrated."
    )
    rating_source = models.CharField(
        max_length=8,
        choices=RatingSource.choices,
        blank=True,
        help_text="Where the FIDE rating comes from (VCL Q134): the rate of the FIDE list, or "
        "entered by hand; empty when unrated or registered before sources were kept.",
    )
    rating_list_date = models.DateField(
        null=True, blank=True, help_text="The date of the list the rating comes from."
    )
    national_rating = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_RATING)], help_text="0 when unrated."
    )
    manual_rating = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_RATING)],
        help_text="A rating the arbiter enters (rating methods HBFN and OTHER); 0 when none.",
    )
    federation = models.CharField(max_length=3, blank=True)
    fide_id = models.CharField(
        max_length=11,
        blank=True,
        validators=[RegexValidator(r"^\d{1,11}$", "A FIDE id is up to 11 digits.")],
    )
    birth_date = models.CharField(
        max_length=10,
        blank=True,
        validators=[
            RegexValidator(r"^\d{4}(/\d{2}/\d{2})?$", "Write the birth date as YYYY/MM/DD or YYYY.")
        ],
        help_text="YYYY/MM/DD as in TRF; 00 for an unknown month or day.",
    )
    expelled = models.BooleanField(
        default=False,
        help_text="Withdrawn by the arbiter's decision and left out of the standings "
        "(checklist Q197-Q198).",
    )
    manual_tiebreak = models.DecimalField(
        max_digits=9,
        decimal_places=4,
        null=True,
        blank=True,
        help_text="An externally computed tie-break value entered by the arbiter (tie-break "
        "MAN, checklist Q207); higher ranks first, empty ranks last.",
    )
    half_point_byes_allowed = models.BooleanField(
        default=True,
        help_text="Off for a player who may not take half-point byes (a free entry, special "
        "conditions: checklist Q175-Q176).",
    )
    k_factor = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(40)],
        help_text="The player's K (FIDE B.02 8.3.3) as the rating list gives it; empty: "
        "computed from the rating and the birth year.",
    )
    pairing_number = models.PositiveIntegerField()
    status = models.CharField(
        max_length=10, choices=PlayerStatus.choices, default=PlayerStatus.ACTIVE
    )
    withdrawn_from_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The first round the withdrawal applies to."
    )
    first_round = models.PositiveSmallIntegerField(
        default=1, help_text="The round from which the player takes part (late entries)."
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tournament", "pairing_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "pairing_number"], name="player_unique_pairing_number"
            ),
            models.UniqueConstraint(
                fields=["tournament", "fide_id"],
                condition=~Q(fide_id=""),
                name="player_unique_fide_id",
            ),
            models.CheckConstraint(
                condition=Q(pairing_number__gte=1), name="player_pairing_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(first_round__gte=1), name="player_first_round_positive"
            ),
            models.CheckConstraint(
                condition=Q(fide_rating__lte=MAX_RATING)
                & Q(national_rating__lte=MAX_RATING)
                & Q(manual_rating__lte=MAX_RATING),
                name="player_rating_in_range",
            ),
            models.CheckConstraint(
                condition=(Q(status=PlayerStatus.ACTIVE) & Q(withdrawn_from_round__isnull=True))
                | (
                    Q(status=PlayerStatus.WITHDRAWN)
                    & Q(withdrawn_from_round__isnull=False)
                    & Q(withdrawn_from_round__gte=1)
                ),
                name="player_withdrawal_has_a_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.pairing_number}. {self.name}"


class PlayerRating(models.Model):
    """A player's tournament rating from round `from_round` on, in a tournament lasting over
    30 days (VCL Q212-Q213); before the first of these the player's own ratings apply."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="later_ratings")
    from_round = models.PositiveSmallIntegerField()
    rating = models.PositiveSmallIntegerField(validators=[MaxValueValidator(MAX_RATING)])

    class Meta:
        ordering = ["player", "from_round"]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "from_round"], name="player_rating_one_per_round"
            ),
            models.CheckConstraint(
                condition=Q(from_round__gte=2), name="player_rating_from_a_later_round"
            ),
            models.CheckConstraint(
                condition=Q(rating__lte=MAX_RATING), name="player_rating_rating_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.rating} from round {self.from_round}"
