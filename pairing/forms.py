"""Forms of the pairing page: which two boards exchange opponents; pairing by hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Game, Player


class ExchangeOpponentsForm(forms.Form):
    """Two boards of the round whose Black players change places; cleaned to `Game`s."""

    game_a = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Board"))
    game_b = forms.TypedChoiceField(coerce=int, label=gettext_lazy("with board"))

    def __init__(self, *args: Any, games: Sequence[Game], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = {game.pk: game for game in games}
        choices = [
            (
                game.pk,
                _("Board %(board)d: %(white)s – %(black)s")
                % {"board": game.board, "white": game.white.name, "black": game.black.name},
            )
            for game in games
        ]
        for name in ("game_a", "game_b"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = choices
        if len(choices) > 1:
            self.fields["game_b"].initial = choices[1][0]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "game_a" in data and "game_b" in data:
            if data["game_a"] == data["game_b"]:
                raise forms.ValidationError(_("Choose two different boards."))
            data["game_a"] = self.games[data["game_a"]]
            data["game_b"] = self.games[data["game_b"]]
        return data


def _player_choices(players: Sequence[Player]) -> list[tuple[int, str]]:
    return [(player.pk, f"{player.pairing_number} {player.name}") for player in players]


class ManualPairForm(forms.Form):
    """Two players of the tournament paired by hand, `white` with White; cleaned to `Player`s.

    Any player of the tournament is a valid choice here: whether they may be paired in this
    round is the service's decision (the page offers the unpaired ones)."""

    white = forms.TypedChoiceField(coerce=int, label=gettext_lazy("White"))
    black = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Black"))

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        for name in ("white", "black"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = _player_choices(players)
        if len(players) > 1:
            self.fields["black"].initial = players[1].pk

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        for name in ("white", "black"):
            if name in data:
                data[name] = self.players[data[name]]
        return data


class ManualByeForm(forms.Form):
    """The player given the pairing-allocated bye by hand; cleaned to a `Player`."""

    player = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Bye to"))

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = {player.pk: player for player in players}
        field = self.fields["player"]
        assert isinstance(field, forms.TypedChoiceField)
        field.choices = _player_choices(players)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if "player" in data:
            data["player"] = self.players[data["player"]]
        return data


class PairingNumbersForm(forms.Form):
    """The round robin's pairing numbers set by hand: one number per player, 1 to n each once
    (C.05 Annex 1; VCL Q95); cleaned to `order`, the player ids from number 1 on."""

    def __init__(self, *args: Any, players: Sequence[Player], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.players = list(players)
        for player in self.players:
            self.fields[f"number_{player.pk}"] = forms.IntegerField(
                label=player.name,
                min_value=1,
                max_value=len(self.players),
                initial=player.pairing_number,
            )

    def number_fields(self) -> list[forms.BoundField]:
        return [self[f"number_{player.pk}"] for player in self.players]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = [f"number_{player.pk}" for player in self.players]
        if any(data.get(name) is None for name in names):
            return data
        numbers: dict[int, int] = {
            player.pk: data[name] for player, name in zip(self.players, names, strict=True)
        }
        if sorted(numbers.values()) != list(range(1, len(self.players) + 1)):
            raise forms.ValidationError(
                _("Give each player a different number from 1 to %(count)d.")
                % {"count": len(self.players)}
            )
        data["order"] = sorted(numbers, key=numbers.__getitem__)
        return data
