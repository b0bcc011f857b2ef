"""Sentences written by the pure packages, in the active language.

The pure packages (the pairing engine's explanation and rule warnings, the tie-breaks' working)
import no Django, so they write English, each sentence from a format. A `Phrasebook` holds those
formats as the catalogue's message ids (English with `%(name)s` fields, marked with
`gettext_noop`), recognises a sentence by them and gives it translated, its fields filled in and
themselves translated when they are phrases of the book (a criterion's name inside a rejection).
A sentence the book does not know stays as it is; the apps' tests check that every sentence the
pure code can write is known.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import gettext

FIELD = re.compile(r"%\((\w+)\)s")


def _pattern(english: str) -> re.Pattern[str]:
    """The sentences `english` makes: its text as is, each field any text (the shortest)."""
    parts = FIELD.split(english)
    regex = "".join(
        re.escape(part) if index % 2 == 0 else f"(?P<{part}>.+?)"
        for index, part in enumerate(parts)
    )
    return re.compile(regex, re.DOTALL)


class Phrasebook:
    """The formats of one family of sentences, most specific first; `fields` translates the
    fields of those names its own way (a list of players); any other field is looked up in the
    book itself."""

    def __init__(
        self, formats: Iterable[str], fields: Mapping[str, Callable[[str], str]] | None = None
    ) -> None:
        self.formats = tuple(formats)
        self.fields = dict(fields or {})
        self._patterns = [(_pattern(english), english) for english in self.formats]

    def knows(self, sentence: str) -> bool:
        """Whether some format of the book makes `sentence` (leading spaces aside)."""
        body = sentence.lstrip(" ")
        return any(pattern.fullmatch(body) for pattern, _ in self._patterns)

    def translate(self, sentence: str) -> str:
        """`sentence` in the active language, its indentation kept; unchanged when unknown."""
        body = sentence.lstrip(" ")
        indent = sentence[: len(sentence) - len(body)]
        for pattern, english in self._patterns:
            match = pattern.fullmatch(body)
            if match is None:
                continue
            values = {
                name: self.fields.get(name, self.translate)(value)
                for name, value in match.groupdict().items()
            }
            return indent + (gettext(english) % values if values else gettext(english))
        return sentence
