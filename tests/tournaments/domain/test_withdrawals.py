"""When a player may withdraw or come back, without a database (C.04.2 D.3; Q197-Q198)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.warnings import Level
from tournaments.domain.withdrawals import StatusRefused, check_withdrawal, reinstatement_notice


def test_a_player_withdraws_from_a_round_not_yet_paired() -> None:
    check_withdrawal(
        name="Tal", withdrawn=False, withdrawn_from=None, from_round=4, first_open=4, rounds=9
    )
    with pytest.raises(StatusRefused, match="Choose a round not yet paired: 4 to 9."):
        check_withdrawal(
            name="Tal", withdrawn=False, withdrawn_from=None, from_round=3, first_open=4, rounds=9
        )
    with pytest.raises(StatusRefused, match="Every round is paired: enter the remaining games"):
        check_withdrawal(
            name="Tal", withdrawn=False, withdrawn_from=None, from_round=9, first_open=10, rounds=9
        )
    with pytest.raises(StatusRefused, match=r"Tal has already withdrawn \(from round 2\)."):
        check_withdrawal(
            name="Tal", withdrawn=True, withdrawn_from=2, from_round=5, first_open=4, rounds=9
        )


def test_coming_back_is_a_notice_that_counts_the_rounds_missed() -> None:
    notice = reinstatement_notice(
        name="Tal", withdrawn=True, withdrawn_from=3, first_open=6, rounds=9
    )

    assert notice.level is Level.NOTICE
    assert notice.title == "Tal comes back from round 6."
    assert notice.consequences == (
        "Rounds 3-5 stay unplayed: zero points.",
        "Tal is paired again from round 6.",
    )
    same_round = reinstatement_notice(
        name="Tal", withdrawn=True, withdrawn_from=6, first_open=6, rounds=9
    )
    assert same_round.consequences[0] == "No round was missed."


def test_only_a_withdrawn_player_comes_back_and_only_to_a_round_left() -> None:
    with pytest.raises(StatusRefused, match="Tal has not withdrawn."):
        reinstatement_notice(
            name="Tal", withdrawn=False, withdrawn_from=None, first_open=2, rounds=9
        )
    with pytest.raises(StatusRefused, match="there is no round left to play"):
        reinstatement_notice(name="Tal", withdrawn=True, withdrawn_from=2, first_open=10, rounds=9)


@given(from_round=st.integers(1, 12), first_open=st.integers(1, 13), rounds=st.integers(1, 12))
def test_a_withdrawal_never_reaches_into_a_paired_round(
    from_round: int, first_open: int, rounds: int
) -> None:
    allowed = True
    try:
        check_withdrawal(
            name="A",
            withdrawn=False,
            withdrawn_from=None,
            from_round=from_round,
            first_open=first_open,
            rounds=rounds,
        )
    except StatusRefused:
        allowed = False

    assert allowed == (first_open <= from_round <= rounds)
