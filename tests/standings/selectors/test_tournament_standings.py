"""`tournament_standings` and `tournament_live_standings`: which rounds count, the list, the
edition and the drawing of lots."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from standings.exceptions import StandingsPlayerNotFound, StandingsRoundUnavailable
from standings.selectors import (
    standings_codes,
    standings_edition,
    standings_lots_seed,
    tournament_live_standings,
    tournament_standings,
)
from standings.tables import player_workings, sorted_lines
from standings.tiebreaks import Edition, compute_standings, parse_codes
from tests.factories import (
    ByeFactory,
    GameFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.standings.selectors.builders import (
    TIEBREAKS,
    WORKED_EXAMPLE,
    four_players,
    round_in_play,
)
from tournaments.domain.state import Outcome
from tournaments.domain.tiebreaks import DEFAULT_TIEBREAKS
from tournaments.domain.trf import parse_trf, tournament_state_from_trf
from tournaments.domain.warnings import Level
from tournaments.models import ByeKind, Result, RoundState, Tournament
from tournaments.services.availability import bye_request

pytestmark = pytest.mark.django_db


def points(standings_lines: object) -> dict[str, Fraction]:
    assert isinstance(standings_lines, tuple)
    return {line.player.name: line.points for line in standings_lines}


def test_the_public_standings_count_completed_rounds_only() -> None:
    tournament, _ = round_in_play()

    standings = tournament_standings(tournament=tournament)

    assert standings.after_round == 1
    assert standings.rounds == (1,)
    assert points(standings.lines) == {
        "Anna": 1,
        "Boris": Fraction(1, 2),
        "Chiara": Fraction(1, 2),
        "Dario": 0,
    }


@pytest.mark.parametrize("after_round", [2, 3, 4, 5])
def test_a_round_in_play_a_draft_or_a_later_round_has_no_public_standings(
    after_round: int,
) -> None:
    tournament, _ = round_in_play()

    with pytest.raises(StandingsRoundUnavailable, match=f"after round {after_round}"):
        tournament_standings(tournament=tournament, after_round=after_round)


def test_the_live_standings_count_the_results_entered_so_far() -> None:
    tournament, _ = round_in_play()

    standings = tournament_live_standings(tournament=tournament)

    assert standings.live and standings.after_round == 2
    assert points(standings.lines) == {
        "Anna": 2,
        "Boris": Fraction(1, 2),
        "Chiara": Fraction(1, 2),
        "Dario": 0,
    }
    assert standings.pending_games == 1
    assert standings.pending == {(2, 2), (2, 4)}


def test_the_draft_round_is_not_counted_live_either() -> None:
    tournament, _ = round_in_play()

    standings = tournament_live_standings(tournament=tournament)

    assert standings.state.rounds_played == 2


def test_without_a_completed_round_the_standings_are_after_round_zero() -> None:
    tournament, _ = four_players()

    standings = tournament_standings(tournament=tournament)

    assert standings.after_round == 0
    assert [line.points for line in standings.lines] == [0, 0, 0, 0]


def test_they_equal_the_pure_api_on_the_same_file(worked_example: Tournament) -> None:
    state = tournament_state_from_trf(parse_trf(WORKED_EXAMPLE.read_text(encoding="utf-8")))
    expected = compute_standings(
        state,
        parse_codes(",".join(["PTS", *TIEBREAKS])),
        edition=Edition.C07_2026,
        lots_seed=standings_lots_seed(worked_example),
    )

    standings = tournament_standings(tournament=worked_example)

    assert [(line.rank, line.player.pairing_number) for line in standings.lines] == [
        (row.rank, row.player_id) for row in expected.rows
    ]
    assert [line.values for line in standings.lines] == [
        tuple(row.values[code] for code in TIEBREAKS) for row in expected.rows
    ]


def test_an_empty_list_gets_the_default_and_recorded_only_codes_are_left_out() -> None:
    default = TournamentFactory.build(tiebreaks=[])
    listed = TournamentFactory.build(tiebreaks=["PTS", "BH/C1", "BC", "BH:GP", "SB", "BH/C1"])

    assert [code.text for code in standings_codes(default)[0]] == list(DEFAULT_TIEBREAKS)
    assert [code.text for code in standings_codes(listed)[0]] == ["BH/C1", "SB"]
    assert standings_codes(listed)[1] == ("BC", "BH:GP")


@pytest.mark.parametrize(
    ("start", "edition"),
    [
        (datetime.date(2024, 7, 31), Edition.C07_2023),
        (datetime.date(2024, 8, 1), Edition.C07_2024),
        (datetime.date(2026, 3, 1), Edition.C07_2026),
        (None, Edition.C07_2026),
    ],
)
def test_the_edition_is_the_one_in_force_on_the_start_date(
    start: datetime.date | None, edition: Edition
) -> None:
    assert standings_edition(TournamentFactory.build(start_date=start)) == edition


def test_ties_left_are_broken_by_lots_seeded_by_the_tournament_and_repeatable() -> None:
    tournament, _ = four_players(tiebreaks=["BH"], drawing_of_lots=True)

    first = tournament_standings(tournament=tournament)
    again = tournament_standings(tournament=Tournament.objects.get(pk=tournament.pk))

    assert first.lots_seed == f"tournament {tournament.pk}"
    assert [line.lot for line in first.lines] == [1, 2, 3, 4]
    assert [line.rank for line in first.lines] == [1, 2, 3, 4]
    assert [line.player.pk for line in first.lines] == [line.player.pk for line in again.lines]


def test_without_the_drawing_of_lots_ties_left_share_the_place() -> None:
    # Q203: the tournament's rules ask for no drawing of lots (the default).
    tournament, _ = four_players(tiebreaks=["BH"])

    standings = tournament_standings(tournament=tournament)

    assert [line.lot for line in standings.lines] == [None] * 4
    assert [line.rank for line in standings.lines] == [1, 1, 1, 1]


def test_sorting_puts_undefined_values_last_and_keeps_rank_order_in_ties() -> None:
    tournament, players = four_players()
    players[0].fide_rating = 0
    players[0].save()
    standings = tournament_standings(tournament=tournament)

    lines, applied = sorted_lines(standings, "rating")

    assert applied == "rating"
    assert [line.player.name for line in lines] == ["Boris", "Chiara", "Dario", "Anna"]


def test_an_unknown_player_is_refused() -> None:
    tournament, _ = four_players()

    with pytest.raises(StandingsPlayerNotFound):
        tournament_standings(tournament=tournament).line(99)


def test_each_working_ends_at_the_value_in_the_table(worked_example: Tournament) -> None:
    standings = tournament_standings(tournament=worked_example)

    for line in standings.lines:
        workings = player_workings(standings, line.player.pairing_number)
        assert [working.value for working in workings] == [line.points, *line.values]


def test_a_cut_round_is_marked_with_its_reason_and_a_bye_has_a_virtual_opponent(
    worked_example: Tournament,
) -> None:
    standings = tournament_standings(tournament=worked_example)

    oscar = {w.column.text: w for w in player_workings(standings, 12)}

    absent = oscar["BH/C1"].rounds[1]
    assert (absent.round, absent.virtual, absent.outcome) == (2, True, Outcome.ZERO_BYE)
    assert absent.cut.startswith("voluntary unplayed round")
    assert [item.cut for item in oscar["BH"].rounds] == [""] * 6


def test_a_requested_full_point_bye_counts_as_a_win_in_the_standings() -> None:
    tournament, (anna, boris, chiara, dario) = four_players()
    arbiter = UserFactory.create()
    for number in range(1, 5):
        RoundFactory.create(tournament=tournament, number=number)
    bye_request(
        player=dario, round_number=1, kind=ByeKind.FULL_POINT, by=arbiter, confirmed=Level.NOTICE
    )
    first = tournament.round_set.get(number=1)
    GameFactory.create(round=first, board=1, white=anna, black=boris, result=Result.DRAW)
    ByeFactory.create(round=first, player=chiara, kind=ByeKind.PAIRING_ALLOCATED)
    tournament.round_set.filter(number=1).update(state=RoundState.COMPLETED)

    standings = tournament_standings(tournament=tournament)

    assert points(standings.lines)["Dario"] == 1
    assert points(standings.lines)["Anna"] == Fraction(1, 2)
