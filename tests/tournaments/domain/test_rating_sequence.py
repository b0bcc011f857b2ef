"""The sequence of FIDE lists, pure (VCL4THP Q118, Q123-Q129, Q134-Q135)."""

from __future__ import annotations

import datetime

import pytest

from tournaments.domain.ratinglists import Rate
from tournaments.domain.ratinglists.sequence import (
    DEFAULT_SEQUENCES,
    ListedRating,
    ListSource,
    SequenceError,
    effective_sequence,
    list_is_current,
    matching_rate,
    parse_sequence,
    pick_rating,
    published_list_month,
)

STANDARD_ONLY = {Rate.STANDARD: 2087, Rate.RAPID: 0, Rate.BLITZ: 1994}


def test_the_default_sequences_are_the_checklists() -> None:
    """Q123."""
    assert DEFAULT_SEQUENCES[Rate.STANDARD] == (
        ListSource.FIDE_STANDARD,
        ListSource.FIDE_RAPID,
        ListSource.FIDE_BLITZ,
    )
    assert DEFAULT_SEQUENCES[Rate.RAPID] == (ListSource.EFFECTIVE_RAPID, ListSource.FIDE_BLITZ)
    assert DEFAULT_SEQUENCES[Rate.BLITZ] == (ListSource.EFFECTIVE_BLITZ, ListSource.FIDE_RAPID)
    assert effective_sequence(Rate.RAPID, []) == DEFAULT_SEQUENCES[Rate.RAPID]


def test_the_effective_rapid_list_falls_back_to_the_standard_rating() -> None:
    """Q118: no rapid rating, so the standard one; the blitz list comes only after."""
    assert pick_rating(DEFAULT_SEQUENCES[Rate.RAPID], STANDARD_ONLY) == ListedRating(
        2087, Rate.STANDARD
    )
    assert pick_rating((ListSource.FIDE_RAPID, ListSource.FIDE_BLITZ), STANDARD_ONLY) == (
        ListedRating(1994, Rate.BLITZ)
    )
    assert pick_rating((ListSource.FIDE_RAPID,), STANDARD_ONLY) is None


def test_a_registered_rating_is_traced_to_its_list_or_is_manual() -> None:
    """Q129, Q134."""
    sequence = DEFAULT_SEQUENCES[Rate.RAPID]
    assert matching_rate(sequence, STANDARD_ONLY, 2087) is Rate.STANDARD
    assert matching_rate(sequence, STANDARD_ONLY, 1994) is Rate.BLITZ  # picked from another
    assert matching_rate(sequence, STANDARD_ONLY, 2000) is None  # by hand
    assert matching_rate(sequence, STANDARD_ONLY, 0) is None


@pytest.mark.parametrize(
    ("codes", "reason"),
    [
        ([], "at least one list"),
        (["fide_rapid", "fide_rapid"], "given twice"),
        (["effective_rapid", "fide_standard"], "already cover"),
        (["elo"], "unknown list"),
    ],
)
def test_a_sequence_that_cannot_be_used_is_refused_with_the_reason(
    codes: list[str], reason: str
) -> None:
    with pytest.raises(SequenceError, match=reason):
        parse_sequence(codes)


def test_a_sequence_is_reordered_and_narrowed() -> None:
    """Q124, Q126; empty steps are left out."""
    assert parse_sequence(["fide_blitz", "", "fide_standard"]) == (
        ListSource.FIDE_BLITZ,
        ListSource.FIDE_STANDARD,
    )


def test_a_monthly_list_is_current_in_its_own_month_only() -> None:
    """Q135, Q137: a December tournament with the October list is out of date."""
    october = datetime.date(2026, 10, 1)
    assert list_is_current(october, datetime.date(2026, 10, 31))
    assert not list_is_current(october, datetime.date(2026, 11, 1))
    assert not list_is_current(october, datetime.date(2026, 12, 5))
    assert not list_is_current(october, datetime.date(2026, 9, 30))
    assert list_is_current(datetime.date(2026, 12, 1), datetime.date(2026, 12, 31))


def test_a_file_fide_put_up_in_a_month_s_last_days_holds_the_next_month_s_list() -> None:
    """Q135: the January lists are dated 31 December on FIDE's download page; a correction
    during a month stays that month's list."""
    january = datetime.date(2027, 1, 1)
    assert published_list_month(datetime.date(2026, 12, 31)) == january
    assert published_list_month(datetime.date(2026, 12, 27)) == january
    assert published_list_month(datetime.date(2026, 12, 26)) == datetime.date(2026, 12, 1)
    assert published_list_month(datetime.date(2027, 1, 14)) == january
    assert published_list_month(datetime.date(2027, 2, 24)) == datetime.date(2027, 3, 1)
    assert published_list_month(datetime.date(2027, 2, 23)) == datetime.date(2027, 2, 1)
