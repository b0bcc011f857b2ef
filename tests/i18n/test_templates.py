"""No template shows text outside the translation tags (issue 20, docs/translations.md).

Each template is read with Django's own lexer: what is inside `{% translate %}`,
`{% blocktranslate %}`, a comment or a variable is set aside, and the HTML left is parsed. Any
word of text between tags, or of an attribute a user reads or hears (`title`, `aria-label`,
`placeholder`, `alt`), is a string someone forgot to mark, unless it is one of `UNTRANSLATED`.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.template.base import Lexer, TokenType

TEMPLATES = Path(settings.BASE_DIR) / "templates"

UNTRANSLATED = {
    "SwissArbiter",  # the brand
    "FIDE",
    "TRF",
    "TRF16",
    "TRF-2026",
    "PDF",
    "CSV",
    "XML",
    "TXT",
    "ZIP",
    "ID",
    "Elo",
}
"""Words every language writes the same: the brand, FIDE, file formats."""

SKIPPED_BLOCKS = {"blocktranslate", "blocktrans", "comment", "verbatim"}
"""Blocks whose content is translated already, or never shown."""

READ_ATTRIBUTES = {"title", "aria-label", "placeholder", "alt"}
HIDDEN = " "
"""What stands for a tag or a variable in the HTML left to parse (a space: one may sit inside an
element's start tag)."""

# A word: two letters or more, alone (a token mixing letters and digits, A4, TRF16, Chess960, is a
# code).
WORD = re.compile(r"\b[^\W\d_]{2,}(?:[-'’][^\W\d_]+)*\b")


def _unmarked_html(source: str) -> str:
    """`source` with the translated text, comments, tags and variables replaced by `HIDDEN`."""
    parts: list[str] = []
    skipping = ""
    for token in Lexer(source).tokenize():
        if token.token_type == TokenType.BLOCK:
            command = token.contents.split(" ", 1)[0]
            if skipping:
                if command == skipping:
                    skipping = ""
                continue
            if command in SKIPPED_BLOCKS:
                skipping = f"end{command}"
            parts.append(HIDDEN)
        elif skipping:
            continue
        elif token.token_type == TokenType.TEXT:
            parts.append(token.contents)
        else:
            parts.append(HIDDEN)
    return "".join(parts)


class _Text(HTMLParser):
    """Collects the words of text and of read attributes outside <script> and <style>."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words: list[str] = []
        self.hidden_depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"script", "style"}:
            self.hidden_depth += 1
        for name, value in attrs:
            if name in READ_ATTRIBUTES and value:
                self._collect(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"script", "style"}:
            self.hidden_depth -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden_depth:
            self._collect(data)

    def _collect(self, text: str) -> None:
        self.words += [word for word in WORD.findall(text) if word not in UNTRANSLATED]


def untranslated_words(source: str) -> list[str]:
    """The words of `source` a user would see untranslated."""
    parser = _Text()
    parser.feed(_unmarked_html(source))
    parser.close()
    return parser.words


def _templates() -> list[Path]:
    return sorted(
        path for path in TEMPLATES.rglob("*") if path.suffix in {".html", ".txt"} and path.is_file()
    )


@pytest.mark.parametrize("path", _templates(), ids=lambda path: str(path.relative_to(TEMPLATES)))
def test_no_template_shows_text_outside_the_translation_tags(path: Path) -> None:
    words = untranslated_words(path.read_text(encoding="utf-8"))
    assert words == [], f"{path.relative_to(TEMPLATES)}: untranslated text {words}"


def test_the_scanner_sees_text_and_read_attributes_but_not_marked_text() -> None:
    source = (
        '{% load i18n %}<h1 title="Round">{% translate "Standings" %} {{ name }}</h1>'
        "{% blocktranslate %}Round {{ n }}{% endblocktranslate %}<p>Pairing 3</p>"
        '<script>var x = "word";</script>{# a comment #}<span class="badge">FIDE</span>'
    )
    assert untranslated_words(source) == ["Round", "Pairing"]
