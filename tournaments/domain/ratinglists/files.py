"""Opening a list file as the arbiter downloaded it: zipped or not, TXT, XML or CSV.

FIDE distributes each list as a ZIP holding one file (`players_list_foa.txt`,
`players_list_xml_foa.xml`, `standard_oct26frl.txt`, ...). The archive is checked before it is
read: one list file inside, a sane size and compression ratio (no "zip bomb").
"""

from __future__ import annotations

import calendar
import datetime
import enum
import re
import zipfile
import zlib
from collections.abc import Iterator, Mapping
from typing import IO

from tournaments.domain.ratinglists.fixed_width import parse_fixed_width
from tournaments.domain.ratinglists.model import Rate, RatedEntry, RatingListError
from tournaments.domain.ratinglists.national_csv import parse_national_csv
from tournaments.domain.ratinglists.xml_list import parse_xml

MAX_UNPACKED_BYTES = 4 << 30
"""The combined XML list is about 0.9 GB unpacked; more than this is not a rating list."""

MAX_COMPRESSION_RATIO = 200
"""FIDE's lists pack about 7:1 (TXT) and 17:1 (XML)."""

_LIST_SUFFIXES = (".txt", ".xml", ".csv")
_DAMAGED = (zipfile.BadZipFile, zlib.error, EOFError)
"""What reading a damaged ZIP raises, when it is opened or as its member is read."""
_MONTHS = {name.lower(): number for number, name in enumerate(calendar.month_abbr) if name}
_DATED_NAME = re.compile(r"(?P<month>[a-z]{3})(?P<year>\d{2})frl", re.IGNORECASE)


class ListKind(enum.StrEnum):
    """Which list a file is: one of FIDE's, or a federation's national list."""

    FIDE_COMBINED = "fide"
    FIDE_STANDARD = "fide_standard"
    FIDE_RAPID = "fide_rapid"
    FIDE_BLITZ = "fide_blitz"
    NATIONAL = "national"

    @property
    def rate(self) -> Rate | None:
        """The one rate of a per-rate FIDE list; None for the combined and national lists."""
        return {
            ListKind.FIDE_STANDARD: Rate.STANDARD,
            ListKind.FIDE_RAPID: Rate.RAPID,
            ListKind.FIDE_BLITZ: Rate.BLITZ,
        }.get(self)


def list_date_from_name(name: str) -> datetime.date | None:
    """The month FIDE's archive names carry (`standard_sep26frl.zip` → 2026-09-01)."""
    found = _DATED_NAME.search(name)
    if found is None or found["month"].lower() not in _MONTHS:
        return None
    return datetime.date(2000 + int(found["year"]), _MONTHS[found["month"].lower()], 1)


def _member(archive: zipfile.ZipFile) -> zipfile.ZipInfo:
    members = [
        info
        for info in archive.infolist()
        if not info.is_dir() and info.filename.lower().endswith(_LIST_SUFFIXES)
    ]
    if len(members) != 1:
        raise RatingListError(
            [f"the ZIP holds {len(members)} list files (.txt, .xml, .csv); it must hold one"]
        )
    member = members[0]
    ratio = member.file_size / max(member.compress_size, 1)
    if member.file_size > MAX_UNPACKED_BYTES or ratio > MAX_COMPRESSION_RATIO:
        raise RatingListError([f"{member.filename} unpacks to an implausible size: refused"])
    return member


def _unpacked(stream: IO[bytes]) -> IO[bytes]:
    """The list inside a ZIP, or the stream itself when it is not one."""
    start = stream.read(4)
    stream.seek(0)
    if start != b"PK\x03\x04":
        return stream
    try:
        archive = zipfile.ZipFile(stream)
        return archive.open(_member(archive))
    except (*_DAMAGED, ValueError, NotImplementedError, RuntimeError) as error:
        # ValueError: offsets pointing outside the file; the others: an unsupported
        # compression method, an encrypted member.
        raise RatingListError([f"a damaged or unsupported ZIP file ({error})"]) from None


def _lines(stream: IO[bytes]) -> Iterator[str]:
    """Text lines: UTF-8 (a byte-order mark dropped), or Latin-1 for a line that is not."""
    for number, raw in enumerate(stream):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError:
            line = raw.decode("latin-1")
        yield line.removeprefix("\ufeff") if number == 0 else line


def _starts_with_markup(stream: IO[bytes]) -> bool:
    peek = getattr(stream, "peek", None)
    if peek is not None:
        peeked: bytes = peek(64)[:64]
    else:
        peeked = stream.read(64)
        stream.seek(0)
    return peeked.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<")


def read_list(
    stream: IO[bytes],
    *,
    kind: ListKind,
    mapping: Mapping[str, str] | None = None,
    federation: str = "",
) -> Iterator[RatedEntry]:
    """The players of a list file as they are read (see the parsers); `RatingListError` for
    a file of the wrong kind, a damaged ZIP (as the reading reaches the damage), and at the
    end for the bad lines it had."""
    try:
        unpacked = _unpacked(stream)
        if kind is ListKind.NATIONAL:
            if mapping is None:
                raise RatingListError(["a national list needs its column mapping"])
            lines = _lines(unpacked)
            yield from parse_national_csv(lines, mapping=mapping, federation=federation)
        elif _starts_with_markup(unpacked):
            yield from parse_xml(unpacked, rate=kind.rate)
        else:
            yield from parse_fixed_width(_lines(unpacked), rate=kind.rate)
    except _DAMAGED as error:
        raise RatingListError([f"the ZIP file is damaged ({error})"]) from None
