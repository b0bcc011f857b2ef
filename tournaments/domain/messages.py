"""Sentences the pure packages say to a user: English, with their values kept apart so that the
web layer can say them in the user's language (docs/translations.md).

A `Message` is a `str`, the English sentence, so the domain's callers and tests read it as
before; its `template` and `values` let `tournaments.translation.translated` translate it.
`gettext_noop` marks a template for the translation catalogues (makemessages extracts its
calls) and returns it unchanged: the pure packages import no Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping


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


class Phrase(str):
    """Text made of `parts`, some of them messages: an indented line of an explanation, a player
    described with words in it (`12 (2.5, W, floats D-, no PAB)`). Its text is the parts' text;
    translated, each part is translated in turn."""

    parts: tuple[str, ...]

    def __new__(cls, *parts: str) -> Phrase:
        phrase = super().__new__(cls, "".join(parts))
        phrase.parts = parts
        return phrase


def joined(parts: Iterable[str], separator: str = ", ") -> Phrase:
    """`parts` with `separator` between them, as one phrase whose parts translate."""
    items: list[str] = []
    for part in parts:
        if items:
            items.append(separator)
        items.append(part)
    return Phrase(*items)


def to_record(value: object) -> object:
    """`value` (a sentence, or a value of one) as JSON keeps it: plain text as it is, a
    `Message` as `{"m": template, "v": values}` (its code, the catalogue's message id, and its
    values), a `Phrase` as `{"p": parts}`, values and parts recorded in turn."""
    if isinstance(value, Message):
        return {"m": value.template, "v": {k: to_record(v) for k, v in value.values.items()}}
    if isinstance(value, Phrase):
        return {"p": [to_record(part) for part in value.parts]}
    if isinstance(value, str):
        return str(value)
    return value


def from_record(record: object) -> object:
    """The sentence (or value) `to_record` stored; anything else as it is."""
    if isinstance(record, dict):
        values, parts = record.get("v"), record.get("p")
        if "m" in record and isinstance(values, dict):
            return Message(str(record["m"]), **{k: from_record(v) for k, v in values.items()})
        if isinstance(parts, list):
            return Phrase(*(_text(from_record(part)) for part in parts))
    return record


def reason(error: BaseException) -> str:
    """What `error` says: the sentence it was raised with (a `Message` keeps its template and
    values, which `str(error)` would lose), else its text."""
    first = error.args[0] if len(error.args) == 1 else None
    return first if isinstance(first, str) else str(error)


def _text(value: object) -> str:
    """A part of a phrase: a sentence as it is (a `Message` stays one), anything else as text."""
    return value if isinstance(value, str) else str(value)
