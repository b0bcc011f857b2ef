"""The user's language for the sentences the pure packages make (`tournaments.domain.messages`,
docs/translations.md)."""

from __future__ import annotations

from django.utils.translation import gettext

from tournaments.domain.messages import Message


def translated(text: str) -> str:
    """`text` in the active language: a `Message` from its catalogue template, its values that
    are messages too (a field's name inside a TRF refusal) translated in turn; any other text as
    it is (translated already where it was made, or a name)."""
    if not isinstance(text, Message):
        return text
    template = gettext(text.template)
    if not text.values:
        return template
    return template % {
        name: translated(value) if isinstance(value, str) else value
        for name, value in text.values.items()
    }
