"""A round robin through the pairing workflow: the drawing of numbers, each round from the Berger
tables (C.05 Annex 1) by the pairing run, publication in table order, forfeits of a withdrawn
player (C.06 V.4) and what is refused."""

from __future__ import annotations

import itertools
import random

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.exceptions import NumbersNotDrawn
from pairing.roundrobin.berger import schedule_round
from pairing.services.manual import round_manual_pair, round_manual_start
from pairing.services.roundrobin import tournament_draw_numbers
from pairing.services.rounds import round_request_pairing
from tests.roundrobin import pair_and_publish, play, round_robin
from tournaments.domain.tiebreaks import ROUND_ROBIN_TIEBREAKS
from tournaments.exceptions import (
    ByeRefused,
    ConfigurationRefused,
    ConfirmationRequired,
    InvalidPlayer,
    SettingsLocked,
)
from tournaments.models import (
    ByeKind,
    Result,
    RoundState,
    TournamentFormat,
    TournamentStatus,
)
from tournaments.services.availability import bye_request, player_withdraw
from tournaments.services.players import PlayerData, player_register
from tournaments.services.tournaments import TournamentSettings, tournament_create

pytestmark = pytest.mark.django_db


def test_the_drawing_gives_numbers_1_to_n_and_the_schedule_s_rounds(
    arbiter: User, enqueued: list[int]
) -> None:
    tournament = round_robin(arbiter, 5, TournamentFormat.ROUND_ROBIN)

    players = tournament_draw_numbers(tournament=tournament, by=arbiter)

    tournament.refresh_from_db()
    assert [player.pairing_number for player in players] == [1, 2, 3, 4, 5]
    assert sorted(tournament.players.values_list("pairing_number", flat=True)) == [1, 2, 3, 4, 5]
    assert tournament.numbers_drawn and tournament.numbers_seed is not None
    assert tournament.rounds == 5  # odd field: n rounds, one bye each
    assert tournament.round_set.count() == 5
    assert tournament.tournament_type == "Individual: Round-Robin"
    assert tournament.points_pairing_bye == 0


def test_the_arbiter_sets_the_numbers_by_hand(arbiter: User, enqueued: list[int]) -> None:
    tournament = round_robin(arbiter, 4, TournamentFormat.DOUBLE_ROUND_ROBIN)
    order = list(tournament.players.order_by("-pairing_number").values_list("pk", flat=True))

    tournament_draw_numbers(tournament=tournament, by=arbiter, order=order)

    tournament.refresh_from_db()
    assert list(tournament.players.order_by("pairing_number").values_list("pk", flat=True)) == order
    assert tournament.numbers_seed is None
    assert tournament.rounds == 6
    with pytest.raises(ConfigurationRefused, match="every player"):
        tournament_draw_numbers(tournament=tournament, by=arbiter, order=order[:3])


def test_round_1_waits_for_the_drawing(arbiter: User, enqueued: list[int]) -> None:
    tournament = round_robin(arbiter, 4, TournamentFormat.ROUND_ROBIN)

    with pytest.raises(NumbersNotDrawn, match="Draw the round robin's pairing numbers"):
        round_request_pairing(rnd=tournament.round_set.get(number=1), by=arbiter)


def test_a_new_player_after_the_drawing_asks_for_another(
    arbiter: User, enqueued: list[int]
) -> None:
    tournament = round_robin(arbiter, 4, TournamentFormat.ROUND_ROBIN)
    tournament_draw_numbers(tournament=tournament, by=arbiter)

    player_register(tournament=tournament, data=PlayerData(name="Late, Comer"), by=arbiter)

    tournament.refresh_from_db()
    assert not tournament.numbers_drawn


def test_a_field_outside_the_tables_is_refused(arbiter: User, enqueued: list[int]) -> None:
    tournament = round_robin(arbiter, 2, TournamentFormat.ROUND_ROBIN)

    with pytest.raises(ConfigurationRefused, match="3 to 99 players"):
        tournament_draw_numbers(tournament=tournament, by=arbiter)


@pytest.mark.parametrize(
    ("players", "fmt", "swap"),
    [
        (6, TournamentFormat.ROUND_ROBIN, True),
        (5, TournamentFormat.ROUND_ROBIN, True),
        (4, TournamentFormat.DOUBLE_ROUND_ROBIN, True),
        (4, TournamentFormat.DOUBLE_ROUND_ROBIN, False),
    ],
)
def test_every_round_is_the_berger_table_s_in_table_order(
    arbiter: User, enqueued: list[int], players: int, fmt: TournamentFormat, swap: bool
) -> None:
    tournament = round_robin(arbiter, players, fmt, swap=swap)
    tournament_draw_numbers(tournament=tournament, by=arbiter)
    tournament.refresh_from_db()
    met: list[frozenset[int]] = []
    for number in range(1, tournament.rounds + 1):
        boards = pair_and_publish(tournament, number, arbiter)
        scheduled = schedule_round(players, number, cycles=tournament.cycles, swap_last_two=swap)
        assert boards == [(board.white, board.black) for board in scheduled.boards]
        bye = tournament.round_set.get(number=number).byes.filter(kind=ByeKind.PAIRING_ALLOCATED)
        assert list(bye.values_list("player__pairing_number", flat=True)) == (
            [scheduled.bye] if scheduled.bye else []
        )
        met += [frozenset(board) for board in boards]
        play(tournament, number, arbiter)
    pairs = {frozenset(pair) for pair in itertools.combinations(range(1, players + 1), 2)}
    assert sorted(met, key=sorted) == sorted(list(pairs) * tournament.cycles, key=sorted)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED


