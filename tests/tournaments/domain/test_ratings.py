"""The tournament rating (TRF-2026 172; VCL Q145), unrated players in the rating-based
tie-breaks (C.07 10; Q208-Q209) and ratings per round in long events (Q210-Q216): pure rules."""

from __future__ import annotations

import datetime

import pytest

from tournaments.domain.ratings import (
    PlayerRatings,
    RatingMethod,
    UnratedMethod,
    is_long_event,
    long_event_advice,
    rating_based,
    rating_in_round,
    round_ratings,
    tournament_rating,
    unrated_rating,
)
from tournaments.domain.state import PlayerId
from tournaments.domain.trf.model import TrfWriteError
from tournaments.domain.trf.national import (
    NationalLineError,
    NationalRating,
    NationalSupport,
    method_line,
    nrs_line,
    read_national,
)

BOTH = PlayerRatings(fide=2100, national=2250, manual=2300)
FIDE_ONLY = PlayerRatings(fide=2100)
NATIONAL_ONLY = PlayerRatings(national=1850)
MANUAL_ONLY = PlayerRatings(manual=1500)


@pytest.mark.parametrize(
    ("method", "expected"),
    [
        # (both ratings, FIDE only, national only, manual only)
        (RatingMethod.FIDE, (2100, 2100, 0, 0)),
        (RatingMethod.NRO, (2250, 0, 1850, 0)),
        (RatingMethod.FIDON, (2100, 2100, 1850, 0)),
        (RatingMethod.NIDOF, (2250, 2100, 1850, 0)),
        (RatingMethod.HBFN, (2300, 2100, 1850, 1500)),
        (RatingMethod.OTHER, (2300, 0, 0, 1500)),
    ],
)
def test_each_method_picks_its_rating(method: RatingMethod, expected: tuple[int, ...]) -> None:
    players = (BOTH, FIDE_ONLY, NATIONAL_ONLY, MANUAL_ONLY)

    assert tuple(tournament_rating(method, ratings) for ratings in players) == expected


def test_hbfn_takes_the_highest_whichever_it_is() -> None:
    assert tournament_rating(RatingMethod.HBFN, PlayerRatings(2400, 2200, 0)) == 2400
    assert tournament_rating(RatingMethod.HBFN, PlayerRatings(2000, 2200, 0)) == 2200


def test_c07_leaves_the_rating_tiebreaks_undefined_by_default() -> None:
    assert unrated_rating(UnratedMethod.UNDEFINED, [2000, 0], fixed=1400) is None


def test_a_fixed_rating_may_be_zero() -> None:
    assert unrated_rating(UnratedMethod.FIXED, [2000, 0], fixed=1400) == 1400
    assert unrated_rating(UnratedMethod.FIXED, [2000, 0], fixed=0) == 0


def test_the_field_minimum_is_the_lowest_rated_player() -> None:
    assert unrated_rating(UnratedMethod.FIELD_MINIMUM, [2000, 0, 1650, 1800]) == 1650
    assert unrated_rating(UnratedMethod.FIELD_MINIMUM, [0, 0]) is None


def test_over_30_days_is_a_long_event() -> None:
    start = datetime.date(2026, 9, 1)

    assert not is_long_event(start, start + datetime.timedelta(days=29))  # 30 days
    assert is_long_event(start, start + datetime.timedelta(days=30))  # 31 days
    assert not is_long_event(start, None)


def test_the_rating_valid_in_a_round_is_the_latest_that_applies() -> None:
    later = [(6, 2150), (3, 2120)]

    ratings = [rating_in_round(2100, later, number) for number in range(1, 8)]

    assert ratings == [2100, 2100, 2120, 2120, 2120, 2150, 2150]


def test_round_ratings_cover_every_player_and_round() -> None:
    one, two = PlayerId(1), PlayerId(2)

    table = round_ratings({one: 2000, two: 0}, {two: [(2, 1700)]}, 3)

    assert table == {
        (1, one): 2000,
        (2, one): 2000,
        (3, one): 2000,
        (1, two): 0,
        (2, two): 1700,
        (3, two): 1700,
    }


def test_a_long_event_is_advised_against_rating_based_tiebreaks() -> None:
    assert rating_based(["BH/C1", "ARO/C1", "TPR", "SB", "APRO"]) == ["ARO/C1", "TPR", "APRO"]
    assert rating_based(["TPN", "RTNG/R", "STD"]) == ["RTNG/R"]  # C.07 2026 10.6
    advice = long_event_advice(True, ["BH/C1", "ARO/C1"])
    assert advice is not None and "ARO/C1" in advice and "C.07" in advice
    assert long_event_advice(True, ["BH/C1", "SB"]) is None
    assert long_event_advice(False, ["ARO"]) is None


def test_the_172_line_names_the_federation_and_method() -> None:
    line = method_line("ITA", RatingMethod.FIDON)

    assert line == "172 ITA FIDON"
    assert line[4:7] == "ITA" and line[8:13] == "FIDON"


def test_an_nrs_record_has_the_001_columns() -> None:
    record = NationalRating(
        federation="ITA",
        pairing_number=12,
        rating=1875,
        name="Rossi, Mario",
        sex="m",
        origin="ITA",
        birth_date="1990/05/04",
    )

    line = nrs_line(record)

    assert line[0:3] == "ITA"
    assert line[4:8] == "  12"
    assert line[9] == "m"
    assert line[14:47].rstrip() == "Rossi, Mario"
    assert line[48:52] == "1875"
    assert line[53:56] == "ITA"
    assert line[69:79] == "1990/05/04"


def test_an_nrs_record_refuses_what_does_not_fit() -> None:
    with pytest.raises(TrfWriteError, match="pairing number"):
        nrs_line(NationalRating(federation="ITA", pairing_number=10000, rating=1800))


def test_the_172_line_and_nrs_records_read_back() -> None:
    lines = [
        "012 Open",
        method_line("ITA", RatingMethod.NIDOF),
        nrs_line(NationalRating(federation="ITA", pairing_number=3, rating=1875, name="Rossi")),
        nrs_line(NationalRating(federation="ITA", pairing_number=12, rating=0, name="Bianchi")),
        "XXY 1234 something",
    ]

    support = read_national(lines)

    assert support.method is RatingMethod.NIDOF
    assert support.ratings == {3: 1875, 12: 0}
    assert read_national(["012 Open"]) == NationalSupport()


def test_an_unreadable_nrs_line_is_refused() -> None:
    line = "ITA    7 m    Rossi" + " " * 29 + "18x5"
    with pytest.raises(NationalLineError, match="NRS record of player 7: rating '18x5'"):
        read_national([line])


@pytest.mark.parametrize("method", ["LBFN", "F"])
def test_an_unknown_172_method_is_kept_to_be_reported_not_refused(method: str) -> None:
    support = read_national([f"172 ITA {method}"])

    assert (support.method, support.unknown_method) == (None, method)
