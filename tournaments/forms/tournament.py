"""The tournament settings form: scores in points, the tie-break list, the rating options;
the rules are in the services and the pure domain."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.domain.configuration import scoring_problems
from tournaments.domain.state import Points, Scoring
from tournaments.domain.text import control_characters, starts_like_a_formula
from tournaments.domain.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TiebreakCodeError,
    round_robin_problems,
    tiebreak_list_problems,
    tiebreak_text,
)
from tournaments.models import (
    MAX_RATING,
    SCORE_FIELDS,
    InitialColor,
    PairingSystem,
    Tournament,
    TournamentFormat,
)
from tournaments.models.tournament import TiebreakRatings, TournamentRatingMethod, UnratedRule
from tournaments.services.tournaments import TournamentSettings
from tournaments.tiebreak_menu import TiebreakField, menu_with, tiebreak_choices
from tournaments.translation import translated

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

TIEBREAK_SLOTS = 6
SCORE_LABELS = {
    "points_win": _("Win"),
    "points_draw": _("Draw"),
    "points_loss": _("Loss"),
    "points_pairing_bye": _("Pairing-allocated bye"),
    "points_forfeit_win": _("Forfeit win"),
    "points_forfeit_loss": _("Forfeit loss"),
    "points_half_bye": _("Half-point bye"),
    "points_full_bye": _("Full-point bye"),
    "points_zero_bye": _("Zero-point bye"),
}
DRAW_COLOR = "draw"


MAX_POINTS = Decimal(10)


def _whole_or_half(value: Decimal) -> None:
    """Scores are stored in half-points, so a score is a multiple of 0.5.

    Django's own `step_size` check turns the value into a float and fails with a ValueError on
    `1e309` (infinite as a float): this check stays in Decimal and leaves the out-of-range
    values to the min/max messages."""
    if value.is_finite() and abs(value) <= MAX_POINTS and (value * 2) % 1:
        raise forms.ValidationError(_("Enter a whole or half point (0, 0.5, 1, 1.5, …)."))


def _points_field(label: StrOrPromise) -> forms.DecimalField:
    return forms.DecimalField(
        label=label,
        min_value=Decimal(0),
        max_value=MAX_POINTS,
        decimal_places=1,
        validators=[_whole_or_half],
        widget=forms.NumberInput(attrs={"step": "0.5"}),
    )


class TournamentForm(forms.Form):
    """A tournament's settings; scores in points (stored in half-points)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    city = forms.CharField(label=_("City"), max_length=100, required=False)
    federation = forms.CharField(label=_("Federation"), max_length=32, required=False)
    start_date = forms.DateField(
        label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end_date = forms.DateField(
        label=_("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    chief_arbiter = forms.CharField(label=_("Chief arbiter"), max_length=200, required=False)
    deputy_arbiter = forms.CharField(max_length=200, required=False, label=_("Deputy arbiter"))
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=99,
        initial=9,
        help_text=_(
            "Announced before the start: once round 1 is paired, a change needs a "
            "two-step confirmation and is recorded."
        ),
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=TournamentFormat.choices,
        initial=TournamentFormat.SWISS,
        required=False,
        help_text=_(
            "A round robin is paired from the Berger tables; its rounds follow from the "
            "players when their numbers are drawn. Fixed once round 1 is paired."
        ),
    )
    swap_last_two_rounds = forms.BooleanField(
        label=_("Double round robin: exchange the first cycle's last two rounds"),
        required=False,
        initial=True,
        help_text=_("Recommended (C.05 Annex 1): nobody gets one colour three times running."),
    )
    pairing_system = forms.ChoiceField(
        label=_("Rules edition"),
        required=False,
        choices=[("", _("By the start date")), *PairingSystem.choices],
        help_text=_("Changeable until round 1 is paired."),
    )
    initial_color = forms.ChoiceField(
        label=_("Initial colour"),
        choices=[
            (DRAW_COLOR, _("Drawn by the program")),
            (InitialColor.WHITE, _("White (entered)")),
            (InitialColor.BLACK, _("Black (entered)")),
        ],
        initial=DRAW_COLOR,
        help_text=_("A drawn colour keeps its seed, so the draw can be checked."),
    )
    max_half_point_byes = forms.IntegerField(
        label=_("Half-point byes a player may request"), min_value=0, max_value=99, initial=1
    )
    no_byes_last_rounds = forms.IntegerField(
        label=_("No requested byes in the last … rounds"), min_value=0, max_value=99, initial=1
    )
    drawing_of_lots = forms.BooleanField(
        label=_("Drawing of lots after the tie-breaks"),
        required=False,
        help_text=_(
            "Only where the tournament's rules ask for it (e.g. a qualification); "
            "otherwise players still tied share the place."
        ),
    )
    chess960 = forms.BooleanField(
        label="Chess960",
        required=False,
        help_text=_(
            "Each round's starting position (0-959) is drawn when the round is "
            "published; the arbiter may enter another (checklist Q222)."
        ),
    )
    baku_acceleration = forms.BooleanField(
        label=_("Baku acceleration"),
        required=False,
        help_text=_(
            "C.04.7: the top half of the players gets virtual points for pairing in the first "
            "half of the rounds; the standings never show them. Fixed once round 1 is paired."
        ),
    )
    rating_method = forms.ChoiceField(
        label=_("Tournament rating"),
        choices=TournamentRatingMethod.choices,
        initial=TournamentRatingMethod.FIDE,
        required=False,
        help_text=_(
            "Ranks the players (pairing numbers) and feeds the rating-based tie-breaks "
            "(TRF-2026 172). Fixed once round 1 is paired."
        ),
    )
    unrated_rule = forms.ChoiceField(
        label=_("Unrated players in rating-based tie-breaks"),
        choices=UnratedRule.choices,
        initial=UnratedRule.UNDEFINED,
        required=False,
        help_text=_("Published before the start (C.07 10); fixed once round 1 is paired."),
    )
    unrated_rating = forms.IntegerField(
        label=_("Fixed rating of unrated players"),
        min_value=0,
        max_value=MAX_RATING,
        initial=0,
        required=False,
        help_text=_("Used with “A fixed rating”."),
    )
    long_event = forms.BooleanField(
        label=_("Lasts over 30 days"),
        required=False,
        help_text=_(
            "Also set by dates over 30 days apart; players may then get new ratings "
            "from a later round."
        ),
    )
    tiebreak_ratings = forms.ChoiceField(
        label=_("Ratings in the tie-breaks of a long event"),
        choices=TiebreakRatings.choices,
        initial=TiebreakRatings.FIRST,
        required=False,
        help_text=_("C.07 10: each player's first rating unless the regulations say otherwise."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        defaults = Tournament()
        for name in SCORE_FIELDS:
            self.fields[name] = _points_field(SCORE_LABELS[name])
            self.fields[name].initial = Decimal(getattr(defaults, name)) / 2
        # Every variant the standings compute, named (Q104, Q199); a round robin's menu shows
        # no Buchholz family (Q105).
        menu = tiebreak_choices(round_robin=self._round_robin())
        for slot in range(TIEBREAK_SLOTS):
            field = TiebreakField(
                label=format_lazy(_("Tie-break {number}"), number=slot + 1),
                choices=menu_with(menu, str(self.initial.get(f"tiebreak_{slot + 1}") or "")),
                required=False,
            )
            if slot < len(DEFAULT_TIEBREAKS):
                field.initial = DEFAULT_TIEBREAKS[slot]
            self.fields[f"tiebreak_{slot + 1}"] = field

    def _round_robin(self) -> bool:
        """The settings of a round robin, as shown: no Buchholz offered. A posted form keeps
        the whole menu, so that a Buchholz code is refused with its reason (`clean`)."""
        chosen = None if self.is_bound else self.initial.get("format")
        return chosen in {TournamentFormat.ROUND_ROBIN, TournamentFormat.DOUBLE_ROUND_ROBIN}

    @classmethod
    def initial_for(cls, tournament: Tournament) -> dict[str, object]:
        """The form's values for an existing tournament."""
        initial: dict[str, object] = {
            name: getattr(tournament, name)
            for name in (
                "name",
                "city",
                "federation",
                "start_date",
                "end_date",
                "chief_arbiter",
                "deputy_arbiter",
                "rounds",
                "pairing_system",
                "max_half_point_byes",
                "no_byes_last_rounds",
                "drawing_of_lots",
                "chess960",
                "baku_acceleration",
                "format",
                "swap_last_two_rounds",
                "rating_method",
                "unrated_rule",
                "unrated_rating",
                "long_event",
                "tiebreak_ratings",
            )
        }
        initial["initial_color"] = (
            DRAW_COLOR if tournament.initial_color_seed is not None else tournament.initial_color
        )
        for name in SCORE_FIELDS:
            initial[name] = Decimal(getattr(tournament, name)) / 2
        for slot in range(TIEBREAK_SLOTS):
            codes = tournament.tiebreaks
            initial[f"tiebreak_{slot + 1}"] = _canonical(codes[slot]) if slot < len(codes) else ""
        return initial

    def score_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in SCORE_FIELDS]

    def tiebreak_fields(self) -> list[forms.BoundField]:
        return [self[f"tiebreak_{slot + 1}"] for slot in range(TIEBREAK_SLOTS)]

    def clean_name(self) -> str:
        """No control characters and no spreadsheet formula start, as a player's name (issue
        30: the name goes into CSV exports and TRF lines)."""
        name: str = self.cleaned_data["name"]
        if controls := control_characters(name):
            raise forms.ValidationError(
                _("The name holds control characters (%(characters)s): remove them.")
                % {"characters": ", ".join(controls)}
            )
        if starts_like_a_formula(name.strip()):
            raise forms.ValidationError(
                _("The name starts with %(start)s: a spreadsheet would run it as a formula.")
                % {"start": repr(name.strip()[0])}
            )
        return name

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The tournament cannot end before it starts."))
        codes = [data.get(f"tiebreak_{slot + 1}") or "" for slot in range(TIEBREAK_SLOTS)]
        chosen = [code for code in codes if code]
        for problem in tiebreak_list_problems(chosen):
            self.add_error(None, translated(problem))
        round_robin = (data.get("format") or TournamentFormat.SWISS) != TournamentFormat.SWISS
        if round_robin and chosen != list(DEFAULT_TIEBREAKS):
            # The Swiss list as it came becomes the round robin's (the service).
            for problem in round_robin_problems(chosen):
                self.add_error(None, translated(problem))
        if all(data.get(name) is not None for name in SCORE_FIELDS):
            scoring = Scoring(
                **{
                    name.removeprefix("points_"): Points(int(data[name] * 2))
                    for name in SCORE_FIELDS
                }
            )
            for problem in scoring_problems(scoring):
                self.add_error(None, translated(problem))
        return data

    def settings(self) -> TournamentSettings:
        """The cleaned values as the services take them."""
        data = self.cleaned_data
        color = data["initial_color"]
        return TournamentSettings(
            name=data["name"],
            city=data["city"],
            federation=data["federation"],
            start_date=data["start_date"],
            end_date=data["end_date"],
            chief_arbiter=data["chief_arbiter"],
            deputy_arbiter=data["deputy_arbiter"],
            rounds=data["rounds"],
            scoring={name: int(data[name] * 2) for name in SCORE_FIELDS},
            tiebreaks=[
                data[f"tiebreak_{slot + 1}"]
                for slot in range(TIEBREAK_SLOTS)
                if data[f"tiebreak_{slot + 1}"]
            ],
            pairing_system=PairingSystem(data["pairing_system"])
            if data["pairing_system"]
            else None,
            initial_color=None if color == DRAW_COLOR else InitialColor(color),
            max_half_point_byes=data["max_half_point_byes"],
            no_byes_last_rounds=data["no_byes_last_rounds"],
            drawing_of_lots=data["drawing_of_lots"],
            chess960=data["chess960"],
            baku_acceleration=data["baku_acceleration"],
            rating_method=TournamentRatingMethod(
                data["rating_method"] or TournamentRatingMethod.FIDE
            ),
            unrated_rule=UnratedRule(data["unrated_rule"] or UnratedRule.UNDEFINED),
            unrated_rating=data["unrated_rating"] or 0,
            long_event=data["long_event"],
            tiebreak_ratings=TiebreakRatings(data["tiebreak_ratings"] or TiebreakRatings.FIRST),
            format=TournamentFormat(data["format"] or TournamentFormat.SWISS),
            swap_last_two_rounds=data["swap_last_two_rounds"],
        )


def _canonical(code: str) -> str:
    """A stored code as the menu writes it (`KS/L1` is offered as `KS/L+1`)."""
    try:
        return tiebreak_text(code)
    except TiebreakCodeError:
        return code
