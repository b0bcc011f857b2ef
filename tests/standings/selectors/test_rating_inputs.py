"""The rating-based tie-breaks in the standings: the tournament rating (VCL Q145), unrated
players (C.07 10; Q208-Q209) and ratings per round in a tournament over 30 days (Q210-Q216)."""

from __future__ import annotations

import datetime
from fractions import Fraction

import pytest

from standings.selectors import rating_inputs, tournament_standings
from tests.factories import GameFactory, RoundFactory
from tests.standings.selectors.builders import four_players
from tournaments.models import Player, Result, RoundState, Tournament
from tournaments.models.players import PlayerRating
from tournaments.models.tournament import TiebreakRatings, TournamentRatingMethod, UnratedRule
from tournaments.selectors.state import tournament_state_from_db

pytestmark = pytest.mark.django_db


def two_rounds(**fields: object) -> tuple[Tournament, list[Player]]:
    """Ratings 2300, 2200, 2100, 2000 (FIDE); round 1 Anna-Dario 1-0, Boris-Chiara ½-½;
    round 2 Chiara-Anna 0-1, Dario-Boris ½-½; tie-breaks ARO then TPR."""
    tournament, players = four_players(tiebreaks=["ARO", "TPR"], **fields)
    anna, boris, chiara, dario = players
    for number, games in (
        (1, ((anna, dario, Result.WHITE_WINS), (boris, chiara, Result.DRAW))),
        (2, ((chiara, anna, Result.BLACK_WINS), (dario, boris, Result.DRAW))),
    ):
        rnd = RoundFactory.create(tournament=tournament, number=number, state=RoundState.COMPLETED)
        for board, (white, black, result) in enumerate(games, start=1):
            GameFactory.create(round=rnd, board=board, white=white, black=black, result=result)
    return tournament, players


def aro(tournament: Tournament) -> dict[str, Fraction | None]:
    standings = tournament_standings(tournament=tournament)
    return {line.player.name: line.values[0] for line in standings.lines}


def test_aro_uses_the_tournament_rating_of_the_method() -> None:
    """Q145: with NRO, Anna's opponents count their national ratings."""
    tournament, (anna, boris, chiara, dario) = two_rounds(rating_method=TournamentRatingMethod.NRO)
    Player.objects.filter(pk=dario.pk).update(national_rating=1900)
    Player.objects.filter(pk=chiara.pk).update(national_rating=2150)
    Player.objects.filter(pk__in=[anna.pk, boris.pk]).update(national_rating=2000)

    values = aro(tournament)

    assert values["Anna"] == Fraction(2025)  # (1900 + 2150) / 2
    standings = tournament_standings(tournament=tournament)
    assert [line.rating for line in standings.lines if line.player.name == "Dario"] == [1900]


def unrated_dario(rule: str, rating: int = 0) -> Tournament:
    tournament, (_, _, _, dario) = two_rounds(unrated_rule=rule, unrated_rating=rating)
    Player.objects.filter(pk=dario.pk).update(fide_rating=0)
    return tournament


def test_by_default_an_unrated_player_leaves_the_rating_tiebreaks_undefined() -> None:
    """C.07 10 (Q208): no rule published, the tie-breaks are undefined for everyone."""
    values = aro(unrated_dario(UnratedRule.UNDEFINED))

    assert set(values.values()) == {None}


def test_a_fixed_rating_rates_the_unrated_player() -> None:
    """Q209: the tournament's fixed rating."""
    values = aro(unrated_dario(UnratedRule.FIXED, 1500))

    assert values["Anna"] == Fraction(1800)  # (1500 + 2100) / 2
    assert values["Boris"] == Fraction(1800)  # (2100 + 1500) / 2


def test_the_field_minimum_rates_the_unrated_player() -> None:
    """Q209: the lowest rating in the field (Chiara's 2100)."""
    values = aro(unrated_dario(UnratedRule.FIELD_MINIMUM))

    assert values["Anna"] == Fraction(2100)
    assert values["Chiara"] == Fraction(2250)  # Boris 2200, Anna 2300


def long_event(tiebreak_ratings: str) -> Tournament:
    """31 days; Chiara rated 2250 from round 2."""
    tournament, (_, _, chiara, _) = two_rounds(
        start_date=datetime.date(2026, 10, 1),
        end_date=datetime.date(2026, 10, 31),
        tiebreak_ratings=tiebreak_ratings,
    )
    PlayerRating.objects.create(player=chiara, from_round=2, rating=2250)
    return tournament


def test_a_long_event_uses_the_first_ratings_by_default() -> None:
    """Q215: C.07 10, each player's first rating."""
    tournament = long_event(TiebreakRatings.FIRST)

    assert tournament.lasts_over_30_days
    assert aro(tournament)["Anna"] == Fraction(2050)  # Dario 2000, Chiara 2100


def test_a_long_event_may_use_the_rating_valid_in_each_round() -> None:
    """Q212-Q214, Q216: Chiara's rating from round 2 counts in round 2 only."""
    tournament = long_event(TiebreakRatings.PER_ROUND)

    values = aro(tournament)

    assert values["Anna"] == Fraction(2125)  # Dario 2000 (round 1), Chiara 2250 (round 2)
    assert values["Boris"] == Fraction(2050)  # Chiara 2100 (round 1), Dario 2000 (round 2)


def test_ratings_per_round_need_the_long_event() -> None:
    """A 5-day tournament keeps the first ratings even when asked for ratings per round."""
    tournament, (_, _, chiara, _) = two_rounds(tiebreak_ratings=TiebreakRatings.PER_ROUND)
    PlayerRating.objects.create(player=chiara, from_round=2, rating=2250)

    inputs = rating_inputs(tournament, tournament_state_from_db(tournament))

    assert inputs.by_round is None
    assert aro(tournament)["Anna"] == Fraction(2050)
