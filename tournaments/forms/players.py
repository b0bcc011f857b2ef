"""Forms of the players: one player, its rating and details, a list to import, a bye, a
withdrawal, a forbidden pair."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.forms.uploads import upload_text
from tournaments.models import (
    MAX_RATING,
    ByeKind,
    Player,
    Sex,
    Title,
    Tournament,
)
from tournaments.services.players import PlayerData

if TYPE_CHECKING:
    pass


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


MAX_IMPORT_LINES = 2_500
"""The most lines a player list may have, so one upload cannot hold the tournament's lock long."""


class PlayerImportForm(forms.Form):
    """A player list to import: its format and the file, under the upload policy
    (`tournaments.forms.uploads`) and bounded in lines."""

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
        """The file's text (`upload_text`), at most MAX_IMPORT_LINES lines."""
        text = upload_text(self.cleaned_data["file"])
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
