"""The rules of a settings change, without a database: what round 1's pairing fixes, the Baku
locks, the level of each risky change (C.04.1; C.04.2 B; C.04.7; VCL4THP Q57-Q62, Q109-Q110,
Q201-Q202)."""

from __future__ import annotations

import dataclasses
import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.configuration import finality_changes
from tournaments.domain.settings_changes import (
    SettingLocked,
    Setup,
    SetupRefused,
    check_dates,
    check_setup,
    settings_change,
)
from tournaments.domain.state import Points, Scoring
from tournaments.domain.warnings import Level

SWISS = Setup(
    rounds=9,
    tiebreaks=("BH:C1", "BH", "SB"),
    fixed={"format": "swiss", "points_win": 2, "initial_color": "white"},
)


def test_an_unchanged_tournament_needs_nothing_at_any_time() -> None:
    for last_paired in (0, 1, 5, 9):
        assert settings_change(SWISS, SWISS, last_paired=last_paired, players=20) == []


def test_before_round_1_every_setting_may_change() -> None:
    after = dataclasses.replace(
        SWISS,
        rounds=7,
        tiebreaks=("SB",),
        baku_acceleration=True,
        fixed={"format": "swiss", "points_win": 3, "initial_color": "black"},
        scoring=Scoring(win=Points(2), draw=Points(1), loss=Points(0)),
    )

    assert settings_change(SWISS, after, last_paired=0, players=20) == []


def test_before_round_1_too_many_rounds_for_the_field_is_a_notice() -> None:
    (warning,) = settings_change(
        SWISS, dataclasses.replace(SWISS, rounds=12), last_paired=0, players=8
    )

    assert (warning.level, warning.rule) == (Level.NOTICE, "VCL4THP Q62")
    assert "12 rounds cannot be paired for 8 players" in warning.consequences[0]


def test_after_round_1_a_fixed_setting_is_refused_and_named() -> None:
    after = dataclasses.replace(SWISS, fixed={**SWISS.fixed, "points_win": 3, "format": "rr"})

    with pytest.raises(SettingLocked, match=r"can no longer change \(format, points_win\)"):
        settings_change(SWISS, after, last_paired=1, players=20)


@pytest.mark.parametrize(("on_before", "on_after"), [(False, True), (True, False)])
def test_after_round_1_baku_acceleration_is_neither_switched_on_nor_off(
    on_before: bool, on_after: bool
) -> None:
    before = dataclasses.replace(SWISS, baku_acceleration=on_before)
    after = dataclasses.replace(SWISS, baku_acceleration=on_after)

    with pytest.raises(SettingLocked, match=r"checklist Q109, Q110"):
        settings_change(before, after, last_paired=1, players=20)


def test_rounds_that_change_the_accelerated_rounds_are_refused_after_the_start() -> None:
    before = dataclasses.replace(SWISS, baku_acceleration=True)  # 9 rounds: 5 accelerated

    with pytest.raises(SettingLocked, match="the first 5 of 9 .* 11 rounds would change them"):
        settings_change(before, dataclasses.replace(before, rounds=11), last_paired=2, players=30)
    (warning,) = settings_change(
        before, dataclasses.replace(before, rounds=10), last_paired=2, players=30
    )  # 10 rounds: still 5 accelerated
    assert warning.level is Level.DOUBLE_CONFIRM


def test_more_rounds_after_the_start_needs_level_4_and_names_the_report_entry() -> None:
    (warning,) = settings_change(
        SWISS, dataclasses.replace(SWISS, rounds=11), last_paired=3, players=30
    )

    assert (warning.level, warning.rule) == (Level.DOUBLE_CONFIRM, "VCL4THP Q58, Q59")
    assert warning.title == "Change the number of rounds from 9 to 11?"
    assert "“### Configuration @ Round 3”" in warning.consequences[1]


def test_fewer_rounds_than_are_paired_is_refused() -> None:
    with pytest.raises(SettingLocked, match="Round 5 is already paired: .* at least 5 rounds"):
        settings_change(SWISS, dataclasses.replace(SWISS, rounds=4), last_paired=5, players=30)


def test_more_rounds_than_the_field_can_pair_is_refused_after_the_start() -> None:
    with pytest.raises(SetupRefused, match="12 rounds cannot be paired for 8 players"):
        settings_change(SWISS, dataclasses.replace(SWISS, rounds=12), last_paired=2, players=8)


