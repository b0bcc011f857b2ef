"""Forms of online entries (issue 32): the public entry form (its sections and the organiser's
questions given by the view), the desk's settings, a section's cap and fee, and an entry's fee.
They check the shape of the input; the rules are the services'."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.forms.prizes import amount_in_units
from tournaments.models import Sex
from tournaments.models.entries import MAX_QUESTIONS, FeeStatus

QUESTION_PREFIX = "answer_"


class FideIdForm(forms.Form):
    """The first step of the public form: the FIDE ID to look up (GET)."""

    fide_id = forms.RegexField(
        label=_("FIDE ID"),
        regex=r"^\d{1,11}$",
        required=False,
        error_messages={"invalid": _("A FIDE ID is a number of up to 11 digits.")},
        widget=forms.TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
    )


class EntryForm(forms.Form):
    """The public entry form. `sections`: (id, label) the player's rating allows; `questions`:
    the organiser's optional questions; `listed`: the FIDE ID was found on the lists, so the
    identity fields are not asked."""

    fide_id = forms.RegexField(
        label=_("FIDE ID"), regex=r"^\d{1,11}$", required=False, widget=forms.HiddenInput
    )
    name = forms.CharField(label=_("Name (Lastname, Firstname)"), max_length=100, required=False)
    sex = forms.ChoiceField(label=_("Sex"), choices=[("", "—"), *Sex.choices], required=False)
    birth_year = forms.IntegerField(
        label=_("Year of birth"), min_value=1900, max_value=2100, required=False
    )
    federation = forms.RegexField(
        label=_("Federation (three letters)"),
        regex=r"^[A-Za-z]{3}$",
        required=False,
        error_messages={"invalid": _("A federation is three letters, such as FRA.")},
    )
    section = forms.TypedChoiceField(label=_("Section"), coerce=int)
    email = forms.EmailField(
        label=_("E-mail"),
        max_length=254,
        help_text=_("For the confirmation and the approval only; never shown on the site."),
    )

    def __init__(
        self,
        *args: object,
        sections: list[tuple[int, str]],
        questions: list[str],
        listed: bool,
        **kwargs: object,
    ) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        field = self.fields["section"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = sections
        self.questions = questions
        for index, question in enumerate(questions[:MAX_QUESTIONS]):
            self.fields[f"{QUESTION_PREFIX}{index}"] = forms.CharField(
                label=question, max_length=100, required=False
            )
        if listed:
            for name in ("name", "sex", "birth_year", "federation"):
                del self.fields[name]
        else:
            self.fields["name"].required = True

    def answers(self) -> dict[str, str]:
        return {
            question: self.cleaned_data.get(f"{QUESTION_PREFIX}{index}") or ""
            for index, question in enumerate(self.questions[:MAX_QUESTIONS])
        }


class EntryDeskForm(forms.Form):
    opens_at = forms.DateTimeField(
        label=_("Entries open at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Empty: the form is closed."),
    )
    closes_at = forms.DateTimeField(
        label=_("Entries close at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    questions = forms.CharField(
        label=_("Optional questions, one a line (club, category, T-shirt size...)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    currency = forms.CharField(label=_("Currency"), max_length=3, min_length=3, initial="EUR")

    def question_list(self) -> list[str]:
        return [line.strip() for line in self.cleaned_data["questions"].splitlines()]


class SectionTermsForm(forms.Form):
    cap = forms.IntegerField(
        label=_("Cap (players)"), min_value=1, max_value=100_000, required=False
    )
    fee = forms.CharField(label=_("Entry fee"), max_length=12, required=False)

    def clean_fee(self) -> int:
        return amount_in_units(self.cleaned_data["fee"] or "")


class EntryFeeForm(forms.Form):
    fee_status = forms.ChoiceField(label=_("Fee"), choices=FeeStatus.choices)
    amount = forms.CharField(label=_("Amount"), max_length=12, required=False)
    method = forms.CharField(label=_("Paid by"), max_length=60, required=False)
    note = forms.CharField(label=_("Note"), max_length=200, required=False)

    def clean_amount(self) -> int:
        return amount_in_units(self.cleaned_data["amount"] or "")
