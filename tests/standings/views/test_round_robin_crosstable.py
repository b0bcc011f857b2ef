"""A round robin's cross table (every player against every other) on the public page and as
CSV, and the standings' note on players whose results are not counted (C.06 V.4)."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing import tasks
from standings.selectors import tournament_standings
from standings.tables import round_robin_grid
from tests.factories import UserFactory
from tests.pdf import pdf_text
from tests.roundrobin import pair_and_publish, play, round_robin
from tournaments.models import Game, Result, Tournament, TournamentFormat
from tournaments.services.availability import player_withdraw

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter(monkeypatch: pytest.MonkeyPatch) -> User:
    monkeypatch.setattr(tasks.pair_round_task, "delay", lambda run_id: None)
    return UserFactory.create(username="chief")


def lower_number_wins(game: Game) -> Result:
    if game.white.pairing_number < game.black.pairing_number:
        return Result.WHITE_WINS
    return Result.BLACK_WINS


def played(arbiter: User, players: int, fmt: TournamentFormat) -> Tournament:
    """Every round played; the lower pairing number always wins, so number n places n-th."""
    tournament = round_robin(arbiter, players, fmt, drawn=True)
    for number in range(1, tournament.rounds + 1):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter, lower_number_wins)
    return tournament


def test_the_grid_gives_every_result_against_every_place(arbiter: User) -> None:
    tournament = played(arbiter, 4, TournamentFormat.ROUND_ROBIN)

    grid = round_robin_grid(tournament_standings(tournament=tournament))

    assert [row.player.pairing_number for row in grid] == [1, 2, 3, 4]
    assert [row.cells for row in grid] == [
        ("×", "1", "1", "1"),
        ("0", "×", "1", "1"),
        ("0", "0", "×", "1"),
        ("0", "0", "0", "×"),
    ]
    assert [row.points for row in grid] == [3, 2, 1, 0]


def test_a_double_round_robin_cell_holds_both_games(arbiter: User) -> None:
    tournament = played(arbiter, 3, TournamentFormat.DOUBLE_ROUND_ROBIN)

    grid = round_robin_grid(tournament_standings(tournament=tournament))

    assert grid[0].cells == ("×", "1 1", "1 1")


def test_the_page_and_the_csv_show_the_grid(client: Client, arbiter: User) -> None:
    tournament = played(arbiter, 4, TournamentFormat.ROUND_ROBIN)

    page = client.get(f"/t/{tournament.slug}/crosstable/").content.decode()
    response = client.get(f"/t/{tournament.slug}/crosstable.csv")

    assert '<td class="num cell">×</td>' in page
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0] == ["Rank", "No", "Name", "Rating", "1", "2", "3", "4", "Points"]
    assert rows[1][0:2] == ["1", "1"] and rows[1][4:] == ["×", "1", "1", "1", "3"]


def test_a_cancelled_player_is_listed_but_not_ranked(client: Client, arbiter: User) -> None:
    tournament = round_robin(arbiter, 4, drawn=True)
    pair_and_publish(tournament, 1, arbiter)
    play(tournament, 1, arbiter)
    player_withdraw(player=tournament.players.get(pairing_number=4), from_round=2, by=arbiter)
    for number in (2, 3):
        pair_and_publish(tournament, number, arbiter)
        play(tournament, number, arbiter)

    standings = client.get(f"/t/{tournament.slug}/standings/").content.decode()
    client.force_login(arbiter)
    live = client.get(f"/t/{tournament.slug}/manage/standings/").content.decode()
    grid = round_robin_grid(tournament_standings(tournament=tournament))

    note = f"Not ranked: {tournament.players.get(pairing_number=4)}."
    assert note in standings and note in live
    assert grid[-1].rank is None and grid[-1].player.pairing_number == 4
    assert "−" in grid[-1].cells


def test_the_printed_cross_table_is_the_grid(client: Client, arbiter: User) -> None:
    tournament = played(arbiter, 4, TournamentFormat.ROUND_ROBIN)
    client.force_login(arbiter)  # the tournament's creator is its chief arbiter

    response = client.get(f"/t/{tournament.slug}/pdf/crosstable.pdf")

    assert response.status_code == 200
    text = pdf_text(response.content)
    first = next(line for line in text.splitlines() if "×" in line)
    assert first.split()[-5:] == ["×", "1", "1", "1", "3"]
