"""Forms of the rounds and results: a board's result, a rating correction, a Chess960
position, a manual tie-break value."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.domain.chess960 import POSITIONS
from tournaments.models import (
    Result,
)
from tournaments.services.manual_tiebreaks import LIMIT as MANUAL_LIMIT

if TYPE_CHECKING:
    pass


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
