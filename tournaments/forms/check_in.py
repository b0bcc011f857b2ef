"""Forms of the check-in (issue 32): a player's mark at the desk, the settings, the closing
time, the absentees before pairing, and the code a player types on a phone."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import CheckInStatus

DESK_MARKS = [("", ""), *[(value, label) for value, label in CheckInStatus.choices]]


class CheckInMarkForm(forms.Form):
    """The mark typed for one player and the mark the arbiter saw (compare-and-set)."""

    status = forms.ChoiceField(choices=DESK_MARKS, required=False)
    expected = forms.ChoiceField(choices=DESK_MARKS, required=False)


class CheckInSettingsForm(forms.Form):
    self_check_in = forms.BooleanField(
        label=_("Players may check in from their phones (with the code on their badge)"),
        required=False,
    )
    absences_before_withdrawal = forms.IntegerField(
        label=_("Absences without notice before the withdrawal is offered"),
        min_value=0,
        max_value=99,
        help_text=_("C.04.2 D.2: one; the tournament's regulations may allow more. 0: never."),
    )


class CheckInClosingForm(forms.Form):
    closes_at = forms.DateTimeField(
        label=_("The players' check-in closes at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_("Empty: when the round is paired. The desk still admits late arrivals."),
    )


class NumbersField(forms.Field):
    """Pairing numbers posted under one name (hidden inputs, ticked boxes)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: object) -> list[int]:
        values = value if isinstance(value, list) else ([] if value in (None, "") else [value])
        if len(values) > 5000 or not all(
            isinstance(each, str) and each.isascii() and each.isdigit() and len(each) <= 6
            for each in values
        ):
            raise forms.ValidationError(_("Reload the page: the list of players is unreadable."))
        return [int(each) for each in values]


class AbsenteesForm(forms.Form):
    """The players the pairing page listed (`shown`) and those ticked for withdrawal."""

    shown = NumbersField(required=False)
    withdraw = NumbersField(required=False)


class SelfCheckInForm(forms.Form):
    code = forms.CharField(
        label=_("Your check-in code"),
        max_length=40,
        help_text=_("Printed on your badge, for example K7QXM-3PD2R."),
        widget=forms.TextInput(
            attrs={"autocomplete": "off", "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
