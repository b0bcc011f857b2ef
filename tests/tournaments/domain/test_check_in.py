"""The check-in's rules (issue 32): codes, the windows, and the absentees' plan (C.04.2 D.2-D.4)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.check_in import (
    CODE_ALPHABET,
    Action,
    CheckInRefused,
    Entrant,
    Mark,
    Window,
    absentees_apply,
    absentees_plan,
    check_desk_open,
    check_self_check_in_open,
    code_text,
    normalized_code,
    shown_code,
)

NOON = datetime(2026, 5, 2, 12, 0, tzinfo=UTC)


@given(st.binary(min_size=7, max_size=32))
def test_a_code_is_ten_characters_read_back_as_printed(digest: bytes) -> None:
    code = code_text(digest)

    assert len(code) == 10 and set(code) <= set(CODE_ALPHABET)
    assert normalized_code(shown_code(code)) == code
    assert normalized_code(f"  {shown_code(code).lower()} ") == code


def test_a_code_takes_the_digest_s_first_fifty_bits() -> None:
    assert code_text(bytes(7)) == "0000000000"
    assert code_text(b"\xff" * 7) == "ZZZZZZZZZZ"
    assert code_text(hashlib.sha256(b"a").digest()) != code_text(hashlib.sha256(b"b").digest())


def test_letters_that_look_like_digits_are_read_as_digits() -> None:
    assert normalized_code("O1IL0-ABCDE") == "01110ABCDE"


@pytest.mark.parametrize("typed", ["", "ABC", "ABCDE-FGHJKM", "ABCDE-FGHJU", "ABCDE FGH!K"])
def test_what_cannot_be_a_code_is_nothing(typed: str) -> None:
    assert normalized_code(typed) == ""


def test_the_desk_marks_players_until_the_round_is_paired_even_after_closing() -> None:
    check_desk_open(Window(3, paired=False, closes_at=NOON, self_check_in=False))

    with pytest.raises(CheckInRefused, match="Round 3 is paired"):
        check_desk_open(Window(3, paired=True, closes_at=None, self_check_in=True))


def test_a_phone_checks_in_before_the_closing_time_only() -> None:
    window = Window(2, paired=False, closes_at=NOON, self_check_in=True)
    check_self_check_in_open(window, NOON - timedelta(seconds=1))

    with pytest.raises(CheckInRefused, match="closed at 12:00"):
        check_self_check_in_open(window, NOON)


def test_a_phone_is_refused_when_the_arbiter_has_not_allowed_it() -> None:
    with pytest.raises(CheckInRefused, match="check in at the desk"):
        check_self_check_in_open(Window(1, False, None, self_check_in=False), NOON)


def test_a_phone_is_refused_once_the_round_is_paired() -> None:
    with pytest.raises(CheckInRefused, match="is paired"):
        check_self_check_in_open(Window(1, True, None, self_check_in=True), NOON)


def _entrants() -> list[Entrant]:
    return [
        Entrant(1, "Present", Mark.PRESENT),
        Entrant(2, "Announced", Mark.ABSENT),
        Entrant(3, "Leaving", Mark.WITHDRAWN),
        Entrant(4, "Silent", None),
        Entrant(5, "Again silent", None, absences_before=1),
    ]


def test_the_plan_leaves_out_everyone_but_the_present_players() -> None:
    plan = absentees_plan(_entrants(), absences_before_withdrawal=2)

    assert [(a.number, a.action, a.without_notice, a.withdrawal_due) for a in plan] == [
        (2, Action.ZERO_BYE, False, False),
        (3, Action.WITHDRAW, False, False),
        (4, Action.ZERO_BYE, True, False),
        (5, Action.ZERO_BYE, True, True),
    ]


def test_the_rule_s_own_limit_offers_the_withdrawal_at_the_first_absence() -> None:
    """C.04.2 D.2: a player absent without notice is treated as withdrawn."""
    plan = absentees_plan([Entrant(4, "Silent", None)], absences_before_withdrawal=1)

    assert plan[0].withdrawal_due


def test_no_limit_never_offers_the_withdrawal() -> None:
    plan = absentees_plan(
        [Entrant(4, "Silent", None, absences_before=7)], absences_before_withdrawal=0
    )

    assert not plan[0].withdrawal_due


def test_a_player_marked_absent_without_notice_earlier_is_still_absent_without_notice() -> None:
    plan = absentees_plan([Entrant(4, "Silent", Mark.NO_SHOW)], absences_before_withdrawal=0)

    assert plan[0].without_notice and plan[0].action is Action.ZERO_BYE


def test_the_arbiter_withdraws_the_absentees_ticked() -> None:
    plan = absentees_plan(_entrants(), absences_before_withdrawal=2)

    done = absentees_apply(plan, shown=[2, 3, 4, 5], withdraw=[5])

    assert [(a.number, a.action) for a in done] == [
        (2, Action.ZERO_BYE),
        (3, Action.WITHDRAW),
        (4, Action.ZERO_BYE),
        (5, Action.WITHDRAW),
    ]


def test_a_plan_that_changed_since_the_page_was_shown_is_refused() -> None:
    plan = absentees_plan(_entrants(), absences_before_withdrawal=2)

    with pytest.raises(CheckInRefused, match="changed since the page was shown"):
        absentees_apply(plan, shown=[2, 3, 4], withdraw=[])


def test_only_absentees_without_notice_can_be_ticked_for_withdrawal() -> None:
    plan = absentees_plan(_entrants(), absences_before_withdrawal=2)

    with pytest.raises(CheckInRefused, match="Only players absent without notice"):
        absentees_apply(plan, shown=[2, 3, 4, 5], withdraw=[2])
