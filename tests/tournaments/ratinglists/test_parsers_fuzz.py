"""The list parsers on mutated sample files (seeded): every file is read whole or refused with
`RatingListError`, never another exception (which would be a 500 on the upload page).
FUZZ_CASES sets the number of files (`make fuzz`)."""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

import pytest

from tests.fuzzing import fuzz_cases
from tests.tournaments.ratinglists.fide_files import (
    SAMPLE_PLAYERS,
    combined_txt,
    per_rate_txt,
    xml_list,
)
from tournaments.domain.ratinglists import ListKind, RatingListError, read_list

pytestmark = pytest.mark.fuzz

SAMPLES = Path(__file__).resolve().parents[3] / "tournaments" / "fixtures" / "ratinglists"
MAPPING = {"national_id": "NrFFE", "fide_id": "FideID", "name": "Nom", "standard_rating": "Elo"}
SOURCES: list[tuple[ListKind, bytes]] = [
    (ListKind.FIDE_COMBINED, combined_txt(SAMPLE_PLAYERS).encode()),
    (ListKind.FIDE_RAPID, per_rate_txt(SAMPLE_PLAYERS, "rapid").encode()),
    (ListKind.FIDE_COMBINED, xml_list(SAMPLE_PLAYERS).encode()),
    (ListKind.FIDE_BLITZ, xml_list(SAMPLE_PLAYERS, "blitz").encode()),
    (ListKind.NATIONAL, (SAMPLES / "national_fra.csv").read_bytes()),
    (ListKind.FIDE_COMBINED, (SAMPLES / "players_list.zip").read_bytes()),
    (ListKind.FIDE_STANDARD, (SAMPLES / "standard_oct26frl_xml.zip").read_bytes()),
]
NASTY = [
    b"\x00",
    b"\xff\xfe",
    b"\r",
    b"\n",
    b"<",
    b"&",
    b"<!DOCTYPE x>",
    b",",
    b";",
    b'"',
    b"\xc3",
    b"\xe2\x82",
    b"99999999",
    b"-1",
    b"\t",
    b"PK\x03\x04",
    b"\xef\xbb\xbf",
]


def mutated(data: bytes, draw: random.Random) -> bytes:
    """`data` with one to four byte-level mutations."""
    for _ in range(draw.randint(1, 4)):
        at = draw.randrange(len(data) + 1)
        choice = draw.randrange(6)
        if choice == 0:
            data = data[:at] + draw.choice(NASTY) + data[at:]
        elif choice == 1:
            data = data[:at] + data[at + draw.randint(1, 40) :]
        elif choice == 2 and data:
            data = data[:at] + bytes([draw.randrange(256)]) + data[at + 1 :]
        elif choice == 3:
            data = data[:at]
        elif choice == 4:
            end = min(len(data), at + draw.randint(1, 300))
            data = data[:end] + data[at:end] + data[end:]
        else:
            data = (
                data[:at]
                + bytes(draw.randrange(256) for _ in range(draw.randint(1, 8)))
                + data[at:]
            )
    return data


def rezipped(data: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("players_list_foa.txt", data)
    return buffer.getvalue()


def test_mutated_lists_are_read_whole_or_refused() -> None:
    draw = random.Random(16)
    crashes, read, refused = [], 0, 0
    for case in range(fuzz_cases(300)):
        kind, source = draw.choice(SOURCES)
        data = mutated(source, draw)
        if draw.random() < 0.2 and not data.startswith(b"PK"):
            data = rezipped(data)
        try:
            list(read_list(io.BytesIO(data), kind=kind, mapping=MAPPING, federation="FRA"))
        except RatingListError:
            refused += 1
        except Exception as error:  # noqa: BLE001 - any other exception is the finding
            crashes.append(f"case {case} ({kind}): {type(error).__name__}: {error}")
        else:
            read += 1
    assert crashes == []
    assert read and refused  # the mutations neither all pass nor all fail
