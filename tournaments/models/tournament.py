"""A tournament: its settings, scoring (integer half-points, never floats) and pairing system."""

from __future__ import annotations

import datetime

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.ratings import RatingMethod, UnratedMethod, is_long_event
from tournaments.domain.sections import RatingLimits, hall_board
from tournaments.domain.state import Points, Scoring
from tournaments.models.events import Event
from tournaments.models.ratinglists import RatingKind
from tournaments.validators import validate_tiebreak_codes

EDITION_2025_FROM = datetime.date(2026, 2, 1)
"""The 2025 Dutch rules apply to tournaments starting on or after 1 February 2026."""

MAX_RATING = 3500


class PairingSystem(models.TextChoices):
    """Pairing system and rules edition, as TRF-2026 line 192 encodes them."""

    FIDE_DUTCH = "FIDE_DUTCH", _("FIDE Dutch system (2017 rules)")
    FIDE_DUTCH_2025 = "FIDE_DUTCH_2025", _("FIDE Dutch system (2025 rules)")

    @classmethod
    def for_start_date(cls, start: datetime.date | None) -> PairingSystem:
        """The edition in force on `start`: 2025 rules from 1 February 2026 (and when unknown)."""
        if start is not None and start < EDITION_2025_FROM:
            return cls.FIDE_DUTCH
        return cls.FIDE_DUTCH_2025


class TournamentFormat(models.TextChoices):
    """Swiss, or a single or double round robin paired from the Berger tables (C.05 Annex 1)."""

    SWISS = "swiss", _("Swiss system")
    ROUND_ROBIN = "round_robin", _("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")


class InitialColor(models.TextChoices):
    """The colour drawn for the first player in round 1 (C.04.3 E.5)."""

    WHITE = "W", _("White")
    BLACK = "B", _("Black")


class InitialOrderCriterion(models.TextChoices):
    """What ranks players level on rating and title (C.04.2 B.2 c, VCL Q146): alphabetical
    order unless another criterion was announced."""

    NAME = "name", _("Alphabetical order")
    FIDE_ID = "fide_id", _("FIDE ID (lowest first)")


class TournamentRatingMethod(models.TextChoices):
    """The tournament rating (TRF-2026 line 172; VCL Q145): `domain.ratings.RatingMethod`."""

    FIDE = RatingMethod.FIDE.value, _("FIDE rating")
    NRO = RatingMethod.NRO.value, _("National rating (NRO)")
    FIDON = RatingMethod.FIDON.value, _("FIDE rating, else national (FIDON)")
    NIDOF = RatingMethod.NIDOF.value, _("National rating, else FIDE (NIDOF)")
    HBFN = RatingMethod.HBFN.value, _("Highest of FIDE, national and manual (HBFN)")
    OTHER = RatingMethod.OTHER.value, _("Manual rating (OTHER)")


class UnratedRule(models.TextChoices):
    """Unrated players in the rating-based tie-breaks (C.07 10; VCL Q208-Q209):
    `domain.ratings.UnratedMethod`."""

    UNDEFINED = UnratedMethod.UNDEFINED.value, _("Tie-breaks undefined (C.07 default)")
    FIXED = UnratedMethod.FIXED.value, _("A fixed rating")
    FIELD_MINIMUM = UnratedMethod.FIELD_MINIMUM.value, _("The lowest rating in the field")


class TiebreakRatings(models.TextChoices):
    """Which rating the rating-based tie-breaks use when ratings change during the
    tournament (C.07 10; VCL Q214-Q216)."""

    FIRST = "first", _("Each player's first rating (C.07 default)")
    PER_ROUND = "round", _("The rating valid in each round")


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", _("Registration")
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", _("Finished")


def _half_points(default: int, verbose_name: str) -> models.PositiveSmallIntegerField[int, int]:
    return models.PositiveSmallIntegerField(
        default=default, verbose_name=verbose_name, help_text="In half-points: a point is 2."
    )


SCORE_FIELDS = (
    "points_win",
    "points_draw",
    "points_loss",
    "points_pairing_bye",
    "points_forfeit_win",
    "points_forfeit_loss",
    "points_half_bye",
    "points_full_bye",
    "points_zero_bye",
)


