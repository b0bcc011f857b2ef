"""Forms of the pairing page: which two boards exchange opponents."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms

from tournaments.models import Game


class ExchangeOpponentsForm(forms.Form):
    """Two boards of the round whose Black players change places; cleaned to `Game`s."""

    game_a = forms.TypedChoiceField(coerce=int, label="Board")
    game_b = forms.TypedChoiceField(coerce=int, label="with board")

    def __init__(self, *args: Any, games: Sequence[Game], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = {game.pk: game for game in games}
        choices = [
            (game.pk, f"Board {game.board}: {game.white.name} – {game.black.name}")
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
                raise forms.ValidationError("Choose two different boards.")
            data["game_a"] = self.games[data["game_a"]]
            data["game_b"] = self.games[data["game_b"]]
        return data