def test_a_withdrawn_player_s_games_are_forfeits(arbiter: User, enqueued: list[int]) -> None:
    tournament = round_robin(arbiter, 4, TournamentFormat.ROUND_ROBIN)
    tournament_draw_numbers(tournament=tournament, by=arbiter)
    pair_and_publish(tournament, 1, arbiter)
    play(tournament, 1, arbiter)
    withdrawn = tournament.players.get(pairing_number=2)
    player_withdraw(player=withdrawn, from_round=2, by=arbiter)

    pair_and_publish(tournament, 2, arbiter)

    rnd = tournament.round_set.get(number=2)
    game = rnd.games.get(white=withdrawn) if rnd.games.filter(white=withdrawn) else None
    game = game or rnd.games.get(black=withdrawn)
    expected = Result.BLACK_WINS_FORFEIT if game.white == withdrawn else Result.WHITE_WINS_FORFEIT
    assert game.result == expected
    assert rnd.games.filter(result=Result.NOT_PLAYED).count() == 1


def test_the_format_and_numbers_are_locked_once_round_1_is_paired(
    arbiter: User, enqueued: list[int]
) -> None:
    tournament = round_robin(arbiter, 4, TournamentFormat.ROUND_ROBIN)
    tournament_draw_numbers(tournament=tournament, by=arbiter)
    pair_and_publish(tournament, 1, arbiter)

    with pytest.raises(SettingsLocked, match="pairing numbers are fixed"):
        tournament_draw_numbers(tournament=tournament, by=arbiter)
    with pytest.raises(InvalidPlayer, match="field is closed"):
        player_register(tournament=tournament, data=PlayerData(name="Late, Comer"), by=arbiter)
    with pytest.raises(ByeRefused, match="no requested byes"):
        bye_request(
            player=tournament.players.first(),  # type: ignore[arg-type]
            round_number=3,
            kind=ByeKind.HALF_POINT,
            by=arbiter,
        )
    assert tournament.round_set.get(number=1).state == RoundState.PUBLISHED


def test_a_round_robin_starts_with_its_own_tie_breaks_and_refuses_buchholz(
    arbiter: User,
) -> None:
    tournament = round_robin(arbiter, 0, TournamentFormat.ROUND_ROBIN)

    assert tournament.tiebreaks == list(ROUND_ROBIN_TIEBREAKS)
    with pytest.raises(ConfigurationRefused, match="Buchholz family"):
        tournament_create(
            settings=TournamentSettings(
                name="Closed", format=TournamentFormat.ROUND_ROBIN, tiebreaks=["SB", "BH"]
            ),
            by=arbiter,
        )


def test_the_trf_names_the_round_robin_and_writes_no_swiss_code(
    client: Client, arbiter: User, enqueued: list[int]
) -> None:
    tournament = round_robin(arbiter, 4, drawn=True)
    pair_and_publish(tournament, 1, arbiter)
    play(tournament, 1, arbiter)
    client.force_login(arbiter)

    trf = client.get(f"/t/{tournament.slug}/export.trf?format=trf26").content.decode()

    assert "092 Individual: Round-Robin" in trf
    assert not any(line.startswith("192") for line in trf.splitlines())


def test_the_lot_is_the_recorded_seed_s_shuffle_of_the_initial_order(
    arbiter: User, enqueued: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    tournament = round_robin(arbiter, 8)
    initial = list(tournament.players.order_by("pairing_number").values_list("pk", flat=True))
    monkeypatch.setattr("pairing.services.roundrobin.secrets.randbits", lambda bits: 12345)

    tournament_draw_numbers(tournament=tournament, by=arbiter)

    expected = list(initial)
    random.Random(12345).shuffle(expected)
    drawn = list(tournament.players.order_by("pairing_number").values_list("pk", flat=True))
    assert drawn == expected != initial


def test_a_hand_made_board_is_judged_by_the_round_robin_s_rules(
    arbiter: User, enqueued: list[int]
) -> None:
    tournament = round_robin(arbiter, 4, drawn=True)
    pair_and_publish(tournament, 1, arbiter)  # 1-4, 2-3
    play(tournament, 1, arbiter)
    rnd = tournament.round_set.get(number=2)
    round_manual_start(rnd=rnd, by=arbiter)
    one, four = (tournament.players.get(pairing_number=n) for n in (1, 4))

    with pytest.raises(ConfirmationRequired) as required:
        round_manual_pair(rnd=rnd, white=one, black=four, by=arbiter)

    assert required.value.warning.consequences == (
        "Board 1: 1 and 4 already met in this cycle (C.05 Annex 1; VCL Q101)",
    )
