"""Every reference TRF imports, and exports with the same players, ratings and round entries.

What a round trip normalises: the header order, `062`/`092`/`122`/`132`/`212` and comments
(not kept), a `192` line added (the rules edition), the rank column (recomputed), and absences:
a blank entry, a missing trailing entry and `0000 - -` are the same absence.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.tournaments.conftest import REFERENCE
from tournaments.domain.state import Color, Outcome
from tournaments.domain.trf import TrfDocument, TrfRoundEntry, parse_trf, tournament_state_from_trf

pytestmark = pytest.mark.django_db

ALL_FILES = sorted(REFERENCE.rglob("*.trf"))
FAST_FILES = [
    REFERENCE / "worked-example" / "tournament.trf",
    *sorted((REFERENCE / "worked-example" / "rounds").glob("*.trf")),
    *sorted((REFERENCE / "tiebreaks").glob("*.trf")),
    REFERENCE / "dev" / "dev_001.trf",
    REFERENCE / "dev" / "dev_004.trf",
    REFERENCE / "dev2025" / "dev2025_002.trf",
]
SLOW_FILES = [path for path in ALL_FILES if path not in FAST_FILES]
ABSENT = TrfRoundEntry(opponent=None, color=Color.NONE, outcome=Outcome.ABSENT)


def file_id(path: Path) -> str:
    return str(path.relative_to(REFERENCE))


def round_trip(path: Path, fmt: str, tmp_path: Path) -> tuple[TrfDocument, TrfDocument]:
    slug = io.StringIO()
    call_command("import_trf", str(path), stdout=slug)
    output = tmp_path / f"export.{fmt}"
    call_command("export_trf", slug.getvalue().strip(), "--format", fmt, "-o", str(output))
    return parse_trf(path.read_text(encoding="utf-8")), parse_trf(output.read_text("utf-8"))


def players(doc: TrfDocument, rounds: int) -> list[tuple[object, ...]]:
    return [
        (
            p.pairing_number,
            p.name,
            p.rating,
            p.fide_id,
            p.federation,
            p.title,
            p.sex,
            p.birth_date,
            p.rounds + (ABSENT,) * (rounds - len(p.rounds)),
        )
        for p in doc.players
    ]


def assert_same_tournament(original: TrfDocument, exported: TrfDocument) -> None:
    rounds = max(original.rounds_in_file, exported.rounds_in_file)
    assert players(exported, rounds) == players(original, rounds)
    assert exported.round_count == original.round_count
    assert exported.scoring == original.scoring
    assert exported.forbidden == original.forbidden
    before = tournament_state_from_trf(original)
    after = tournament_state_from_trf(exported)
    assert after.initial_color == before.initial_color
    assert after == before


@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
@pytest.mark.parametrize("path", FAST_FILES, ids=file_id)
def test_a_reference_file_round_trips(path: Path, fmt: str, tmp_path: Path) -> None:
    assert_same_tournament(*round_trip(path, fmt, tmp_path))


@pytest.mark.reference
@pytest.mark.parametrize("fmt", ["trf16", "trf26"])
@pytest.mark.parametrize("path", SLOW_FILES, ids=file_id)
def test_every_reference_file_round_trips(path: Path, fmt: str, tmp_path: Path) -> None:
    assert_same_tournament(*round_trip(path, fmt, tmp_path))