@pytest.mark.parametrize(
    ("last_paired", "new_rounds", "title"),
    [
        (9, 11, "Round 9 was paired as the last round:"),
        (7, 7, "Round 7 was paired as an ordinary round:"),
    ],
)
def test_the_last_paired_round_keeps_its_place(
    last_paired: int, new_rounds: int, title: str
) -> None:
    after = dataclasses.replace(SWISS, rounds=new_rounds, tiebreaks=("SB",))

    (warning,) = settings_change(SWISS, after, last_paired=last_paired, players=30)

    assert (warning.level, warning.rule, warning.title) == (Level.REFUSED, "VCL4THP Q60", title)


def test_tiebreaks_after_the_start_need_level_4_and_keep_the_previous_list() -> None:
    after = dataclasses.replace(SWISS, tiebreaks=())

    (warning,) = settings_change(SWISS, after, last_paired=4, players=30)

    assert (warning.level, warning.rule) == (Level.DOUBLE_CONFIRM, "VCL4THP Q201, Q202")
    assert warning.consequences[0] == (
        "The announced tie-breaks were BH:C1, BH, SB; the standings will use none."
    )


def test_rounds_and_tiebreaks_changed_together_give_two_warnings() -> None:
    after = dataclasses.replace(SWISS, rounds=10, tiebreaks=("SB",))

    warnings = settings_change(SWISS, after, last_paired=4, players=30)

    assert [w.rule for w in warnings] == ["VCL4THP Q58, Q59", "VCL4THP Q201, Q202"]


def test_a_round_robin_is_not_asked_about_its_rounds_before_the_start() -> None:
    robin = Setup(rounds=15, round_robin=True, tiebreaks=("SB",))

    assert settings_change(robin, robin, last_paired=0, players=4) == []


def test_a_set_up_that_makes_no_sense_names_every_problem() -> None:
    nonsense = Scoring(win=Points(2), draw=Points(2), loss=Points(0), pairing_bye=Points(3))
    robin = Setup(rounds=3, round_robin=True, tiebreaks=("BH",), scoring=nonsense)

    with pytest.raises(SetupRefused) as refused:
        check_setup(robin)

    assert [reason.template[:20] for reason in refused.value.reasons] == [
        "Two draws (%(draws)s",
        "A pairing-allocated ",
        "A round robin cannot",
    ]


def test_baku_acceleration_is_refused_in_a_round_robin_and_under_3_1_0() -> None:
    with pytest.raises(SetupRefused, match=r"for Swiss tournaments \(C.04.7\)"):
        check_setup(Setup(rounds=3, round_robin=True, baku_acceleration=True))
    three_one_zero = Scoring(win=Points(6), draw=Points(2), loss=Points(0), pairing_bye=Points(6))
    with pytest.raises(SetupRefused, match=r"C.04.7 1.1"):
        check_setup(Setup(rounds=9, baku_acceleration=True, scoring=three_one_zero))


def test_dates_and_the_number_of_rounds_are_checked() -> None:
    day = datetime.date(2026, 5, 1)
    check_dates(start=day, end=day, rounds=99)
    with pytest.raises(SettingLocked, match="cannot end before it starts"):
        check_dates(start=day, end=day - datetime.timedelta(days=1), rounds=9)
    for rounds in (0, 100):
        with pytest.raises(SettingLocked, match="1 to 99 rounds"):
            check_dates(start=None, end=None, rounds=rounds)


settings = st.builds(
    Setup,
    rounds=st.integers(1, 15),
    tiebreaks=st.sampled_from([(), ("SB",), ("BH", "SB")]),
    baku_acceleration=st.booleans(),
    fixed=st.fixed_dictionaries({"format": st.sampled_from(["swiss", "rr"])}),
)


@given(before=settings, after=settings, players=st.integers(0, 40))
def test_before_round_1_nothing_is_refused_nor_more_than_a_notice(
    before: Setup, after: Setup, players: int
) -> None:
    warnings = settings_change(before, after, last_paired=0, players=players)

    assert all(warning.level is Level.NOTICE for warning in warnings)


@given(before=settings, after=settings, last_paired=st.integers(1, 15))
def test_after_round_1_a_change_is_refused_or_needs_level_4_and_a_kept_one_nothing(
    before: Setup, after: Setup, last_paired: int
) -> None:
    try:
        warnings = settings_change(before, after, last_paired=last_paired, players=40)
    except SettingLocked:
        assert (
            before.fixed != after.fixed
            or before.baku_acceleration != after.baku_acceleration
            or (after.rounds != before.rounds)
        )
        return
    levels = {warning.level for warning in warnings}
    if after.rounds == before.rounds and after.tiebreaks == before.tiebreaks:
        assert warnings == []
    elif finality_changes(last_paired=last_paired, rounds=before.rounds, new_rounds=after.rounds):
        assert levels == {Level.REFUSED}
    else:
        assert levels == {Level.DOUBLE_CONFIRM}
