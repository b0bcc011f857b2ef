"""Selectors: the initial ranking order and the domain state built from the database."""

from __future__ import annotations

from pathlib import Path

import pytest

from pairing.services.trf_import import tournament_import_trf
from tests.factories import GameFactory, PlayerFactory, RoundFactory, TournamentFactory
from tests.tournaments.conftest import REFERENCE, WORKED_EXAMPLE
from tournaments.domain.state import Outcome, PlayerId
from tournaments.domain.trf import parse_trf, tournament_state_from_trf
from tournaments.exceptions import ResultsMissing, RoundNotInTournament
from tournaments.models import Bye, ByeKind, PairingSystem, PlayerStatus, RoundState, Title
from tournaments.selectors.pages import Float, player_card, tournament_list
from tournaments.selectors.state import players_in_initial_order, tournament_state_from_db

pytestmark = pytest.mark.django_db

STATE_FILES = [
    REFERENCE / "worked-example" / "tournament.trf",
    REFERENCE / "worked-example" / "rounds" / "round-3-input.trf",
    REFERENCE / "tiebreaks" / "c07-seed-example.trf",
    REFERENCE / "dev" / "dev_004.trf",
    REFERENCE / "dev2025" / "dev2025_002.trf",
]


@pytest.mark.parametrize("path", STATE_FILES, ids=lambda path: path.name)
def test_the_state_from_the_database_is_the_state_the_trf_file_gives(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = parse_trf(text)
    tournament = tournament_import_trf(text=text)

    for round_number in range(1, tournament.rounds + 2):
        assert tournament_state_from_db(tournament, round_number) == tournament_state_from_trf(
            document, round_number
        ), f"round {round_number}"
    assert tournament_state_from_db(tournament) == tournament_state_from_trf(document)


def test_it_orders_players_by_rating_then_title_then_name() -> None:
    tournament = TournamentFactory.create()
    for number, (name, title, rating) in enumerate(
        [
            ("Zeta", "", 2400),
            ("Alpha", "", 2300),
            ("Beta", Title.IM, 2300),
            ("Gamma", Title.GM, 2300),
            ("Delta", Title.WGM, 2300),
            ("Epsilon", Title.IM, 2300),
            ("Unrated", "", 0),
        ],
        start=1,
    ):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            title=title,
            fide_rating=rating,
        )

    names = [player.name for player in players_in_initial_order(tournament)]

    assert names == ["Zeta", "Gamma", "Beta", "Epsilon", "Delta", "Alpha", "Unrated"]


def test_it_lists_tournaments_with_their_player_count() -> None:
    player = PlayerFactory.create()
    PlayerFactory.create(tournament=player.tournament)
    TournamentFactory.create()

    counts = sorted(tournament.player_count for tournament in tournament_list())

    assert counts == [0, 2]


def test_it_refuses_a_state_built_on_a_game_without_result() -> None:
    game = GameFactory.create(round__state=RoundState.PUBLISHED)

    with pytest.raises(ResultsMissing, match="Round 1, board 1 has no result yet"):
        tournament_state_from_db(game.round.tournament, 2)


def test_it_refuses_a_round_outside_the_tournament() -> None:
    tournament = TournamentFactory.create(rounds=5)

    with pytest.raises(RoundNotInTournament):
        tournament_state_from_db(tournament, 7)


def test_it_leaves_out_requested_byes_withdrawn_players_and_late_entries() -> None:
    tournament = TournamentFactory.create(rounds=5)
    present = PlayerFactory.create(tournament=tournament, pairing_number=1)
    on_bye = PlayerFactory.create(tournament=tournament, pairing_number=2)
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=3,
        status=PlayerStatus.WITHDRAWN,
        withdrawn_from_round=1,
    )
    PlayerFactory.create(tournament=tournament, pairing_number=4, first_round=2)
    rnd = RoundFactory.create(tournament=tournament, number=1)
    Bye.objects.create(round=rnd, player=on_bye, kind=ByeKind.HALF_POINT)

    state = tournament_state_from_db(tournament)

    assert state.next_round == 1
    assert dict(state.not_paired) == {
        PlayerId(2): Outcome.HALF_BYE,
        PlayerId(3): Outcome.ABSENT,
        PlayerId(4): Outcome.ABSENT,
    }
    assert [player.id for player in state.to_pair()] == [present.pairing_number]


