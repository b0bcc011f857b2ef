"""What the tests of translated sentences share: the templates inside a sentence of the pure
packages (`tournaments.domain.messages`), and which of them a language's catalogue lacks."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from django.utils.translation import trans_real

from tournaments.domain.messages import Message, Phrase

LANGUAGES = ("it", "fr", "ru")


def templates(sentence: object) -> Iterator[str]:
    """Every template of `sentence`: its own, its values' and its parts', in turn."""
    if isinstance(sentence, Message):
        yield sentence.template
        for value in sentence.values.values():
            yield from templates(value)
    elif isinstance(sentence, Phrase):
        for part in sentence.parts:
            yield from templates(part)


def untranslated(sentences: Iterable[object]) -> list[str]:
    """The templates of `sentences` that a catalogue of it, fr or ru lacks, as `language:
    template`."""
    found = list(sentences)
    missing = set()
    for language in LANGUAGES:
        catalogue = trans_real.translation(language)._catalog  # type: ignore[attr-defined]
        for sentence in found:
            for template in templates(sentence):
                if not catalogue.get(template):
                    missing.add(f"{language}: {template}")
    return sorted(missing)
