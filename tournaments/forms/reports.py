"""Forms of the reports: the federation officers' filters (a GET form: it changes nothing),
and the rating report's details of a tournament (the arbiters')."""

from __future__ import annotations

import datetime
import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain.trf.time_control import TimeControlError, describe_time_control
from tournaments.models import RatingKind, Tournament, TournamentStatus
from tournaments.selectors.reports import ReportFilters
from tournaments.services.reports import ReportDetails, ReportStart, report_details_of


class ReportFilterForm(forms.Form):
    """Which tournaments the officers' page lists, and the zip of reports holds."""

    start_from = forms.DateField(
        label=_("Starting from"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    start_until = forms.DateField(
        label=_("Starting until"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    status = forms.ChoiceField(
        label=_("Status"), required=False, choices=[("", _("Any")), *TournamentStatus.choices]
    )
    rating_kind = forms.ChoiceField(
        label=_("Rate"), required=False, choices=[("", _("Any")), *RatingKind.choices]
    )

    def filters(self) -> ReportFilters:
        """The filters asked for: none when the form is not valid (its errors show)."""
        if not self.is_valid():
            return ReportFilters()
        data = self.cleaned_data
        return ReportFilters(
            start_from=data["start_from"],
            start_until=data["start_until"],
            status=data["status"],
            rating_kind=data["rating_kind"],
        )


_FIDE_ID = re.compile(r"[0-9]{1,11}")


class RatingReportForm(forms.Form):
    """The rating report's details of a tournament (C.04 Annex 2 header records 092-132 and
    TRF-2026 222): they read and check input; `tournament_set_report_details` saves."""

    tournament_type = forms.CharField(
        label=_("Type of tournament (092)"), max_length=60, required=False
    )
    time_control = forms.CharField(
        label=_("Time control (TRF-2026 222)"),
        max_length=60,
        required=False,
        help_text=_(
            "Seconds: 5400+30 is 90 min + 30 s/move; 40/6000+30:900+30 is 40 moves in "
            "100 min, then 15 min, 30 s/move throughout; W300-B240 an Armageddon game."
        ),
    )
    round_dates = forms.CharField(
        label=_("Round dates (132)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_(
            "One date per round, round 1 first (YYYY-MM-DD), separated by spaces, commas or lines."
        ),
    )
    chief_arbiter_fide_id = forms.CharField(
        label=_("Chief arbiter's FIDE ID (102)"),
        required=False,
        max_length=11,
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
    )
    deputies = forms.CharField(
        label=_("Deputy arbiters (112)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One a line: the name, a comma, the FIDE ID (e.g. Jane Doe, 1234567)."),
    )
    rated = forms.BooleanField(
        label=_("Rated (submitted for FIDE rating at its rate)"), required=False
    )

    def __init__(self, *args: Any, rounds: int, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = rounds

    @staticmethod
    def initial_for(tournament: Tournament) -> dict[str, object]:
        details = report_details_of(tournament)
        return {
            "tournament_type": details.tournament_type,
            "time_control": details.time_control,
            "round_dates": "\n".join(details.round_dates),
            "chief_arbiter_fide_id": details.chief_arbiter_fide_id,
            "deputies": "\n".join(
                f"{name}, {fide_id}" if fide_id else name for name, fide_id in details.deputies
            ),
            "rated": details.rated,
        }

    def clean_time_control(self) -> str:
        code: str = self.cleaned_data["time_control"].strip()
        if code:
            try:
                describe_time_control(code)
            except TimeControlError as error:
                raise forms.ValidationError(
                    _("The time control does not read: %(error)s.") % {"error": error}
                ) from error
        return code

    def clean_round_dates(self) -> list[str]:
        words = [word for word in re.split(r"[\s,;]+", self.cleaned_data["round_dates"]) if word]
        dates: list[datetime.date] = []
        for number, word in enumerate(words, start=1):
            try:
                day = datetime.date.fromisoformat(word) if word.isascii() else None
            except ValueError:
                day = None
            if day is None or len(word) != 10:
                raise forms.ValidationError(
                    _("Round %(number)s: %(word)s is not YYYY-MM-DD.")
                    % {"number": number, "word": repr(word[:20])}
                )
            dates.append(day)
        if len(dates) > self.rounds:
            raise forms.ValidationError(
                _("%(dates)s dates for %(rounds)s rounds: one date per round.")
                % {"dates": len(dates), "rounds": self.rounds}
            )
        if dates != sorted(dates):
            raise forms.ValidationError(_("The dates go back in time: round 1 first."))
        return [day.isoformat() for day in dates]

    def clean_chief_arbiter_fide_id(self) -> str:
        fide_id: str = self.cleaned_data["chief_arbiter_fide_id"].strip()
        if fide_id and not _FIDE_ID.fullmatch(fide_id):
            raise forms.ValidationError(_("A FIDE ID is up to 11 digits."))
        return fide_id

    def clean_deputies(self) -> list[tuple[str, str]]:
        deputies: list[tuple[str, str]] = []
        for number, line in enumerate(self.cleaned_data["deputies"].splitlines(), start=1):
            if not line.strip():
                continue
            name, _comma, fide_id = line.rpartition(",") if "," in line else (line, "", "")
            name, fide_id = name.strip(), fide_id.strip()
            if not name or ";" in name:
                raise forms.ValidationError(
                    _("Line %(number)s: a name (without ';') comes first.") % {"number": number}
                )
            if fide_id and not _FIDE_ID.fullmatch(fide_id):
                raise forms.ValidationError(
                    _("Line %(number)s: a FIDE ID is up to 11 digits.") % {"number": number}
                )
            deputies.append((name, fide_id))
        if len("; ".join(name for name, _id in deputies)) > 200:
            raise forms.ValidationError(_("The deputies' names take more than 200 characters."))
        return deputies

    def details(self) -> ReportDetails:
        data = self.cleaned_data
        return ReportDetails(
            tournament_type=data["tournament_type"].strip(),
            time_control=data["time_control"],
            round_dates=data["round_dates"],
            chief_arbiter_fide_id=data["chief_arbiter_fide_id"],
            deputies=data["deputies"],
            rated=data["rated"],
        )


class RatingReportStartForm(RatingReportForm):
    """The rating report's details asked, optionally, on the new tournament's form (issue 31):
    the time control, the round dates and the chief arbiter's FIDE ID, read and checked by
    `RatingReportForm`'s fields and rules. The type, the deputies' IDs and 'rated' stay on the
    details page (the deputies' names are on the tournament's form)."""

    ASKED = ("time_control", "round_dates", "chief_arbiter_fide_id")

    def __init__(self, *args: Any, rounds: int, **kwargs: Any) -> None:
        super().__init__(*args, rounds=rounds, prefix="report", **kwargs)
        for name in list(self.fields):
            if name not in self.ASKED:
                del self.fields[name]

    def start(self) -> ReportStart:
        data = self.cleaned_data
        return ReportStart(
            time_control=data["time_control"],
            round_dates=data["round_dates"],
            chief_arbiter_fide_id=data["chief_arbiter_fide_id"],
        )
