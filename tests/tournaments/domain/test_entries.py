"""Online entries' rules (issue 32): window, FIDE registration deadline (B.02 0.2.1), rating
limits, duplicates, the cap and its waiting list, moves and fees. Pure: no Django."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.domain.entries import (
    Entrant,
    EntryRefused,
    EntryStatus,
    FeeRefused,
    FeeStatus,
    PriorEntry,
    Queued,
    RefusalKind,
    SectionTerms,
    check_decision,
    check_fee,
    decide_entry,
    fide_entry_deadline,
    is_same_player,
    move_status,
    promoted,
    sections_allowed,
)
from tournaments.domain.sections import RatingLimits

UTC = datetime.UTC
START = datetime.date(2026, 7, 10)
NOW = datetime.datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def entrant(**changes: object) -> Entrant:
    values: dict[str, object] = {
        "fide_id": "1503014",
        "name": "Carlsen, Magnus",
        "birth_year": 1990,
        "rating": 1850,
        "female": False,
    }
    values.update(changes)
    return Entrant(**values)  # type: ignore[arg-type]


def section(**changes: object) -> SectionTerms:
    values: dict[str, object] = {
        "section_id": 1,
        "name": "Open B",
        "limits": RatingLimits(lowest=1600, highest=2000),
        "rated": True,
        "start": START,
        "opens_at": datetime.datetime(2026, 5, 1, tzinfo=UTC),
        "closes_at": datetime.datetime(2026, 7, 9, 20, 0, tzinfo=UTC),
        "cap": 3,
        "places_taken": 0,
    }
    values.update(changes)
    return SectionTerms(**values)  # type: ignore[arg-type]


def refusal(call: object) -> RefusalKind:
    assert callable(call)
    with pytest.raises(EntryRefused) as raised:
        call()
    return raised.value.kind


def test_an_entry_within_the_limits_and_the_window_is_pending() -> None:
    assert decide_entry(entrant(), section(), [], NOW) is EntryStatus.PENDING


def test_it_refuses_an_entry_before_the_form_opens_and_from_its_closing_time() -> None:
    early = datetime.datetime(2026, 4, 30, 23, 59, tzinfo=UTC)
    closing = datetime.datetime(2026, 7, 9, 20, 0, tzinfo=UTC)
    assert refusal(lambda: decide_entry(entrant(), section(), [], early)) is RefusalKind.NOT_OPEN
    assert refusal(lambda: decide_entry(entrant(), section(), [], closing)) is RefusalKind.CLOSED
    just_before = closing - datetime.timedelta(seconds=1)
    assert decide_entry(entrant(), section(), [], just_before) is EntryStatus.PENDING


def test_it_refuses_ratings_above_the_highest_and_below_the_lowest() -> None:
    high = entrant(rating=2001)
    low = entrant(rating=1599)
    assert refusal(lambda: decide_entry(high, section(), [], NOW)) is RefusalKind.RATING_TOO_HIGH
    assert refusal(lambda: decide_entry(low, section(), [], NOW)) is RefusalKind.RATING_TOO_LOW
    for rating in (1600, 2000):
        assert decide_entry(entrant(rating=rating), section(), [], NOW) is EntryStatus.PENDING


def test_an_unrated_player_passes_a_highest_limit_and_no_lowest() -> None:
    unrated = entrant(rating=0)
    open_c = section(limits=RatingLimits(highest=1600))
    assert decide_entry(unrated, open_c, [], NOW) is EntryStatus.PENDING
    assert refusal(lambda: decide_entry(unrated, section(), [], NOW)) is RefusalKind.RATING_TOO_LOW


def test_the_sections_offered_are_those_whose_limits_allow_the_rating() -> None:
    a = section(section_id=1, name="A", limits=RatingLimits(lowest=2000))
    b = section(section_id=2, name="B", limits=RatingLimits(lowest=1600, highest=2000))
    c = section(section_id=3, name="C", limits=RatingLimits(highest=1599))
    blitz = section(section_id=4, name="Blitz", limits=RatingLimits())
    names = [each.name for each in sections_allowed(2000, [a, b, c, blitz])]
    assert names == ["A", "B", "Blitz"]
    assert [each.name for each in sections_allowed(0, [a, b, c, blitz])] == ["C", "Blitz"]


def test_a_2700_player_enters_a_rated_section_until_30_days_before_its_start() -> None:
    top = entrant(rating=2701, fide_id="1")
    open_a = section(limits=RatingLimits(lowest=2000))
    assert fide_entry_deadline(top, open_a) == datetime.date(2026, 6, 10)
    last_day = datetime.datetime(2026, 6, 10, 23, 59, tzinfo=UTC)
    assert decide_entry(top, open_a, [], last_day) is EntryStatus.PENDING
    late = datetime.datetime(2026, 6, 11, 0, 0, tzinfo=UTC)
    assert refusal(lambda: decide_entry(top, open_a, [], late)) is RefusalKind.FIDE_DEADLINE


def test_the_30_day_rule_follows_b02_thresholds() -> None:
    rated = section(limits=RatingLimits())
    assert fide_entry_deadline(entrant(rating=2700), rated) is None  # "in excess of 2700"
    assert fide_entry_deadline(entrant(rating=2501, female=True), rated) is not None
    assert fide_entry_deadline(entrant(rating=2501, female=False), rated) is None
    assert fide_entry_deadline(entrant(rating=2500, female=True), rated) is None
    unrated_section = section(limits=RatingLimits(), rated=False)
    assert fide_entry_deadline(entrant(rating=2800), unrated_section) is None
    assert fide_entry_deadline(entrant(rating=2800), section(start=None)) is None


def test_a_second_entry_of_the_same_player_is_a_duplicate_in_any_section() -> None:
    prior = [
        PriorEntry(
            fide_id="1503014", name="X", birth_year=None, section_id=9, status=EntryStatus.WAITING
        )
    ]
    assert refusal(lambda: decide_entry(entrant(), section(), prior, NOW)) is RefusalKind.DUPLICATE


def test_a_refused_entry_does_not_make_a_duplicate() -> None:
    prior = [
        PriorEntry(
            fide_id="1503014", name="X", birth_year=None, section_id=1, status=EntryStatus.REFUSED
        )
    ]
    assert decide_entry(entrant(), section(), prior, NOW) is EntryStatus.PENDING


def test_players_without_fide_id_are_told_apart_by_name_and_birth_year() -> None:
    newcomer = entrant(fide_id="", name="Dupont,  Jean", birth_year=2010)
    same = PriorEntry(
        fide_id="", name="dupont, jean", birth_year=2010, section_id=1, status=EntryStatus.PENDING
    )
    namesake = PriorEntry(
        fide_id="", name="Dupont, Jean", birth_year=1970, section_id=1, status=EntryStatus.PENDING
    )
    unknown_year = PriorEntry(
        fide_id="", name="Dupont, Jean", birth_year=None, section_id=1, status=EntryStatus.PENDING
    )
    assert is_same_player(newcomer, same)
    assert not is_same_player(newcomer, namesake)
    assert is_same_player(newcomer, unknown_year)
    other_id = PriorEntry(
        fide_id="7", name="Dupont, Jean", birth_year=2010, section_id=1, status=EntryStatus.PENDING
    )
    assert not is_same_player(entrant(fide_id="8", name="Dupont, Jean"), other_id)


def test_a_full_section_puts_the_entry_on_the_waiting_list() -> None:
    full = section(cap=3, places_taken=3)
    assert decide_entry(entrant(), full, [], NOW) is EntryStatus.WAITING
    assert decide_entry(entrant(), section(cap=None, places_taken=500), [], NOW) is (
        EntryStatus.PENDING
    )


def test_decided_entries_are_not_decided_again() -> None:
    for status in (EntryStatus.APPROVED, EntryStatus.REFUSED):
        assert refusal(lambda status=status: check_decision(status)) is (
            RefusalKind.ALREADY_DECIDED
        )
    check_decision(EntryStatus.PENDING)
    check_decision(EntryStatus.WAITING)


def test_a_move_takes_a_place_in_the_target_or_waits_there() -> None:
    open_a = section(section_id=2, name="Open A", limits=RatingLimits(lowest=2000), cap=1)
    assert move_status(1, open_a) is EntryStatus.PENDING
    full_a = section(section_id=2, name="Open A", cap=1, places_taken=1)
    assert move_status(1, full_a) is EntryStatus.WAITING
    assert refusal(lambda: move_status(2, open_a)) is RefusalKind.SAME_SECTION


def test_fees_hold_together() -> None:
    check_fee(FeeStatus.DUE, 3000, "")
    check_fee(FeeStatus.PAID, 3000, "cash")
    check_fee(FeeStatus.WAIVED, 0, "")
    for status, amount, method in (
        (FeeStatus.DUE, -1, ""),
        (FeeStatus.PAID, 3000, "  "),
        (FeeStatus.WAIVED, 0, "cash"),
    ):
        with pytest.raises(FeeRefused):
            check_fee(status, amount, method)


statuses = st.sampled_from(list(EntryStatus))
queues = st.lists(statuses, max_size=30).map(
    lambda found: [Queued(index, status) for index, status in enumerate(found)]
)


@given(queues, st.one_of(st.none(), st.integers(min_value=0, max_value=30)))
def test_promotion_fills_the_free_places_first_come_first_served(
    queue: list[Queued], cap: int | None
) -> None:
    moved = promoted(queue, cap)
    waiting = [queued.entry_id for queued in queue if queued.status is EntryStatus.WAITING]
    holding = sum(1 for queued in queue if queued.status.holds_a_place)
    # the first waiting entries, in order of arrival
    assert moved == waiting[: len(moved)]
    if cap is None:
        assert moved == waiting
    else:
        # never over the cap, and no place left free while someone waits
        assert holding + len(moved) <= max(cap, holding)
        assert len(moved) == min(len(waiting), max(cap - holding, 0))


@given(
    st.lists(st.integers(min_value=0, max_value=3500), max_size=40),
    st.integers(min_value=1, max_value=40),
)
def test_entries_arriving_one_by_one_never_hold_more_places_than_the_cap(
    ratings: list[int], cap: int
) -> None:
    taken = 0
    for index, rating in enumerate(ratings):
        terms = section(limits=RatingLimits(), cap=cap, places_taken=taken)
        one = entrant(fide_id=str(index + 1), rating=min(rating, 2700))
        status = decide_entry(one, terms, [], NOW)
        taken += status.holds_a_place
        assert (status is EntryStatus.WAITING) == (index >= cap)
        assert taken <= cap
    assert taken == min(len(ratings), cap)


@given(
    st.integers(min_value=0, max_value=3500),
    st.one_of(st.none(), st.integers(min_value=0, max_value=3500)),
    st.one_of(st.none(), st.integers(min_value=0, max_value=3500)),
)
def test_a_rating_is_offered_a_section_exactly_when_its_entry_passes_the_limits(
    rating: int, floor: int | None, ceiling: int | None
) -> None:
    terms = section(limits=RatingLimits(lowest=floor, highest=ceiling), rated=False)
    offered = sections_allowed(rating, [terms]) == [terms]
    try:
        decide_entry(entrant(rating=rating), terms, [], NOW)
    except EntryRefused as refused:
        assert not offered
        assert refused.kind in {RefusalKind.RATING_TOO_HIGH, RefusalKind.RATING_TOO_LOW}
    else:
        assert offered


@given(st.integers(min_value=0, max_value=3500), st.booleans(), st.integers(0, 60))
def test_the_fide_deadline_only_ever_refuses_top_players_and_only_inside_30_days(
    rating: int, female: bool, days_before: int
) -> None:
    now = datetime.datetime.combine(
        START - datetime.timedelta(days=days_before), datetime.time(12), tzinfo=UTC
    )
    terms = section(limits=RatingLimits(), opens_at=None, closes_at=None)
    one = entrant(rating=rating, female=female)
    top = rating > 2700 or (female and rating > 2500)
    try:
        decide_entry(one, terms, [], now)
    except EntryRefused as refused:
        assert refused.kind is RefusalKind.FIDE_DEADLINE
        assert top and days_before < 30
    else:
        assert not top or days_before >= 30
