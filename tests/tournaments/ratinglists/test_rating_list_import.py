"""Importing lists into the database: every format, atomic replacement, refused files leave
the stored lists untouched, national mappings saved per federation, the command."""

from __future__ import annotations

import datetime
import io
import json
import threading
import time

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.tournaments.ratinglists.conftest import OCTOBER, SAMPLES, import_sample
from tests.tournaments.ratinglists.fide_files import (
    SAMPLE_PLAYERS,
    combined_txt,
    per_rate_txt,
    xml_list,
)
from tournaments.domain.ratinglists import ListKind
from tournaments.exceptions import TournamentError
from tournaments.models import NationalListMapping, RatedPlayer, RatingList
from tournaments.services.ratinglists import RatingListRefused, rating_list_import

pytestmark = pytest.mark.django_db

FORMATS = [
    ("players_list.zip", ListKind.FIDE_COMBINED),
    ("players_list_xml.zip", ListKind.FIDE_COMBINED),
    ("standard_oct26frl.zip", ListKind.FIDE_STANDARD),
    ("rapid_oct26frl_xml.zip", ListKind.FIDE_RAPID),
    ("blitz_oct26frl.zip", ListKind.FIDE_BLITZ),
]


@pytest.mark.parametrize(("name", "kind"), FORMATS)
def test_each_sample_is_stored_with_its_players(name: str, kind: ListKind) -> None:
    rating_list = import_sample(name, kind)
    rate = kind.rate.value if kind.rate else "standard"
    listed = [p for p in SAMPLE_PLAYERS if kind.rate is None or p.figures(rate)[0]]
    assert rating_list.player_count == len(listed) == rating_list.players.count()
    aalto = rating_list.players.get(fide_id="4100011")
    assert (aalto.name, aalto.search_name, aalto.title, aalto.birth_year) == (
        "Aalto, Mikko",
        "AALTO  MIKKO",
        "GM",
        1991,
    )
    assert aalto.rating(rate) == SAMPLE_PLAYERS[0].figures(rate)[0]


def test_importing_the_same_list_again_replaces_it() -> None:
    first = import_sample("players_list.zip", ListKind.FIDE_COMBINED)
    text = combined_txt(SAMPLE_PLAYERS[:3])
    second = rating_list_import(
        stream=io.BytesIO(text.encode()),
        kind=ListKind.FIDE_COMBINED,
        date=OCTOBER,
        source_name="players_list_foa.txt",
        by=None,
    )
    assert list(RatingList.objects.all()) == [second]
    assert not RatedPlayer.objects.filter(rating_list_id=first.pk).exists()
    assert second.players.count() == 3


def test_a_file_with_a_bad_line_leaves_the_stored_list_as_it_was() -> None:
    stored = import_sample("players_list.zip", ListKind.FIDE_COMBINED)
    lines = combined_txt(SAMPLE_PLAYERS).split("\r\n")
    lines[12] = lines[12][:152] + "19x5  " + lines[12][158:]
    with pytest.raises(RatingListRefused) as refused:
        rating_list_import(
            stream=io.BytesIO("\r\n".join(lines).encode()),
            kind=ListKind.FIDE_COMBINED,
            date=OCTOBER,
            source_name="players_list_foa.txt",
            by=None,
        )
    assert refused.value.errors == ["line 13: birth year '19x5' is not a number"]
    assert list(RatingList.objects.all()) == [stored]
    assert stored.players.count() == len(SAMPLE_PLAYERS)


def test_a_new_month_is_a_new_list_beside_the_old_one() -> None:
    import_sample("players_list.zip", ListKind.FIDE_COMBINED)
    import_sample("players_list.zip", ListKind.FIDE_COMBINED, datetime.date(2026, 11, 1))
    assert RatingList.objects.count() == 2
    assert RatedPlayer.objects.count() == 2 * len(SAMPLE_PLAYERS)


def test_a_national_list_saves_its_mapping_for_the_next_import() -> None:
    mapping = json.loads((SAMPLES / "national_fra.mapping.json").read_text())
    for given in (mapping, None):
        with (SAMPLES / "national_fra.csv").open("rb") as stream:
            rating_list = rating_list_import(
                stream=stream,
                kind=ListKind.NATIONAL,
                date=OCTOBER,
                source_name="national_fra.csv",
                by=None,
                federation="fra",
                mapping=given,
            )
        assert (rating_list.federation, rating_list.player_count) == ("FRA", 4)
    assert NationalListMapping.objects.get(federation="FRA").mapping == mapping
    with pytest.raises(RatingListRefused, match="no column mapping saved for ESP"):
        rating_list_import(
            stream=io.BytesIO(b"a;b\n"),
            kind=ListKind.NATIONAL,
            date=OCTOBER,
            source_name="x.csv",
            by=None,
            federation="ESP",
        )


