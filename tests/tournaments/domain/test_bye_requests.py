"""The rules of a requested bye, without a database: who may ask for which bye, in which round,
and at what level (C.05 Annex 1; VCL4THP Q112, Q173-Q176)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.bye_requests import ByeNotAllowed, ByeRequest, bye_request_warning
from tournaments.domain.state import Outcome
from tournaments.domain.warnings import Level

HALF = ByeRequest(
    name="Anand", kind=Outcome.HALF_BYE, round_number=3, rounds=9, no_byes_last_rounds=2
)


def test_a_first_half_point_bye_or_a_zero_point_bye_needs_nothing() -> None:
    assert bye_request_warning(HALF) is None
    assert bye_request_warning(dataclasses.replace(HALF, kind=Outcome.ZERO_BYE)) is None


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"kind": Outcome.PAIRING_BYE}, "A player may request a full-point, half-point or zero"),
        ({"round_robin": True}, r"every game of the Berger table .* \(C.05 Annex 1\)"),
        ({"round_exists": False}, "There is no round 3."),
        ({"round_paired": True}, "Round 3 is already paired: a bye must be asked before."),
        ({"round_number": 8}, r"No byes in the last 2 round\(s\): round 8 is refused."),
        ({"withdrawn": True}, "Anand has withdrawn."),
        ({"first_round": 4}, "Anand plays from round 4."),
        ({"has_bye_in_round": True}, "Anand already has a bye in round 3."),
        ({"half_point_byes_allowed": False}, "Anand may not take half-point byes"),
    ],
)
def test_a_bye_is_refused_with_its_reason(change: dict[str, object], reason: str) -> None:
    with pytest.raises(ByeNotAllowed, match=reason):
        bye_request_warning(dataclasses.replace(HALF, **change))  # type: ignore[arg-type]


def test_a_second_half_point_bye_is_level_3_and_beyond_the_limit_says_so() -> None:
    second = bye_request_warning(dataclasses.replace(HALF, half_point_byes_taken=1))
    within = bye_request_warning(
        dataclasses.replace(HALF, half_point_byes_taken=1, max_half_point_byes=2)
    )

    assert second is not None and within is not None
    assert (second.level, second.rule) == (Level.CONFIRM, "VCL4THP Q173, Q174")
    assert second.title == "Give Anand a half-point bye number 2, beyond the limit of 1?"
    assert within.title == "Give Anand a half-point bye number 2?"
    assert within.consequences[0] == (
        "Anand already has 1 half-point bye(s); the tournament allows 2."
    )


def test_a_full_point_bye_is_a_notice_that_names_its_score_and_report_entry() -> None:
    notice = bye_request_warning(
        dataclasses.replace(HALF, kind=Outcome.FULL_BYE, full_bye_points=3)
    )

    assert notice is not None
    assert (notice.level, notice.rule) == (Level.NOTICE, "VCL4THP Q112")
    assert "(1½ point(s) here)" in notice.consequences[0]
    assert "“### FPB @ Round 3”" in notice.consequences[1]


@given(
    round_number=st.integers(1, 12),
    rounds=st.integers(1, 12),
    last_without=st.integers(0, 12),
    kind=st.sampled_from([Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE]),
)
def test_no_bye_is_granted_in_the_last_rounds_without_byes(
    round_number: int, rounds: int, last_without: int, kind: Outcome
) -> None:
    request = ByeRequest(
        name="A",
        kind=kind,
        round_number=round_number,
        rounds=rounds,
        no_byes_last_rounds=last_without,
    )

    if round_number > rounds - last_without:
        with pytest.raises(ByeNotAllowed):
            bye_request_warning(request)
    else:
        warning = bye_request_warning(request)
        assert (warning is not None) == (kind is Outcome.FULL_BYE)
