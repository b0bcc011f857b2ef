"""The TRF-2026 order codes STD, TPN and RTNG (C.07 of 1 March 2026) as tie-breaks of the
list, in the web app's menu and in the standings alike (issue 15)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from standings.labels import tiebreak_name
from standings.tiebreaks import Edition, Family, UnknownTiebreak, compute_standings, parse_codes
from tests.standings.tiebreaks.builders import tournament
from tournaments.domain.state import PlayerId, Points, Scoring
from tournaments.domain.tiebreaks import tiebreak_list_problems

# Four players on one point each after two rounds; 1 and 4 unrated.
FOUR = tournament(
    {1: "+W2 -B3", 2: "-B1 +W4", 3: "-W4 +W1", 4: "+B3 -B2"},
    ratings={1: 0, 2: 2100, 3: 1900, 4: 0},
)
THREE_ONE = replace(FOUR, scoring=replace(Scoring(), win=Points(6), draw=Points(2)))


def order(codes: str, *, unrated: int | None = None) -> list[int]:
    standings = compute_standings(
        FOUR, parse_codes(codes), edition=Edition.C07_2026, unrated_rating=unrated, lots=False
    )
    return [row.player_id for row in standings.rows]


def test_tpn_puts_the_lower_pairing_number_first_and_tpn_r_the_higher() -> None:
    assert order("PTS,TPN") == [1, 2, 3, 4]
    assert order("PTS,TPN/R") == [4, 3, 2, 1]


def test_rtng_puts_the_higher_rating_first_an_unrated_player_at_the_rules_rating() -> None:
    assert order("PTS,RTNG,TPN", unrated=0) == [2, 3, 1, 4]
    assert order("PTS,RTNG/R,TPN", unrated=0) == [1, 4, 3, 2]
    assert order("PTS,RTNG,TPN", unrated=2000) == [2, 1, 4, 3]


def test_rtng_is_undefined_for_everyone_with_unrated_players_and_no_rule() -> None:
    # C.07 2026 10.6 puts RTNG among the rating-based tie-breaks, which "must be dropped ...
    # when unrated players are present" unless a rule for them is published (10 preamble);
    # TieBreakServer agrees (issue 39). The next tie-break decides.
    standings = compute_standings(FOUR, parse_codes("PTS,RTNG"), edition=Edition.C07_2026)
    assert {row.values["RTNG"] for row in standings.rows} == {None}
    assert order("PTS,RTNG,TPN") == [1, 2, 3, 4]
    assert order("PTS,RTNG/R,TPN/R") == [4, 3, 2, 1]
    rated = replace(FOUR, players=tuple(replace(p, rating=p.rating or 1500) for p in FOUR.players))
    values = compute_standings(rated, parse_codes("PTS,RTNG"), edition=Edition.C07_2026).rows
    assert {row.player_id: row.values["RTNG"] for row in values}[PlayerId(1)] == Fraction(1500)


def test_std_counts_standard_points_whatever_the_scoring() -> None:
    standings = compute_standings(THREE_ONE, parse_codes("PTS,STD"), edition=Edition.C07_2026)
    values = {row.player_id: (row.values["PTS"], row.values["STD"]) for row in standings.rows}
    assert values[PlayerId(1)] == (Fraction(3), Fraction(1))


def test_an_order_code_applies_where_the_list_puts_it() -> None:
    assert order("PTS,TPN/R,RTNG") == [4, 3, 2, 1]


def test_the_menu_accepts_them_and_r_only_on_tpn_and_rtng() -> None:
    assert tiebreak_list_problems(["BH/C1", "STD", "RTNG", "TPN/R"]) == []
    assert tiebreak_list_problems(["STD/R"]) == ["Unknown tie-break: STD/R."]
    assert tiebreak_list_problems(["BH/R"]) == ["Unknown tie-break: BH/R."]
    with pytest.raises(UnknownTiebreak, match="only TPN and RTNG take /R"):
        parse_codes("SB/R")
    assert [code.family for code in parse_codes("STD,TPN,RTNG/R")] == [
        Family.STD,
        Family.TPN,
        Family.RTNG,
    ]
    assert [tiebreak_name(code) for code in parse_codes("TPN/R,RTNG")] == [
        "Pairing number reversed",
        "Rating",
    ]


def test_man_ranks_by_the_values_entered_higher_first_and_none_last() -> None:
    # Q207: values computed elsewhere; players 2 and 4 have none.
    manual = {PlayerId(1): Fraction(1, 2), PlayerId(3): Fraction(7, 4)}
    standings = compute_standings(
        FOUR, parse_codes("PTS,MAN,TPN"), edition=Edition.C07_2026, manual=manual
    )

    assert [row.player_id for row in standings.rows] == [3, 1, 2, 4]
    assert [row.values["MAN"] for row in standings.rows] == [
        Fraction(7, 4),
        Fraction(1, 2),
        None,
        None,
    ]
    assert standings.breakdown(PlayerId(2), "MAN").note == "no value entered"
