"""The TRF-2026 `222` time control: what reads, its readable `122` form, and the refusals."""

from __future__ import annotations

import pytest

from tournaments.domain.trf.time_control import (
    Armageddon,
    Period,
    TimeControlError,
    describe_time_control,
    parse_time_control,
)


@pytest.mark.parametrize(
    ("code", "periods"),
    [
        ("5400+30", (Period(None, 5400, 30),)),
        ("40/6000+30:900+30", (Period(40, 6000, 30), Period(None, 900, 30))),
        ("40/7200:20/3600:1800", (Period(40, 7200, 0), Period(20, 3600, 0), Period(None, 1800, 0))),
        ("W300-B240", Armageddon(300, 240, 0)),
        ("W300-B240+2", Armageddon(300, 240, 2)),
    ],
)
def test_the_specification_s_forms_read(code: str, periods: object) -> None:
    assert parse_time_control(code) == periods


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("5400+30", "90 min + 30 s/move"),
        ("180+2", "3 min + 2 s/move"),
        (
            "40/6000+30:900+30",
            "40 moves in 100 min + 30 s/move, then rest of the game in 15 min + 30 s/move",
        ),
        ("W300-B240", "Armageddon: White 5 min, Black 4 min"),
        ("90", "1 min 30 s"),
    ],
)
def test_the_readable_form_says_it_in_minutes(code: str, text: str) -> None:
    assert describe_time_control(code) == text


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("", "empty"),
        ("90 minutes", "period 1 '90 minutes' is not M/S"),
        ("5400:40/100", "for the rest of the game, but another follows"),
        ("40/6000", "the last period '40/6000' must be for the rest of the game"),
        ("٥٤٠٠+30", "is not M/S"),
        ("5400+30:", "but another follows"),
        ("40/6000+30:", "period 2 '' is not M/S"),
        ("0+30", "is not M/S"),
    ],
)
def test_what_does_not_read_is_refused_with_its_reason(code: str, reason: str) -> None:
    with pytest.raises(TimeControlError, match=reason):
        describe_time_control(code)
