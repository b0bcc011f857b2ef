"""Forms of the prize list (issue 33): the distribution rules, a category, a prize, a K-factor.
Amounts are typed in the currency (12.50) and kept in its smallest unit (1250)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import (
    MAX_RATING,
    CategoryRating,
    PrizeCategory,
    PrizeChoice,
    PrizeSharing,
    Sex,
)

MAX_MONEY = Decimal(1_000_000)


def amount_in_units(text: str) -> int:
    """12.50 (or 12,50) → 1250; empty → 0; at most two decimals, below a million."""
    value = text.strip().replace(",", ".")
    if not value:
        return 0
    try:
        amount = Decimal(value)
    except InvalidOperation:
        raise forms.ValidationError(gettext("Write an amount such as 250 or 12.50.")) from None
    if (
        not amount.is_finite()
        or amount < 0
        or amount > MAX_MONEY
        or amount != amount.quantize(Decimal("0.01"))
    ):
        raise forms.ValidationError(gettext("Write an amount such as 250 or 12.50."))
    return int(amount * 100)


class PrizeSettingsForm(forms.Form):
    currency = forms.CharField(label=_("Currency"), max_length=3, min_length=3, initial="EUR")
    one_per_player = forms.BooleanField(
        label=_("One prize per player"), required=False, initial=True
    )
    choice = forms.ChoiceField(
        label=_("A player qualifying for several prizes gets"), choices=PrizeChoice.choices
    )
    sharing = forms.ChoiceField(label=_("Players tied on points"), choices=PrizeSharing.choices)
    hort_percent = forms.IntegerField(
        label=_("Hort system: percentage kept"), min_value=0, max_value=100, initial=50
    )
    age_on = forms.DateField(label=_("Ages counted on (empty: the start date)"), required=False)


class PrizeCategoryForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    min_rating = forms.IntegerField(
        label=_("Lowest rating"), required=False, min_value=0, max_value=MAX_RATING
    )
    max_rating = forms.IntegerField(
        label=_("Highest rating"), required=False, min_value=0, max_value=MAX_RATING
    )
    rating = forms.ChoiceField(label=_("Rated"), choices=CategoryRating.choices, required=False)
    min_age = forms.IntegerField(label=_("Lowest age"), required=False, min_value=0, max_value=120)
    max_age = forms.IntegerField(label=_("Highest age"), required=False, min_value=0, max_value=120)
    sex = forms.ChoiceField(label=_("Sex"), choices=[("", _("Any")), *Sex.choices], required=False)
    federation = forms.RegexField(
        label=_("Federation"), regex=r"^[A-Za-z]{3}$", max_length=3, required=False
    )


class PrizeForm(forms.Form):
    category = forms.ModelChoiceField(
        label=_("Category"),
        queryset=PrizeCategory.objects.none(),
        required=False,
        empty_label=_("Place prizes"),
    )
    amount = forms.CharField(label=_("Amount"), max_length=20, required=False)
    item = forms.CharField(label=_("Or a prize in kind"), max_length=100, required=False)

    def __init__(self, *args: object, tournament_id: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["category"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = PrizeCategory.objects.filter(tournament_id=tournament_id)

    def clean_amount(self) -> int:
        return amount_in_units(self.cleaned_data.get("amount") or "")


class KFactorForm(forms.Form):
    k_factor = forms.TypedChoiceField(
        label=_("K-factor"),
        choices=[("", _("Computed")), ("40", "40"), ("20", "20"), ("10", "10")],
        coerce=int,
        empty_value=None,
        required=False,
    )
