"""The rules of entering a result, without a database: the correction window and its levels,
clearing a result, ending an adjourned game (C.04.2 D.8; VCL4THP Q157-Q163, Q189-Q191)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.result_changes import (
    ResultChange,
    ResultLocked,
    ResultsNotOpen,
    check_results_open,
    rating_correction_warning,
    result_change,
)
from tournaments.domain.warnings import Level

FIRST_ENTRY = ResultChange(
    round_number=3, board=2, white=7, black=4, old_label="no result", new_label="1-0"
)
CORRECTION = dataclasses.replace(FIRST_ENTRY, old_label="0-1", entered=True)


def test_results_are_entered_once_the_round_is_published() -> None:
    check_results_open(round_number=3, published=True)
    with pytest.raises(ResultsNotOpen, match="Round 3 is not published"):
        check_results_open(round_number=3, published=False)


def test_a_first_entry_needs_nothing() -> None:
    assert result_change(FIRST_ENTRY, next_paired=False, fide_mode=True, last_published=3) is None


def test_a_correction_of_an_open_round_is_level_3_and_names_the_board() -> None:
    warning = result_change(CORRECTION, next_paired=False, fide_mode=True, last_published=4)

    assert warning is not None
    assert (warning.level, warning.rule) == (Level.CONFIRM, "VCL4THP Q190, Q115")
    assert warning.title == "Correct round 3, board 2 (7 - 4): 0-1 → 1-0?"
    assert warning.consequences[-1] == (
        "The correction is recorded in the tournament report as “### Correction @ Round 3”."
    )


def test_a_correction_after_the_next_round_is_paired_counts_from_the_following_pairing() -> None:
    warning = result_change(CORRECTION, next_paired=True, fide_mode=True, last_published=4)

    assert warning is not None
    assert "Round 4 is paired: its pairing stands" in warning.consequences[1]


def test_an_older_round_is_refused_in_fide_mode_and_level_4_out_of_it() -> None:
    refused = result_change(CORRECTION, next_paired=True, fide_mode=True, last_published=5)
    allowed = result_change(CORRECTION, next_paired=True, fide_mode=False, last_published=5)

    assert refused is not None and allowed is not None
    assert (refused.level, refused.rule) == (Level.REFUSED, "VCL4THP Q189, Q191")
    assert "only the results of rounds 4 and later can change" in refused.consequences[0]
    assert (allowed.level, allowed.rule) == (Level.DOUBLE_CONFIRM, "VCL4THP Q189")
    assert "were made with 0-1; they stay as they are" in allowed.consequences[0]


def test_a_result_is_not_cleared_once_the_next_round_is_paired() -> None:
    clearing = dataclasses.replace(CORRECTION, new_label="no result", clears=True)

    with pytest.raises(ResultLocked, match="Round 4 is paired: a result of round 3 can be"):
        result_change(clearing, next_paired=True, fide_mode=True, last_published=4)
    warning = result_change(clearing, next_paired=False, fide_mode=True, last_published=3)
    assert warning is not None and warning.level is Level.CONFIRM


def test_an_adjourned_game_ending_drawn_needs_nothing_otherwise_level_3() -> None:
    adjourned = dataclasses.replace(CORRECTION, old_label="Adjourned", adjourned=True)

    drawn = dataclasses.replace(adjourned, new_label="½-½", drawn=True)
    assert result_change(drawn, next_paired=True, fide_mode=True, last_published=9) is None
    warning = result_change(adjourned, next_paired=True, fide_mode=True, last_published=9)
    assert warning is not None
    assert (warning.level, warning.rule) == (Level.CONFIRM, "VCL4THP Q162, Q163")
    assert warning.title == "Round 3, board 2 (7 - 4): the adjourned game ended 1-0?"


@given(
    round_number=st.integers(1, 20),
    last_published=st.integers(0, 20),
    next_paired=st.booleans(),
    fide_mode=st.booleans(),
)
def test_the_last_two_published_rounds_are_always_correctable_at_level_3(
    round_number: int, last_published: int, next_paired: bool, fide_mode: bool
) -> None:
    change = dataclasses.replace(CORRECTION, round_number=round_number)

    warning = result_change(
        change, next_paired=next_paired, fide_mode=fide_mode, last_published=last_published
    )

    assert warning is not None
    if round_number >= last_published - 1:
        assert warning.level is Level.CONFIRM
    else:
        assert warning.level is (Level.REFUSED if fide_mode else Level.DOUBLE_CONFIRM)


def test_adjourning_a_last_round_game_is_a_notice_or_adds_to_the_correction() -> None:
    adjourning = dataclasses.replace(
        FIRST_ENTRY, new_label="Adjourned", adjourns=True, last_round=True
    )

    notice = result_change(adjourning, next_paired=False, fide_mode=True, last_published=3)
    corrected = result_change(
        dataclasses.replace(adjourning, entered=True),
        next_paired=False,
        fide_mode=True,
        last_published=3,
    )
    elsewhere = dataclasses.replace(adjourning, last_round=False)

    assert notice is not None and corrected is not None
    assert (notice.level, notice.rule) == (Level.NOTICE, "VCL4THP Q161, Q169")
    assert notice.title == "Adjourn board 2 of round 3, the last round?"
    assert (corrected.level, corrected.rule) == (Level.CONFIRM, "VCL4THP Q190, Q115, Q161, Q169")
    assert "standings are provisional" in corrected.consequences[-2]
    assert result_change(elsewhere, next_paired=False, fide_mode=True, last_published=3) is None


def test_a_rating_only_correction_is_level_3_and_needs_another_result() -> None:
    warning = rating_correction_warning(CORRECTION)

    assert (warning.level, warning.rule) == (Level.CONFIRM, "VCL4THP Q192")
    assert warning.title == "Report round 3, board 2 (7 - 4) as 1-0 for rating?"
    assert warning.consequences[0] == "The pairings and the standings keep 0-1."
    with pytest.raises(ResultLocked, match="Choose the result the rating report must give"):
        rating_correction_warning(dataclasses.replace(CORRECTION, clears=True))
    with pytest.raises(ResultLocked, match="1-0 is the recorded result: there is nothing"):
        rating_correction_warning(dataclasses.replace(CORRECTION, unchanged=True))
