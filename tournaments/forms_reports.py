"""The federation officers' filters (a GET form: it reads and checks, it changes nothing)."""

from __future__ import annotations

from django import forms

from tournaments.models import RatingKind, TournamentStatus
from tournaments.selectors.reports import ReportFilters


class ReportFilterForm(forms.Form):
    """Which tournaments the officers' page lists, and the zip of reports holds."""

    start_from = forms.DateField(
        label="Starting from", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    start_until = forms.DateField(
        label="Starting until", required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    status = forms.ChoiceField(
        label="Status", required=False, choices=[("", "Any"), *TournamentStatus.choices]
    )
    rating_kind = forms.ChoiceField(
        label="Rate", required=False, choices=[("", "Any"), *RatingKind.choices]
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
