"""Rounds and what happens in them: games with their results, byes, forbidden pairs."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.domain.state import Outcome
from tournaments.models.players import Player
from tournaments.models.tournament import Tournament


class RoundState(models.TextChoices):
    """A round's life: not paired → paired (draft) → published → completed."""

    NOT_PAIRED = "not_paired", _("Not paired")
    PAIRED = "paired", _("Paired (draft)")
    PUBLISHED = "published", _("Published")
    COMPLETED = "completed", _("Completed")


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
    chess960_position = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="The Chess960 starting position of the round (0-959, Scharnagl's numbering; "
        "518 is the standard position); empty until drawn or entered (checklist Q222).",
    )
    check_in_closes_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the players' own check-in for the round closes (issue 32); empty: when "
        "the round is paired.",
    )

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
            models.CheckConstraint(
                condition=Q(chess960_position__lte=959), name="round_chess960_position_range"
            ),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Result(models.TextChoices):
    """A game's result; forfeits and the TRF W/D/L "not rated" results included."""

    NOT_PLAYED = "", _("Not yet played")
    WHITE_WINS = "1-0", "1-0"
    DRAW = "1/2-1/2", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_WINS_FORFEIT = "+/-", _("+/− (forfeit)")
    BLACK_WINS_FORFEIT = "-/+", _("−/+ (forfeit)")
    DOUBLE_FORFEIT = "-/-", _("−/− (double forfeit)")
    WHITE_WINS_UNRATED = "W-L", _("1-0 (not rated)")
    DRAW_UNRATED = "D-D", _("½-½ (not rated)")
    BLACK_WINS_UNRATED = "L-W", _("0-1 (not rated)")
    # Played games the arbiter scored unusually (C.04.1; FIDE checklist Q180): rated games.
    HALF_ZERO = "1/2-0", "½-0"
    ZERO_HALF = "0-1/2", "0-½"
    ZERO_ZERO = "0-0", "0-0"
    # Not finished yet (checklist Q157): counts as a draw for pairing until its result is in.
    ADJOURNED = "adj", _("Adjourned")

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
    Result.HALF_ZERO: (Outcome.DRAW, Outcome.LOSS),
    Result.ZERO_HALF: (Outcome.LOSS, Outcome.DRAW),
    Result.ZERO_ZERO: (Outcome.LOSS, Outcome.LOSS),
    Result.ADJOURNED: (Outcome.ADJOURNED, Outcome.ADJOURNED),
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

    PAIRING_ALLOCATED = "U", _("Pairing-allocated bye")
    HALF_POINT = "H", _("Half-point bye")
    FULL_POINT = "F", _("Full-point bye")
    ZERO_POINT = "Z", _("Zero-point bye (absence)")

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