class Tournament(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True)
    city = models.CharField(max_length=100, blank=True)
    federation = models.CharField(max_length=32, blank=True)
    start_date = models.DateField(null=True, blank=True)
    end_date = models.DateField(null=True, blank=True)
    chief_arbiter = models.CharField(max_length=200, blank=True)
    deputy_arbiter = models.CharField(max_length=200, blank=True)
    chief_arbiter_fide_id = models.CharField(
        max_length=11, blank=True, help_text="The chief arbiter's FIDE ID (TRF 102)."
    )
    deputy_arbiter_fide_ids = models.CharField(
        max_length=200,
        blank=True,
        help_text="The deputies' FIDE IDs, '; '-separated in the order of `deputy_arbiter`.",
    )
    tournament_type = models.CharField(
        max_length=60,
        blank=True,
        default="Individual: Swiss-System",
        help_text="The type of tournament (TRF 092).",
    )
    time_control = models.CharField(
        max_length=60,
        blank=True,
        help_text="The time control in the TRF-2026 222 encoding, e.g. 5400+30 or "
        "40/6000+30:900+30.",
    )
    round_dates = models.JSONField(
        default=list, blank=True, help_text="One ISO date per round, round 1 first (TRF 132)."
    )
    rated = models.BooleanField(
        default=True, help_text="Submitted for FIDE rating at its rate (standard, rapid, blitz)."
    )
    rounds = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(99)]
    )
    format = models.CharField(
        max_length=18,
        choices=TournamentFormat.choices,
        default=TournamentFormat.SWISS,
        help_text="A round robin's rounds follow from the number of players (C.05 Annex 1).",
    )
    swap_last_two_rounds = models.BooleanField(
        default=True,
        help_text="Double round robin: the first cycle's last two rounds are exchanged so "
        "nobody has one colour three times running (C.05 Annex 1; VCL Q98).",
    )
    numbers_drawn = models.BooleanField(
        default=False,
        help_text="Round robin: the pairing numbers were drawn by lot or set by the arbiter; "
        "locked once round 1 is paired.",
    )
    numbers_seed = models.BigIntegerField(
        null=True,
        blank=True,
        help_text="The seed of the program's drawing of numbers; empty if set.",
    )
    pairing_system = models.CharField(
        max_length=32, choices=PairingSystem.choices, default=PairingSystem.FIDE_DUTCH_2025
    )
    initial_color = models.CharField(
        max_length=1, choices=InitialColor.choices, default=InitialColor.WHITE
    )
    initial_color_seed = models.BigIntegerField(
        null=True, blank=True, help_text="The seed of the program's draw; empty if entered."
    )
    points_win = _half_points(2, "win")
    points_draw = _half_points(1, "draw")
    points_loss = _half_points(0, "loss")
    points_pairing_bye = _half_points(2, "pairing-allocated bye")
    points_forfeit_win = _half_points(2, "forfeit win")
    points_forfeit_loss = _half_points(0, "forfeit loss")
    points_half_bye = _half_points(1, "half-point bye")
    points_full_bye = _half_points(2, "full-point bye")
    points_zero_bye = _half_points(0, "zero-point bye")
    rating_kind = models.CharField(
        max_length=8,
        choices=RatingKind.choices,
        default=RatingKind.STANDARD,
        help_text="The rate of play: which rating of the lists the tournament uses.",
    )
    rating_sequence = models.JSONField(
        default=list,
        blank=True,
        help_text="The FIDE lists a player's rating is taken from, in order (VCL Q123-Q126; "
        "`domain.ratinglists.sequence`); empty: the default of the rate.",
    )
    list_check = models.BooleanField(
        default=True,
        help_text="Compare the registered players with the rating lists in force (VCL Q133, "
        "Q138): the differences and their update on the players page.",
    )
    initial_order_criterion = models.CharField(
        max_length=8,
        choices=InitialOrderCriterion.choices,
        default=InitialOrderCriterion.NAME,
        help_text="Ranks players level on rating and title (announced before round 1).",
    )
    rating_method = models.CharField(
        max_length=8,
        choices=TournamentRatingMethod.choices,
        default=TournamentRatingMethod.FIDE,
        help_text="The tournament rating: pairing numbers and rating-based tie-breaks.",
    )
    unrated_rule = models.CharField(
        max_length=9,
        choices=UnratedRule.choices,
        default=UnratedRule.UNDEFINED,
        help_text="How rating-based tie-breaks rate unrated players (published before round 1).",
    )
    unrated_rating = models.PositiveSmallIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_RATING)],
        help_text="The fixed rating of unrated players in rating-based tie-breaks.",
    )
    long_event = models.BooleanField(
        default=False,
        help_text="The tournament lasts over 30 days (also when the dates say so): players "
        "may get new ratings from a later round (C.07 10).",
    )
    tiebreak_ratings = models.CharField(
        max_length=5,
        choices=TiebreakRatings.choices,
        default=TiebreakRatings.FIRST,
        help_text="The rating the rating-based tie-breaks use when ratings change.",
    )
    tiebreaks = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_tiebreak_codes],
        help_text='Ordered tie-break codes, e.g. ["BH/C1", "BH", "SB", "DE"].',
    )
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.REGISTRATION
    )
    max_half_point_byes = models.PositiveSmallIntegerField(
        default=1, help_text="The most half-point byes a player may request."
    )
    no_byes_last_rounds = models.PositiveSmallIntegerField(
        default=1, help_text="No byes may be requested in this many last rounds."
    )
    drawing_of_lots = models.BooleanField(
        default=False,
        help_text="Ties left after the whole tie-break list are broken by a seeded drawing of "
        "lots (where the tournament's rules ask for it); otherwise the players share the place.",
    )
    chess960 = models.BooleanField(
        default=False,
        help_text="Chess960 (checklist Q222): each round is played from a starting position "
        "(0-959) drawn by the program when the round is published, or entered by the arbiter.",
    )
    baku_acceleration = models.BooleanField(
        default=False,
        help_text="Baku acceleration (C.04.7): the top half of the initial ranking gets virtual "
        "points for pairing only in the first rounds. Fixed once round 1 is paired.",
    )
    fide_mode = models.BooleanField(
        default=True,
        help_text="FIDE mode (VCL4THP Q40-Q46): warnings enforced, history locked. Leaving it is "
        "final.",
    )
    fide_mode_left_at_round = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The last paired round when FIDE mode was left.",
    )
    event = models.ForeignKey(
        Event,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="sections",
        help_text="The event this tournament is a section of; empty: it stands alone.",
    )
    lowest_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_RATING)],
        help_text="The lowest rating the section admits (included); empty: no limit.",
    )
    highest_rating = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_RATING)],
        help_text="The highest rating the section admits (included); empty: no limit.",
    )
    first_board = models.PositiveIntegerField(
        default=1,
        validators=[MinValueValidator(1)],
        help_text="The hall's number of the section's top board (e.g. 101 for Open B).",
    )
    revision = models.PositiveIntegerField(
        default=0,
        help_text="Counts the recorded changes; a confirmation is valid for one revision only.",
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-start_date", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(rounds__gte=1), name="tournament_rounds_at_least_one"
            ),
            models.CheckConstraint(
                condition=Q(start_date__isnull=True)
                | Q(end_date__isnull=True)
                | Q(end_date__gte=F("start_date")),
                name="tournament_ends_after_start",
            ),
            models.CheckConstraint(
                condition=Q(unrated_rating__lte=MAX_RATING),
                name="tournament_unrated_rating_in_range",
            ),
            models.CheckConstraint(
                condition=Q(lowest_rating__isnull=True)
                | Q(highest_rating__isnull=True)
                | Q(highest_rating__gte=F("lowest_rating")),
                name="tournament_rating_limits_in_order",
            ),
            models.CheckConstraint(
                condition=Q(lowest_rating__lte=MAX_RATING) & Q(highest_rating__lte=MAX_RATING),
                name="tournament_rating_limits_in_range",
            ),
            models.CheckConstraint(
                condition=Q(first_board__gte=1), name="tournament_first_board_positive"
            ),
            *(
                models.CheckConstraint(
                    condition=Q(**{f"{field}__gte": 0}), name=f"tournament_{field}_not_negative"
                )
                for field in SCORE_FIELDS
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_round_robin(self) -> bool:
        """A single or double round robin (C.05 Annex 1), paired from the Berger tables."""
        return self.format != TournamentFormat.SWISS

    @property
    def cycles(self) -> int:
        """How many times each pair meets: 2 in a double round robin, else 1."""
        return 2 if self.format == TournamentFormat.DOUBLE_ROUND_ROBIN else 1

    @property
    def lasts_over_30_days(self) -> bool:
        """Flagged as a long event, or dated so (C.07 10; VCL Q210)."""
        return self.long_event or is_long_event(self.start_date, self.end_date)

    @property
    def rating_limits(self) -> RatingLimits:
        """The ratings the section admits (`domain.sections.RatingLimits`)."""
        return RatingLimits(lowest=self.lowest_rating, highest=self.highest_rating)

    def hall_board(self, board: int) -> int:
        """The hall's number of the section's board `board` (`domain.sections.hall_board`)."""
        return hall_board(self.first_board, board)

    @property
    def scoring(self) -> Scoring:
        """The scoring system in the domain's terms (half-points)."""
        return Scoring(
            win=Points(self.points_win),
            draw=Points(self.points_draw),
            loss=Points(self.points_loss),
            forfeit_win=Points(self.points_forfeit_win),
            forfeit_loss=Points(self.points_forfeit_loss),
            pairing_bye=Points(self.points_pairing_bye),
            half_bye=Points(self.points_half_bye),
            full_bye=Points(self.points_full_bye),
            zero_bye=Points(self.points_zero_bye),
        )
