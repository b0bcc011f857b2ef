"""Tie-break codes as written in the reference files (C.07 14 notation) and the editions."""

from __future__ import annotations

import datetime

import pytest

from standings.tiebreaks import (
    Edition,
    Family,
    TiebreakCode,
    UnknownTiebreak,
    edition_in_force,
    parse_code,
    parse_codes,
)


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("BH", TiebreakCode(Family.BH)),
        ("BH/C1", TiebreakCode(Family.BH, cut_low=1)),
        ("bh/c2", TiebreakCode(Family.BH, cut_low=2)),
        ("SB/M1", TiebreakCode(Family.SB, cut_low=1, cut_high=1)),
        ("BH/M2", TiebreakCode(Family.BH, cut_low=2, cut_high=2)),
        ("KS/L+1", TiebreakCode(Family.KS, limit=1)),
        ("KS/L-2", TiebreakCode(Family.KS, limit=-2)),
        ("REP", TiebreakCode(Family.REP)),
    ],
)
def test_it_reads_codes_and_writes_them_back(text: str, code: TiebreakCode) -> None:
    assert parse_code(text) == code
    assert parse_code(code.text) == code


def test_it_reads_an_ordered_list() -> None:
    assert [code.text for code in parse_codes("PTS, BH/C1,BH,SB,DE")] == [
        "PTS",
        "BH/C1",
        "BH",
        "SB",
        "DE",
    ]


@pytest.mark.parametrize("text", ["XYZ", "WIN/C1", "BH/L+1", "BH/C3", "KS/C1", "BH/"])
def test_it_refuses_codes_outside_the_c07_menu(text: str) -> None:
    with pytest.raises(UnknownTiebreak):
        parse_code(text)


@pytest.mark.parametrize(
    ("start", "edition"),
    [
        (datetime.date(2023, 1, 1), Edition.C07_2023),
        (datetime.date(2023, 7, 1), Edition.C07_2023),
        (datetime.date(2024, 7, 31), Edition.C07_2023),
        (datetime.date(2024, 8, 1), Edition.C07_2024),
        (datetime.date(2026, 2, 28), Edition.C07_2024),
        (datetime.date(2026, 3, 1), Edition.C07_2026),
    ],
)
def test_it_defaults_to_the_edition_in_force_on_the_start_date(
    start: datetime.date, edition: Edition
) -> None:
    assert edition_in_force(start) is edition
