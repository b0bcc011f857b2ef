"""Sentences the pure packages say to a user: English, with their values kept apart so that the
web layer can say them in the user's language (docs/translations.md).

A `Message` is a `str`, the English sentence, so the domain's callers and tests read it as
before; its `template` and `values` let `tournaments.translation.translated` translate it.
`gettext_noop` marks a template for the translation catalogues (makemessages extracts its
calls) and returns it unchanged: the pure packages import no Django.
"""

from __future__ import annotations

from collections.abc import Mapping


def gettext_noop(text: str) -> str:
    """`text` itself, marked for the translation catalogues."""
    return text


class Message(str):
    """An English sentence: `template`, with `%(name)s` placeholders, filled with `values`."""

    template: str
    values: Mapping[str, object]

    def __new__(cls, template: str, **values: object) -> Message:
        message = super().__new__(cls, template % values if values else template)
        message.template = template
        message.values = values
        return message
