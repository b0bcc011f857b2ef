"""The list parsers on files written in FIDE's layout (tests/.../fide_files.py): every format
reads the same players, and a bad line is named with its number."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import pytest

from tests.tournaments.ratinglists.fide_files import (
    COMBINED_HEADER,
    SAMPLE_PLAYERS,
    ListedPlayer,
    combined_line,
    combined_txt,
    per_rate_txt,
    xml_list,
    zipped,
)
from tournaments.domain.ratinglists import (
    ListKind,
    RatedEntry,
    RatingListError,
    list_date_from_name,
    read_list,
)

SAMPLES = Path(__file__).resolve().parents[3] / "tournaments" / "fixtures" / "ratinglists"
MAPPING = {
    "national_id": "NrFFE",
    "fide_id": "FideID",
    "name": "Nom",
    "sex": "Sexe",
    "birth_year": "Naissance",
    "standard_rating": "Elo",
    "rapid_rating": "Rapide",
    "blitz_rating": "Blitz",
}


def read(
    data: bytes | str, kind: ListKind = ListKind.FIDE_COMBINED, **options: object
) -> list[RatedEntry]:
    raw = data.encode() if isinstance(data, str) else data
    return list(read_list(io.BytesIO(raw), kind=kind, **options))  # type: ignore[arg-type]


def expected(
    player: ListedPlayer, rates: tuple[str, ...] = ("standard", "rapid", "blitz")
) -> dict[str, object]:
    titles = [
        t
        for t in ("GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM")
        if t in (player.title, player.w_title)
    ]
    figures = {
        f"{rate}_rating": player.figures(rate)[0] if rate in rates else 0
        for rate in ("standard", "rapid", "blitz")
    }
    return {
        "fide_id": str(player.fide_id),
        "name": player.name,
        "federation": player.federation,
        "sex": {"M": "m", "F": "w"}[player.sex],
        "title": titles[0] if titles else "",
        "birth_year": player.birth_year or None,
        "inactive": "i" in player.flag,
        **figures,
    }


def observed(entry: RatedEntry) -> dict[str, object]:
    return {
        "fide_id": entry.fide_id,
        "name": entry.name,
        "federation": entry.federation,
        "sex": entry.sex,
        "title": entry.title,
        "birth_year": entry.birth_year,
        "inactive": entry.inactive,
        "standard_rating": entry.standard_rating,
        "rapid_rating": entry.rapid_rating,
        "blitz_rating": entry.blitz_rating,
    }


@pytest.mark.parametrize("sample", ["players_list.zip", "players_list_xml.zip"])
def test_the_combined_samples_read_every_player_with_the_three_ratings(sample: str) -> None:
    entries = read((SAMPLES / sample).read_bytes())
    assert [observed(e) for e in entries] == [expected(p) for p in SAMPLE_PLAYERS]


@pytest.mark.parametrize("rate", ["standard", "rapid", "blitz"])
@pytest.mark.parametrize("suffix", ["", "_xml"])
def test_a_per_rate_sample_gives_the_rating_of_its_rate_only(rate: str, suffix: str) -> None:
    entries = read(
        (SAMPLES / f"{rate}_oct26frl{suffix}.zip").read_bytes(), ListKind(f"fide_{rate}")
    )
    listed = [p for p in SAMPLE_PLAYERS if p.figures(rate)[0]]
    assert [observed(e) for e in entries] == [expected(p, (rate,)) for p in listed]


def test_the_woman_grandmaster_who_is_an_international_master_ranks_as_im() -> None:
    entry = read(combined_txt(SAMPLE_PLAYERS[1:2]))[0]
    assert (entry.name, entry.title) == ("Barros, Ines", "IM")


def test_bad_lines_are_all_named_with_their_numbers() -> None:
    lines = combined_txt(SAMPLE_PLAYERS[:4]).split("\r\n")
    lines[2] = lines[2][:113] + "27x3  " + lines[2][119:]  # line 3: a rating that is not one
    lines[4] = "ABC" + lines[4][3:]  # line 5: the FIDE ID
    with pytest.raises(RatingListError) as refused:
        read("\r\n".join(lines))
    assert refused.value.count == 2
    assert refused.value.errors[0].startswith("line 3: ") and "27x3" in refused.value.errors[0]
    assert refused.value.errors[1].startswith("line 5: ")


def test_a_rating_above_3500_is_refused() -> None:
    player = ListedPlayer(1, "Odd, One", "FRA", "M", standard=(3900, 0, 10))
    with pytest.raises(RatingListError, match="line 2: standard rating 3900"):
        read(combined_txt([player]))


def test_other_titles_running_into_the_foa_column_shift_the_line() -> None:
    player = ListedPlayer(
        7,
        "Long, Titles",
        "FRA",
        "F",
        o_title="SI,FI,LSI,SLI,NA",
        standard=(2001, 3, 20),
        birth_year=1970,
    )
    line = combined_line(player)
    overflow = line[:94] + "SI,FI,LSI,SLI,NAA" + "FM " + line[113:]  # 163 characters
    assert len(overflow) == 163
    entry = read(f"{COMBINED_HEADER}\r\n{overflow}\r\n")[0]
    assert (entry.standard_rating, entry.birth_year, entry.federation) == (2001, 1970, "FRA")


@pytest.mark.parametrize(
    ("kind", "file", "message"),
    [
        (ListKind.FIDE_STANDARD, combined_txt(SAMPLE_PLAYERS), "line 1: a combined list"),
        (ListKind.FIDE_COMBINED, per_rate_txt(SAMPLE_PLAYERS, "rapid"), "line 1: a per-rate list"),
        (ListKind.FIDE_STANDARD, xml_list(SAMPLE_PLAYERS), "a combined list"),
        (ListKind.FIDE_COMBINED, xml_list(SAMPLE_PLAYERS, "blitz"), "a per-rate list"),
        (ListKind.FIDE_COMBINED, "Name;Rating\nA;1\n", "line 1: not a FIDE TXT list header"),
    ],
)
def test_a_file_of_another_kind_is_refused(kind: ListKind, file: str, message: str) -> None:
    with pytest.raises(RatingListError, match=message):
        read(file, kind)


def test_an_xml_list_with_a_dtd_is_refused_before_any_entity_expands() -> None:
    bomb = (
        '<?xml version="1.0"?>\n<!DOCTYPE playerslist [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n'
        "<playerslist><player><fideid>1</fideid><name>&b;</name></player></playerslist>"
    )
    with pytest.raises(RatingListError, match="line 2: a DTD or entity declaration"):
        read(bomb)


def test_a_bad_xml_player_is_named_by_the_line_it_starts_on() -> None:
    text = xml_list(SAMPLE_PLAYERS[:3]).replace("<rating>2422</rating>", "<rating>high</rating>")
    with pytest.raises(RatingListError) as refused:
        read(text)
    assert refused.value.errors == ["line 3: standard rating 'high' is not a number"]


def test_malformed_xml_stops_at_its_line() -> None:
    text = xml_list(SAMPLE_PLAYERS[:3]).replace("</player>\n<player>", "</player>\n<player", 1)
    with pytest.raises(RatingListError, match=r"^line 3: malformed XML"):
        read(text)


def test_the_national_sample_reads_through_its_mapping() -> None:
    entries = read(
        (SAMPLES / "national_fra.csv").read_bytes(),
        ListKind.NATIONAL,
        mapping=MAPPING,
        federation="FRA",
    )
    assert [
        (e.national_id, e.fide_id, e.name, e.sex, e.birth_year, e.standard_rating, e.federation)
        for e in entries
    ] == [
        ("K55012", "1100203", "Dubois, Claire", "w", 2003, 2231, "FRA"),
        ("M60214", "1100605", "Hamel, Louis", "m", 2011, 1948, "FRA"),
        ("N70020", "", "Roux, Adele", "w", 2016, 1210, "FRA"),
        ("P80111", "1100904", "Kaplan, Noe", "m", 2013, 1771, "FRA"),
    ]


def test_a_national_list_with_bad_lines_or_columns_is_refused() -> None:
    text = "Id;Name;Elo\n1;A, B;1500\n2;;1400\n3;C, D;15OO\n"
    mapping = {"national_id": "Id", "name": "Name", "standard_rating": "Elo"}
    with pytest.raises(RatingListError) as refused:
        read(text, ListKind.NATIONAL, mapping=mapping, federation="FRA")
    assert [e.split(":")[0] for e in refused.value.errors] == ["line 3", "line 4"]
    with pytest.raises(RatingListError, match="no column named 'Rating'"):
        read(
            text,
            ListKind.NATIONAL,
            mapping={**mapping, "standard_rating": "Rating"},
            federation="FRA",
        )
    with pytest.raises(RatingListError, match="needs a national_id or fide_id"):
        read(text, ListKind.NATIONAL, mapping={"name": "Name"}, federation="FRA")


def test_a_zip_must_hold_exactly_one_list() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("a.txt", combined_txt(SAMPLE_PLAYERS))
        archive.writestr("b.txt", combined_txt(SAMPLE_PLAYERS))
    with pytest.raises(RatingListError, match="holds 2 list files"):
        read(buffer.getvalue())
    with pytest.raises(RatingListError, match="damaged or unsupported ZIP"):
        read(zipped("players_list_foa.txt", combined_txt(SAMPLE_PLAYERS))[:200])


def test_a_zip_that_unpacks_implausibly_is_refused() -> None:
    bomb = zipped("players_list_foa.txt", COMBINED_HEADER + "\r\n" + " " * 5_000_000)
    with pytest.raises(RatingListError, match="implausible size"):
        read(bomb)


def test_the_date_of_fide_archive_names() -> None:
    assert list_date_from_name("standard_sep26frl.zip") == datetime.date(2026, 9, 1)
    assert list_date_from_name("BLITZ_JAN27FRL_XML.ZIP") == datetime.date(2027, 1, 1)
    assert list_date_from_name("players_list.zip") is None