def test_the_command_imports_a_sample_dated_by_its_name() -> None:
    out = io.StringIO()
    call_command(
        "import_rating_list",
        str(SAMPLES / "rapid_oct26frl.zip"),
        "--kind",
        "fide_rapid",
        stdout=out,
    )
    assert "Imported FIDE rapid list of 2026-10-01" in out.getvalue()
    assert RatingList.objects.get().date == OCTOBER


def test_the_command_asks_for_a_date_and_reports_refusals() -> None:
    with pytest.raises(CommandError, match="--date"):
        call_command("import_rating_list", str(SAMPLES / "players_list.zip"), "--kind", "fide")
    with pytest.raises(CommandError, match="line 1: a combined list"):
        call_command(
            "import_rating_list",
            str(SAMPLES / "players_list.zip"),
            "--kind",
            "fide_standard",
            "--date",
            "2026-10-01",
        )
    assert not RatingList.objects.exists()


def test_load_demo_imports_the_sample_list_once() -> None:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    call_command("load_demo", stdout=out)
    assert out.getvalue().count("Imported FIDE combined list") == 1
    assert RatingList.objects.get().player_count == len(SAMPLE_PLAYERS)


class _HeldStream(io.BytesIO):
    """A file whose first read waits until the test lets it go."""

    def __init__(self, data: bytes, go: threading.Event) -> None:
        super().__init__(data)
        self.go = go

    def read(self, size: int | None = -1) -> bytes:
        self.go.wait(timeout=30)
        return super().read(size)


@pytest.mark.django_db(transaction=True)
def test_the_same_list_imported_twice_at_once_is_refused_the_second_time() -> None:
    data = (SAMPLES / "players_list.zip").read_bytes()
    go, outcomes = threading.Event(), dict[str, RatingList | TournamentError]()

    def run(name: str, stream: io.BytesIO) -> None:
        try:
            outcomes[name] = rating_list_import(
                stream=stream, kind=ListKind.FIDE_COMBINED, date=OCTOBER, source_name=name, by=None
            )
        except TournamentError as error:
            outcomes[name] = error
        finally:
            connection.close()

    first = threading.Thread(target=run, args=("first", _HeldStream(data, go)))
    first.start()
    time.sleep(1)  # the first import holds its new list, uncommitted, while it reads
    second = threading.Thread(target=run, args=("second", io.BytesIO(data)))
    second.start()
    time.sleep(1)  # the second waits on the first's row
    go.set()
    first.join(30)
    second.join(30)
    assert isinstance(outcomes["first"], RatingList)
    assert "imported by someone else at the same time" in str(outcomes["second"])
    assert RatingList.objects.get().source_name == "first"


@pytest.mark.parametrize(
    ("kind", "text", "line"),
    [
        (
            ListKind.FIDE_COMBINED,
            xml_list(SAMPLE_PLAYERS).replace("<country>FRA</country>", "<country>F1</country>", 1),
            "line 5: federation 'F1'",
        ),
        (
            ListKind.FIDE_BLITZ,
            per_rate_txt(SAMPLE_PLAYERS[:5], "blitz").replace("2401", "24O1"),
            "line 3: blitz rating '24O1'",
        ),
        (
            ListKind.NATIONAL,
            (SAMPLES / "national_fra.csv").read_text().replace(";M;", ";X;"),
            "line 3: sex 'X'",
        ),
    ],
)
def test_a_bad_line_in_any_format_imports_nothing(kind: ListKind, text: str, line: str) -> None:
    mapping = json.loads((SAMPLES / "national_fra.mapping.json").read_text())
    with pytest.raises(RatingListRefused) as refused:
        rating_list_import(
            stream=io.BytesIO(text.encode()),
            kind=kind,
            date=OCTOBER,
            source_name="bad",
            by=None,
            federation="FRA",
            mapping=mapping,
        )
    assert any(error.startswith(line) for error in refused.value.errors), refused.value.errors
    assert not RatingList.objects.exists()
    assert not RatedPlayer.objects.exists()
