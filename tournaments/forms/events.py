"""The event forms (issue 32): an event's details, a section's rating limits and first board, a
role given by user name, and a player's move between sections. The rules are in
`services.events` and `services.sections`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.models import MAX_RATING, Event, EventRoleKind, Player, Tournament
from tournaments.services.events import EventDetails, SectionSetup

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise


class EventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    place = forms.CharField(label=_("Place"), max_length=100, required=False)
    start_date = forms.DateField(
        label=_("Start date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    end_date = forms.DateField(
        label=_("End date"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    organiser = forms.CharField(
        label=_("Organiser"),
        max_length=200,
        required=False,
        help_text=_("The club or federation that organises the event, as the public page says."),
    )

    @classmethod
    def initial_for(cls, event: Event) -> dict[str, object]:
        return {
            "name": event.name,
            "place": event.place,
            "start_date": event.start_date,
            "end_date": event.end_date,
            "organiser": event.organiser,
        }

    def details(self) -> EventDetails:
        data = self.cleaned_data
        return EventDetails(
            name=data["name"],
            place=data["place"],
            start_date=data["start_date"],
            end_date=data["end_date"],
            organiser=data["organiser"],
        )


def _rating_field(label: StrOrPromise, help_text: StrOrPromise) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, required=False, min_value=0, max_value=MAX_RATING, help_text=help_text
    )


class SectionSetupForm(forms.Form):
    """A section's rating limits and first board; with `prefix="section"` next to the
    tournament settings of a new section."""

    lowest_rating = _rating_field(
        _("Lowest rating admitted"), _("Included; empty: no lower limit (unrated players too).")
    )
    highest_rating = _rating_field(
        _("Highest rating admitted"), _("Included; empty: no upper limit.")
    )
    first_board = forms.IntegerField(
        label=_("First board"),
        min_value=1,
        max_value=9999,
        initial=1,
        help_text=_("The hall's number of the top board, e.g. 101 for the second section."),
    )

    def __init__(self, *args: Any, compact: bool = False, **kwargs: Any) -> None:
        """`compact`: without the help texts (a row of the event's page, which says them once)."""
        super().__init__(*args, **kwargs)
        if compact:
            for field in self.fields.values():
                field.help_text = ""

    @classmethod
    def initial_for(cls, section: Tournament) -> dict[str, object]:
        return {
            "lowest_rating": section.lowest_rating,
            "highest_rating": section.highest_rating,
            "first_board": section.first_board,
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        setup = SectionSetup(
            lowest_rating=data.get("lowest_rating"), highest_rating=data.get("highest_rating")
        )
        if setup.limits.problem() is not None:
            self.add_error("highest_rating", _("The highest rating is below the lowest."))
        return data

    def setup(self) -> SectionSetup:
        data = self.cleaned_data
        return SectionSetup(
            lowest_rating=data["lowest_rating"],
            highest_rating=data["highest_rating"],
            first_board=data["first_board"],
        )


class SectionChoiceForm(forms.Form):
    """Which section of the event a posted change is for (never one of another event)."""

    section = forms.ModelChoiceField(queryset=Tournament.objects.none())

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["section"]
        assert isinstance(field, forms.ModelChoiceField)
        field.queryset = event.sections.all()


class EventRoleForm(forms.Form):
    username = forms.CharField(label=_("User name"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=EventRoleKind.choices)


class SectionMoveForm(forms.Form):
    """A player of one of the event's sections and the section they move to."""

    player = forms.ModelChoiceField(label=_("Player"), queryset=Player.objects.none())
    section = forms.ModelChoiceField(label=_("To section"), queryset=Tournament.objects.none())

    def __init__(self, *args: Any, event: Event, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        player, section = self.fields["player"], self.fields["section"]
        assert isinstance(player, forms.ModelChoiceField)
        assert isinstance(section, forms.ModelChoiceField)
        player.queryset = Player.objects.filter(tournament__event=event).select_related(
            "tournament"
        )
        section.queryset = event.sections.all()
