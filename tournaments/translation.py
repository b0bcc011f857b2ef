"""The user's language for the sentences the pure packages make (`tournaments.domain.messages`,
docs/translations.md)."""

from __future__ import annotations

import dataclasses

from django.utils.translation import gettext

from tournaments.domain.messages import Message, Phrase
from tournaments.domain.warnings import ActionWarning, Refusal


def translated(text: str) -> str:
    """`text` in the active language: a `Message` from its catalogue template, its values that
    are messages too (a field's name inside a TRF refusal) translated in turn; any other text as
    it is (translated already where it was made, or a name). A `Phrase` is translated part by
    part."""
    if isinstance(text, Phrase):
        return "".join(translated(part) for part in text.parts)
    if not isinstance(text, Message):
        return text
    template = gettext(text.template)
    if not text.values:
        return template
    return template % {
        name: translated(value) if isinstance(value, str) else value
        for name, value in text.values.items()
    }


def translated_warning(warning: ActionWarning) -> ActionWarning:
    """`warning` in the active language: its title and consequences translated (a warning the
    pure rules made in English, `tournaments.domain.warnings`)."""
    return dataclasses.replace(
        warning,
        title=translated(warning.title),
        consequences=tuple(translated(line) for line in warning.consequences),
    )


def refusal_text(refusal: Refusal) -> str:
    """Why the rules refused, in the active language: each reason translated, in order."""
    return " ".join(translated(reason) for reason in refusal.reasons)
