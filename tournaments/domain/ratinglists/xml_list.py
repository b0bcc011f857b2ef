"""FIDE's XML lists, read as a stream (the combined file is over 800 MB unpacked).

`<playerslist>` holds one `<player>` per player with the children `fideid, name, country, sex,
title, w_title, o_title, foa_title, rating, games, k`, then in the combined list
(`players_list_xml_foa.xml`) `rapid_rating, rapid_games, rapid_k, blitz_rating, blitz_games,
blitz_k`, and last `birthday` (the year) and `flag`. The per-rate lists have `rating, games, k`
only. Expat (the standard library's parser) gives the line of each player; a document type
declaration or an entity declaration is refused outright, so no entity can expand (the
"billion laughs" file) and nothing outside the file is read.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import IO
from xml.parsers import expat

from tournaments.domain.ratinglists.model import (
    ErrorLog,
    Figures,
    LineError,
    Rate,
    RatedEntry,
    RatingListError,
    best_title,
    birth_year_value,
    count_value,
    federation_value,
    fide_id_value,
    flag_value,
    name_value,
    rating_value,
    with_figures,
)
from tournaments.domain.ratinglists.model import sex_value as _sex

CHUNK_BYTES = 1 << 20


class _Refused(Exception):
    """Raised from inside expat to stop at a declaration the import does not accept."""


def _figures(fields: dict[str, str], rate: Rate | None) -> Figures:
    if rate is not None:
        return {
            rate: (
                rating_value(fields.get("rating", ""), "rating"),
                count_value(fields.get("games", ""), "games"),
            )
        }
    figures: Figures = {}
    for each, prefix in ((Rate.STANDARD, ""), (Rate.RAPID, "rapid_"), (Rate.BLITZ, "blitz_")):
        figures[each] = (
            rating_value(fields.get(f"{prefix}rating", ""), f"{each} rating"),
            count_value(fields.get(f"{prefix}games", ""), f"{each} games"),
        )
    return figures


def _entry(fields: dict[str, str], line: int, rate: Rate | None) -> RatedEntry:
    entry = RatedEntry(
        line=line,
        fide_id=fide_id_value(fields.get("fideid", "")),
        name=name_value(fields.get("name", "")),
        federation=federation_value(fields.get("country", "")),
        sex=_sex(fields.get("sex", "")),
        title=best_title(fields.get("title", "").strip(), fields.get("w_title", "").strip()),
        birth_year=birth_year_value(fields.get("birthday", "")),
        flag=flag_value(fields.get("flag", "")),
    )
    return with_figures(entry, _figures(fields, rate))


class _Reader:
    """Expat's callbacks: the fields of the player being read, the players finished."""

    def __init__(self, parser: expat.XMLParserType, rate: Rate | None) -> None:
        self.parser = parser
        self.rate = rate
        self.fields: dict[str, str] | None = None
        self.player_line = 0
        self.text: list[str] = []
        self.depth = 0
        self.checked_kind = False
        self.done: list[RatedEntry] = []
        self.errors = ErrorLog()

    def start(self, name: str, _attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth == 1 and name != "playerslist":
            raise _Refused(f"the root element is <{name}>, not <playerslist>")
        if self.depth == 2 and name == "player":
            self.fields, self.player_line = {}, self.parser.CurrentLineNumber
        self.text = []

    def end(self, name: str) -> None:
        self.depth -= 1
        if self.fields is None:
            return
        if self.depth == 2:
            self.fields[name] = "".join(self.text)
        elif self.depth == 1:
            self._finish(self.fields)
            self.fields = None

    def _finish(self, fields: dict[str, str]) -> None:
        if not self.checked_kind:
            self.checked_kind = True
            combined = "rapid_rating" in fields
            if combined and self.rate is not None:
                raise _Refused("a combined list (rapid_rating, blitz_rating): import it as such")
            if not combined and self.rate is None:
                raise _Refused("a per-rate list: import it as a standard, rapid or blitz list")
        try:
            self.done.append(_entry(fields, self.player_line, self.rate))
        except LineError as error:
            self.errors.add(self.player_line, str(error))

    def characters(self, data: str) -> None:
        self.text.append(data)


def _refuse_declaration(*_arguments: object) -> None:
    raise _Refused("a DTD or entity declaration: refused (XML lists have none)")


def parse_xml(stream: IO[bytes], *, rate: Rate | None) -> Iterator[RatedEntry]:
    """The players of an XML list as they are read; `rate` as in `parse_fixed_width`. Bad
    players are collected and refused at the end (`RatingListError`, with their lines); a
    malformed document, a DTD or an entity stops the reading at once."""
    parser = expat.ParserCreate()
    parser.buffer_text = True
    reader = _Reader(parser, rate)
    parser.StartElementHandler = reader.start
    parser.EndElementHandler = reader.end
    parser.CharacterDataHandler = reader.characters
    parser.StartDoctypeDeclHandler = _refuse_declaration
    parser.EntityDeclHandler = _refuse_declaration
    while True:
        chunk = stream.read(CHUNK_BYTES)
        try:
            parser.Parse(chunk, not chunk)
        except _Refused as refusal:
            raise RatingListError([f"line {parser.CurrentLineNumber}: {refusal}"]) from None
        except expat.ExpatError as error:
            message = expat.errors.messages[error.code]
            raise RatingListError([f"line {error.lineno}: malformed XML ({message})"]) from None
        yield from reader.done
        reader.done.clear()
        if not chunk:
            break
    if not reader.checked_kind:
        raise RatingListError(["line 1: the list has no <player>"])
    reader.errors.raise_if_any()