def worked_example_floats(system: PairingSystem) -> dict[int, list[Float | None]]:
    """The card's float in each round, for each player of the worked example under `system`."""
    tournament = tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))
    tournament.pairing_system = system
    tournament.save()
    rounds = list(tournament.round_set.order_by("number"))
    return {
        player.pairing_number: [row.float for row in player_card(tournament, player, rounds).rows]
        for player in tournament.players.all()
    }


DOWN, UP = Float.DOWN, Float.UP


def test_under_the_2017_rules_every_round_not_played_is_a_downfloat() -> None:
    floats = worked_example_floats(PairingSystem.FIDE_DUTCH)

    # 12: absent in round 2 (zero-point bye), then 1/2 against 0, 1/2 against 1 1/2 twice
    assert floats[12] == [None, DOWN, None, DOWN, UP, UP]
    assert floats[14][1] is DOWN  # the pairing-allocated bye
    assert floats[6][2] is DOWN  # a forfeit win
    assert floats[11][2] is DOWN  # a forfeit loss
    # expected-notes.md: after round 4, down 5, 7, 9, 12 and up 4, 8, 11, 13
    assert {number for number, marks in floats.items() if marks[3] is DOWN} == {5, 7, 9, 12}
    assert {number for number, marks in floats.items() if marks[3] is UP} == {4, 8, 11, 13}


def test_under_the_2025_rules_only_a_bye_or_forfeit_that_scored_is_a_downfloat() -> None:
    floats = worked_example_floats(PairingSystem.FIDE_DUTCH_2025)

    assert floats[12] == [None, None, None, DOWN, UP, UP]  # the zero-point bye is no float
    assert floats[14][1] is DOWN  # the pairing-allocated bye
    assert floats[6][2] is DOWN  # a forfeit win scores more than a loss
    assert floats[11][2] is None  # a forfeit loss does not


@pytest.mark.parametrize(
    ("system", "kind", "expected"),
    [
        (PairingSystem.FIDE_DUTCH, ByeKind.HALF_POINT, DOWN),
        (PairingSystem.FIDE_DUTCH, ByeKind.ZERO_POINT, DOWN),
        (PairingSystem.FIDE_DUTCH_2025, ByeKind.HALF_POINT, DOWN),
        (PairingSystem.FIDE_DUTCH_2025, ByeKind.FULL_POINT, DOWN),
        (PairingSystem.FIDE_DUTCH_2025, ByeKind.ZERO_POINT, None),
    ],
)
def test_a_requested_bye_floats_down_unless_it_scored_nothing_under_the_2025_rules(
    system: PairingSystem, kind: ByeKind, expected: Float | None
) -> None:
    tournament = TournamentFactory.create(rounds=3, pairing_system=system)
    player = PlayerFactory.create(tournament=tournament, pairing_number=1)
    rnd = RoundFactory.create(tournament=tournament, number=1, state=RoundState.COMPLETED)
    Bye.objects.create(round=rnd, player=player, kind=kind)

    card = player_card(tournament, player, [rnd])

    assert [row.float for row in card.rows] == [expected]


def test_an_absence_without_a_bye_floats_down_only_under_the_2017_rules() -> None:
    for system, expected in [
        (PairingSystem.FIDE_DUTCH, DOWN),
        (PairingSystem.FIDE_DUTCH_2025, None),
    ]:
        tournament = TournamentFactory.create(rounds=3, pairing_system=system)
        player = PlayerFactory.create(tournament=tournament, pairing_number=1)
        rnd = RoundFactory.create(tournament=tournament, number=1, state=RoundState.COMPLETED)

        card = player_card(tournament, player, [rnd])

        assert [row.float for row in card.rows] == [expected], system
