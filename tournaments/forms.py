"""Forms of the arbiter pages: they read and check input; the rules are in the services."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.domain.chess960 import POSITIONS
from tournaments.domain.configuration import scoring_problems
from tournaments.domain.state import Points, Scoring
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
    ByeKind,
    InitialColor,
    PairingSystem,
    Player,
    Result,
    Sex,
    Title,
    Tournament,
    TournamentFormat,
)
from tournaments.models.tournament import TiebreakRatings, TournamentRatingMethod, UnratedRule
from tournaments.services.manual_tiebreaks import LIMIT as MANUAL_LIMIT
from tournaments.services.players import PlayerData
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


def _rating(text: str | None) -> int:
    """A rating as typed: empty or “unrated” is 0; ASCII digits up to MAX_RATING."""
    value = (text or "").strip().lower()
    if value in {"", "unrated"}:
        return 0
    digits = value.isascii() and value.isdigit() and len(value) <= len(str(MAX_RATING))
    if not digits or int(value) > MAX_RATING:
        raise forms.ValidationError(
            gettext("Write a rating from 0 to %(max)s, or “unrated”.") % {"max": MAX_RATING}
        )
    return int(value)


class PlayerForm(forms.Form):
    """One player to register."""

    name = forms.CharField(label=_("Name"), max_length=100, help_text=_("Lastname, Firstname"))
    title = forms.ChoiceField(label=_("Title"), choices=[("", "—"), *Title.choices], required=False)
    sex = forms.ChoiceField(label=_("Sex"), choices=[("", "—"), *Sex.choices], required=False)
    rating = forms.CharField(
        label=_("FIDE rating"),
        required=False,
        help_text=format_lazy(_("0 to {max}; empty or “unrated” when unrated."), max=MAX_RATING),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    national_rating = forms.CharField(
        label=_("National rating"),
        required=False,
        help_text=_("Used by the tournament-rating methods NRO, FIDON, NIDOF and HBFN."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    manual_rating = forms.CharField(
        label=_("Manual rating"),
        required=False,
        help_text=_("Used by the methods HBFN and OTHER (a rating the arbiter sets)."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    federation = forms.CharField(label=_("Federation"), max_length=3, required=False)
    fide_id = forms.RegexField(
        label=_("FIDE id"),
        regex=r"^[0-9]{1,11}$",
        required=False,
        error_messages={"invalid": _("A FIDE id is up to 11 digits.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    birth_date = forms.RegexField(
        label=_("Birth date"),
        regex=r"^[0-9]{4}(/[0-9]{2}/[0-9]{2})?$",
        required=False,
        help_text=_("YYYY/MM/DD or YYYY"),
        error_messages={"invalid": _("Write the birth date as YYYY/MM/DD or YYYY.")},
    )
    missed_bye = forms.ChoiceField(
        label=_("Rounds missed by a late entry"),
        choices=[(ByeKind.ZERO_POINT, _("Zero points")), (ByeKind.HALF_POINT, _("Half a point"))],
        initial=ByeKind.ZERO_POINT,
        required=False,  # shown only once round 1 is paired (late entries)
    )

    def clean_missed_bye(self) -> str:
        return self.cleaned_data.get("missed_bye") or ByeKind.ZERO_POINT

    def clean_rating(self) -> int:
        return _rating(self.cleaned_data.get("rating"))

    def clean_national_rating(self) -> int:
        return _rating(self.cleaned_data.get("national_rating"))

    def clean_manual_rating(self) -> int:
        return _rating(self.cleaned_data.get("manual_rating"))

    def player_data(self) -> PlayerData:
        data = self.cleaned_data
        return PlayerData(
            name=data["name"],
            title=data["title"],
            sex=data["sex"],
            rating=data["rating"],
            national_rating=data["national_rating"],
            manual_rating=data["manual_rating"],
            federation=data["federation"].upper(),
            fide_id=data["fide_id"],
            birth_date=data["birth_date"],
        )


class PlayerRatingForm(forms.Form):
    """A player's rating from a later round on, in a tournament over 30 days (VCL Q212-Q213);
    an empty rating removes the one recorded from that round."""

    from_round = forms.IntegerField(label=_("From round"), min_value=2, max_value=99)
    rating = forms.CharField(
        label=_("Tournament rating"),
        required=False,
        help_text=_("Empty to remove; “unrated” or 0 when unrated."),
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its own ids: the player page also has the withdrawal's `from_round`.
        kwargs.setdefault("auto_id", "id_later_%s")
        super().__init__(*args, **kwargs)

    def clean_rating(self) -> int | None:
        text = (self.cleaned_data.get("rating") or "").strip()
        return None if not text else _rating(text)


class PlayerDetailsForm(PlayerForm):
    """A registered player's details, to correct them."""

    missed_bye = None  # type: ignore[assignment]  # only asked at registration

    @classmethod
    def initial_for(cls, player: Player) -> dict[str, object]:
        return {
            "name": player.name,
            "title": player.title,
            "sex": player.sex,
            "rating": str(player.fide_rating) if player.fide_rating else "",
            "national_rating": str(player.national_rating) if player.national_rating else "",
            "manual_rating": str(player.manual_rating) if player.manual_rating else "",
            "federation": player.federation,
            "fide_id": player.fide_id,
            "birth_date": player.birth_date,
        }


