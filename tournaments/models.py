"""The tournament data model: fields, choices, database constraints and small derived values.

Scores are integers counting half-points (a win under standard scoring is 2); there are no floats.
Business rules live in `services.py`; reads in `selectors.py`.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import F, Q

from tournaments.domain.state import Outcome, Points, Scoring
from tournaments.tiebreak_codes import validate_tiebreak_codes

EDITION_2025_FROM = datetime.date(2026, 2, 1)
"""The 2025 Dutch rules apply to tournaments starting on or after 1 February 2026."""

MAX_RATING = 3500


class PairingSystem(models.TextChoices):
    """Pairing system and rules edition, as TRF-2026 line 192 encodes them."""

    FIDE_DUTCH = "FIDE_DUTCH", "FIDE Dutch system (2017 rules)"
    FIDE_DUTCH_2025 = "FIDE_DUTCH_2025", "FIDE Dutch system (2025 rules)"

    @classmethod
    def for_start_date(cls, start: datetime.date | None) -> PairingSystem:
        """The edition in force on `start`: 2025 rules from 1 February 2026 (and when unknown)."""
        if start is not None and start < EDITION_2025_FROM:
            return cls.FIDE_DUTCH
        return cls.FIDE_DUTCH_2025


class InitialColor(models.TextChoices):
    """The colour drawn for the first player in round 1 (C.04.3 E.5)."""

    WHITE = "W", "White"
    BLACK = "B", "Black"


class TournamentStatus(models.TextChoices):
    REGISTRATION = "registration", "Registration"
    IN_PROGRESS = "in_progress", "In progress"
    FINISHED = "finished", "Finished"


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
    rounds = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(99)]
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
    arbiters = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        blank=True,
        related_name="arbitrated_tournaments",
        help_text="The users who may change this tournament.",
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


class Sex(models.TextChoices):
    MALE = "m", "Male"
    FEMALE = "w", "Female"


class Title(models.TextChoices):
    """FIDE titles in the order of C.04.2 B.2 (b)."""

    GM = "GM", "Grandmaster"
    IM = "IM", "International Master"
    WGM = "WGM", "Woman Grandmaster"
    FM = "FM", "FIDE Master"
    WIM = "WIM", "Woman International Master"
    CM = "CM", "Candidate Master"
    WFM = "WFM", "Woman FIDE Master"
    WCM = "WCM", "Woman Candidate Master"


TITLE_ORDER: dict[str, int] = {title.value: index for index, title in enumerate(Title)}
"""Rank of each title for the initial order (C.04.2 B.2 b); untitled players come last."""


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    WITHDRAWN = "withdrawn", "Withdrawn"


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=100, help_text="Lastname, Firstname")
    sex = models.CharField(max_length=1, choices=Sex.choices, blank=True)
    title = models.CharField(max_length=3, choices=Title.choices, blank=True)
    fide_rating = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_RATING)], help_text="0 when unrated."
    )
    national_rating = models.PositiveSmallIntegerField(
        default=0, validators=[MaxValueValidator(MAX_RATING)], help_text="0 when unrated."
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
                condition=Q(fide_rating__lte=MAX_RATING) & Q(national_rating__lte=MAX_RATING),
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


class RoundState(models.TextChoices):
    """A round's life: not paired → paired (draft) → published → completed."""

    NOT_PAIRED = "not_paired", "Not paired"
    PAIRED = "paired", "Paired (draft)"
    PUBLISHED = "published", "Published"
    COMPLETED = "completed", "Completed"


class Round(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    state = models.CharField(
        max_length=12, choices=RoundState.choices, default=RoundState.NOT_PAIRED
    )
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)
    paired_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Result(models.TextChoices):
    """A game's result; forfeits and the TRF W/D/L "not rated" results included."""

    NOT_PLAYED = "", "Not yet played"
    WHITE_WINS = "1-0", "1-0"
    DRAW = "1/2-1/2", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_WINS_FORFEIT = "+/-", "+/− (forfeit)"
    BLACK_WINS_FORFEIT = "-/+", "−/+ (forfeit)"
    DOUBLE_FORFEIT = "-/-", "−/− (double forfeit)"
    WHITE_WINS_UNRATED = "W-L", "1-0 (not rated)"
    DRAW_UNRATED = "D-D", "½-½ (not rated)"
    BLACK_WINS_UNRATED = "L-W", "0-1 (not rated)"

    @property
    def outcomes(self) -> tuple[Outcome, Outcome]:
        """What the result gives (white, black); refused for a game not yet played."""
        return RESULT_OUTCOMES[self]

    @classmethod
    def from_outcomes(cls, white: Outcome, black: Outcome) -> Result:
        """The result of a game whose players got `white` and `black`; KeyError if impossible."""
        return _OUTCOMES_RESULT[(white, black)]


RESULT_OUTCOMES: dict[Result, tuple[Outcome, Outcome]] = {
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.WHITE_WINS_FORFEIT: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_WINS_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.WHITE_WINS_UNRATED: (Outcome.UNRATED_WIN, Outcome.UNRATED_LOSS),
    Result.DRAW_UNRATED: (Outcome.UNRATED_DRAW, Outcome.UNRATED_DRAW),
    Result.BLACK_WINS_UNRATED: (Outcome.UNRATED_LOSS, Outcome.UNRATED_WIN),
}
_OUTCOMES_RESULT = {outcomes: result for result, outcomes in RESULT_OUTCOMES.items()}


class Game(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_white")
    black = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="games_as_black")
    result = models.CharField(
        max_length=7, choices=Result.choices, default=Result.NOT_PLAYED, blank=True
    )
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["round", "board"]
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="game_unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="game_white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="game_black_once_per_round"),
            models.CheckConstraint(condition=~Q(white=F("black")), name="game_two_players"),
            models.CheckConstraint(condition=Q(board__gte=1), name="game_board_positive"),
            models.CheckConstraint(condition=Q(result__in=Result.values), name="game_result_known"),
        ]

    def __str__(self) -> str:
        return f"Board {self.board}: {self.white_id} - {self.black_id}"


class ByeKind(models.TextChoices):
    """A round without a game (C.04.1 c; C.04.2 D.4); the letter is the TRF result code."""

    PAIRING_ALLOCATED = "U", "Pairing-allocated bye"
    HALF_POINT = "H", "Half-point bye"
    FULL_POINT = "F", "Full-point bye"
    ZERO_POINT = "Z", "Zero-point bye (absence)"

    @property
    def outcome(self) -> Outcome:
        return Outcome(self.value)


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    kind = models.CharField(max_length=1, choices=ByeKind.choices)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round", "player"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
            models.CheckConstraint(condition=Q(kind__in=ByeKind.values), name="bye_kind_known"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.player_id}"


class ForbiddenPair(models.Model):
    """Two players who must not be paired together (TRF XXP / 260; e.g. siblings)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    first_round = models.PositiveSmallIntegerField(default=1)
    last_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Empty: until the end."
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "first", "second"], name="forbidden_pair_unique"
            ),
            models.CheckConstraint(
                condition=Q(first__lt=F("second")), name="forbidden_pair_ordered"
            ),
            models.CheckConstraint(
                condition=Q(first_round__gte=1)
                & (Q(last_round__isnull=True) | Q(last_round__gte=F("first_round"))),
                name="forbidden_pair_rounds",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first_id} ≠ {self.second_id}"


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


class WorkerHeartbeat(models.Model):
    """A round trip through a Celery worker: created by the caller, `seen_at` set by the task."""

    created = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Heartbeat {self.pk}"
