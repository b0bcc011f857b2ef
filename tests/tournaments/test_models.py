"""Database constraints and small derived values of the tournament models."""

from __future__ import annotations

import datetime
from collections.abc import Callable

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from tests.factories import (
    ByeFactory,
    GameFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
)
from tournaments.domain.state import Outcome, Points
from tournaments.models import (
    SCORE_FIELDS,
    Bye,
    ByeKind,
    ForbiddenPair,
    Game,
    PairingSystem,
    Player,
    PlayerStatus,
    Result,
    Tournament,
)

pytestmark = pytest.mark.django_db


def refused(action: Callable[[], object]) -> bool:
    """Whether the database refuses the write (IntegrityError), inside a savepoint."""
    try:
        with transaction.atomic():
            action()
    except IntegrityError:
        return True
    return False


def test_it_refuses_two_players_with_one_pairing_number_in_a_tournament() -> None:
    player = PlayerFactory.create(pairing_number=1)

    assert refused(lambda: PlayerFactory.create(tournament=player.tournament, pairing_number=1))
    assert not refused(lambda: PlayerFactory.create(pairing_number=1))


def test_it_refuses_a_fide_id_twice_in_a_tournament_but_allows_many_blank_ones() -> None:
    player = PlayerFactory.create(fide_id="12345678")

    assert refused(lambda: PlayerFactory.create(tournament=player.tournament, fide_id="12345678"))
    assert not refused(lambda: PlayerFactory.create(tournament=player.tournament, fide_id=""))
    assert not refused(lambda: PlayerFactory.create(tournament=player.tournament, fide_id=""))


@pytest.mark.parametrize("field", SCORE_FIELDS)
def test_it_refuses_negative_points(field: str) -> None:
    tournament = TournamentFactory.create()

    assert refused(lambda: Tournament.objects.filter(pk=tournament.pk).update(**{field: -1}))


def test_it_refuses_a_tournament_that_ends_before_it_starts() -> None:
    assert refused(
        lambda: TournamentFactory.create(
            start_date=datetime.date(2026, 5, 2), end_date=datetime.date(2026, 5, 1)
        )
    )


def test_it_refuses_a_tournament_without_rounds() -> None:
    assert refused(lambda: TournamentFactory.create(rounds=0))


def test_it_refuses_a_player_against_themselves() -> None:
    game = GameFactory.create()

    assert refused(lambda: Game.objects.filter(pk=game.pk).update(black=game.white))


def test_it_refuses_a_player_with_white_twice_in_a_round() -> None:
    game = GameFactory.create()
    other = PlayerFactory.create(tournament=game.round.tournament)

    assert refused(
        lambda: GameFactory.create(round=game.round, board=2, white=game.white, black=other)
    )


def test_it_refuses_a_player_with_black_twice_in_a_round() -> None:
    game = GameFactory.create()
    other = PlayerFactory.create(tournament=game.round.tournament)

    assert refused(
        lambda: GameFactory.create(round=game.round, board=2, white=other, black=game.black)
    )


def test_it_refuses_two_games_on_one_board() -> None:
    game = GameFactory.create()

    assert refused(lambda: GameFactory.create(round=game.round, board=1))


def test_it_refuses_two_byes_for_a_player_in_a_round() -> None:
    bye = ByeFactory.create()

    assert refused(
        lambda: ByeFactory.create(round=bye.round, player=bye.player, kind=ByeKind.ZERO_POINT)
    )


def test_it_refuses_an_unknown_result_or_bye_kind() -> None:
    game = GameFactory.create()
    bye = ByeFactory.create()

    assert refused(lambda: Game.objects.filter(pk=game.pk).update(result="2-0"))
    assert refused(lambda: Bye.objects.filter(pk=bye.pk).update(kind="X"))


def test_it_refuses_a_withdrawal_without_its_round_and_a_round_without_withdrawal() -> None:
    player = PlayerFactory.create()
    players = Player.objects.filter(pk=player.pk)

    assert refused(lambda: players.update(status=PlayerStatus.WITHDRAWN))
    assert refused(lambda: players.update(withdrawn_from_round=3))
    assert not refused(
        lambda: players.update(status=PlayerStatus.WITHDRAWN, withdrawn_from_round=3)
    )


def test_it_refuses_a_round_numbered_twice_or_zero() -> None:
    rnd = RoundFactory.create(number=1)

    assert refused(lambda: RoundFactory.create(tournament=rnd.tournament, number=1))
    assert refused(lambda: RoundFactory.create(tournament=rnd.tournament, number=0))


def test_it_refuses_a_forbidden_pair_out_of_order_or_with_bad_rounds() -> None:
    first = PlayerFactory.create()
    second = PlayerFactory.create(tournament=first.tournament)

    def pair(a: Player, b: Player, **rounds: int) -> None:
        ForbiddenPair.objects.create(tournament=a.tournament, first=a, second=b, **rounds)

    assert refused(lambda: pair(second, first))
    assert refused(lambda: pair(first, second, first_round=3, last_round=2))
    assert not refused(lambda: pair(first, second, first_round=1, last_round=2))


def test_it_validates_the_tie_break_list_against_the_known_codes() -> None:
    tournament = TournamentFactory.build(tiebreaks=["BH/C1", "BH", "SB", "DE", "BH:GP/M2/P"])
    tournament.full_clean()

    for bad in (["XYZ"], ["BH", "BH"], "BH", [1], ["BH/C9"]):
        tournament.tiebreaks = bad
        with pytest.raises(ValidationError):
            tournament.full_clean()


def test_it_allows_direct_encounter_more_than_once() -> None:
    tournament = TournamentFactory.build(tiebreaks=["DE", "BH", "DE"])

    tournament.full_clean()


def test_it_defaults_to_the_2025_rules_from_february_2026() -> None:
    assert PairingSystem.for_start_date(datetime.date(2026, 1, 31)) is PairingSystem.FIDE_DUTCH
    assert PairingSystem.for_start_date(datetime.date(2026, 2, 1)) is PairingSystem.FIDE_DUTCH_2025
    assert PairingSystem.for_start_date(None) is PairingSystem.FIDE_DUTCH_2025


def test_it_gives_the_scoring_in_half_points() -> None:
    tournament = TournamentFactory.build(points_win=6, points_draw=2, points_pairing_bye=2)

    assert tournament.scoring.points(Outcome.WIN) == Points(6)
    assert tournament.scoring.points(Outcome.DRAW) == Points(2)
    assert tournament.scoring.points(Outcome.PAIRING_BYE) == Points(2)
    assert tournament.scoring.points(Outcome.HALF_BYE) == Points(1)


@pytest.mark.parametrize("result", [r for r in Result if r is not Result.NOT_PLAYED])
def test_every_result_maps_to_outcomes_and_back(result: Result) -> None:
    white, black = result.outcomes

    assert Result.from_outcomes(white, black) is result


def test_a_bye_kind_is_its_trf_outcome() -> None:
    assert [kind.outcome for kind in ByeKind] == [
        Outcome.PAIRING_BYE,
        Outcome.HALF_BYE,
        Outcome.FULL_BYE,
        Outcome.ZERO_BYE,
    ]