MAX_IMPORT_BYTES = 512 * 1024
"""The largest player list accepted (a 2,000-player TRF is about 400 kB)."""
MAX_IMPORT_LINES = 2_500
"""The most lines a player list may have, so one upload cannot hold the tournament's lock long."""


class ImportForm(forms.Form):
    """A player list to import: its format and the file, bounded in size and lines."""

    file = forms.FileField(
        label=_("CSV or TRF file"),
        error_messages={
            "required": _("Choose a CSV or TRF file."),
            "empty": _("The file is empty."),
        },
    )
    format = forms.ChoiceField(
        label=_("Format"), choices=[("csv", "CSV"), ("trf", "TRF")], initial="csv"
    )

    def clean_file(self) -> str:
        """The file's text; a file that is not UTF-8 is read as Latin-1."""
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                gettext("The file is larger than %(size)s kB: split the list.")
                % {"size": MAX_IMPORT_BYTES // 1024}
            )
        raw: bytes = upload.read()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("latin-1")
        if "\x00" in text:
            raise forms.ValidationError(gettext("This is not a text file (it holds NUL bytes)."))
        if text.count("\n") >= MAX_IMPORT_LINES:
            raise forms.ValidationError(
                gettext("The file has more than %(lines)s lines: split the list.")
                % {"lines": MAX_IMPORT_LINES}
            )
        return text

    def text(self) -> str:
        """The cleaned file's text."""
        text: str = self.cleaned_data["file"]
        return text


class ByeRequestForm(forms.Form):
    round_number = forms.IntegerField(label=_("Round"), min_value=1, max_value=99)
    kind = forms.ChoiceField(
        label=_("Bye"),
        choices=[
            (ByeKind.HALF_POINT, _("Half-point")),
            (ByeKind.ZERO_POINT, _("Zero-point")),
            (ByeKind.FULL_POINT, _("Full-point (recorded)")),
        ],
    )


class WithdrawForm(forms.Form):
    from_round = forms.IntegerField(label=_("From round"), min_value=1, max_value=99)
    expelled = forms.BooleanField(
        label=_("Expelled"),
        required=False,
        help_text=_("Left out of the standings (a disciplinary decision)."),
    )


class ForbiddenPairForm(forms.Form):
    first = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("Player"))
    second = forms.ModelChoiceField(queryset=Player.objects.none(), label=_("must not meet"))

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        players = tournament.players.order_by("pairing_number")
        for name in ("first", "second"):
            field = self.fields[name]
            assert isinstance(field, forms.ModelChoiceField)
            field.queryset = players


class ResultForm(forms.Form):
    """A result for one board and the result the arbiter saw (compare-and-set)."""

    result = forms.ChoiceField(choices=Result.choices, required=False)
    expected = forms.ChoiceField(choices=Result.choices, required=False)


class RatingCorrectionForm(forms.Form):
    """A board of the round and the result the rating report must give for it (Q192)."""

    board = forms.IntegerField(label=_("Board"), min_value=1, max_value=999)
    result = forms.ChoiceField(
        label=_("Result for the rating report"),
        choices=[(value, label) for value, label in Result.choices if value],
    )
    note = forms.CharField(
        label=_("Note"),
        max_length=300,
        required=False,
        help_text=_("Why: e.g. reported after round 6 ended."),
    )


class Chess960Form(forms.Form):
    """The Chess960 starting position the arbiter enters for a round (checklist Q222)."""

    position = forms.IntegerField(
        label=_("Chess960 starting position"), min_value=0, max_value=POSITIONS - 1
    )


class ManualTiebreakForm(forms.Form):
    """A player's manual tie-break value (checklist Q207); empty clears it."""

    value = forms.DecimalField(
        label=_("Manual tie-break (MAN)"),
        required=False,
        max_digits=9,
        decimal_places=4,
        min_value=-MANUAL_LIMIT + Decimal("0.0001"),
        max_value=MANUAL_LIMIT - Decimal("0.0001"),
        help_text=_("A value computed elsewhere; the higher ranks first. Empty: no value."),
    )

    @classmethod
    def for_value(cls, value: Decimal | None) -> ManualTiebreakForm:
        """The form showing `value` as typed (`3.5`, not the column's `3.5000`)."""
        return cls(initial={"value": None if value is None else f"{value.normalize():f}"})


def _canonical(code: str) -> str:
    """A stored code as the menu writes it (`KS/L1` is offered as `KS/L+1`)."""
    try:
        return tiebreak_text(code)
    except TiebreakCodeError:
        return code
