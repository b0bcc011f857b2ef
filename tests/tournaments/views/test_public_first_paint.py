"""Pages sized for phones (issue 22): at 1000 players the round page, the standings, the
tournament's page and the crosstable show a first screen under 100 KiB, find a player by name or
number, and page through the rest."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import RoundFactory, TournamentFactory
from tournaments.models import Game, Player, Result, Round, RoundState, Tournament

pytestmark = pytest.mark.django_db

FIRST_PAINT_LIMIT = 100 * 1024
PLAYERS = 1000
RESULTS = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS]


def _pair(rnd: Round, players: list[Player], *, shift: int, results: bool) -> None:
    """Boards 1, 2, ... pairing each player with the one `shift` places further on."""
    order = [players[(index * shift) % len(players)] for index in range(len(players))]
    Game.objects.bulk_create(
        Game(
            round=rnd,
            board=board,
            white=order[2 * board - 2],
            black=order[2 * board - 1],
            result=RESULTS[board % 3] if results else "",
        )
        for board in range(1, len(players) // 2 + 1)
    )


@pytest.fixture
def big_tournament() -> Tournament:
    """1000 players with long names, round 1 completed, round 2 published without results."""
    tournament = TournamentFactory.create(rounds=3, tiebreaks=["BH/C1", "BH", "SB", "ARO"])
    players = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            pairing_number=number,
            name=f"Longername-Family{number:04d}, Firstname Middlename",
            fide_rating=2700 - number,
            federation="ITA",
            title="FM" if number % 7 == 0 else "",
        )
        for number in range(1, PLAYERS + 1)
    )
    first = RoundFactory.create(tournament=tournament, number=1, state=RoundState.COMPLETED)
    second = RoundFactory.create(tournament=tournament, number=2, state=RoundState.PUBLISHED)
    RoundFactory.create(tournament=tournament, number=3)
    _pair(first, players, shift=1, results=True)
    _pair(second, players, shift=3, results=False)
    return tournament


@pytest.mark.parametrize(
    ("page", "row", "rows"),
    [
        ("round/2/", '<td class="num">', 50),
        ("standings/", 'class="num col-rank"', 100),
        ("", '<td class="name"><a', 100),
        ("crosstable/", '<td class="num col-rank">', 30),
    ],
)
def test_the_first_screen_of_a_1000_player_page_is_under_100_kib(
    client: Client, big_tournament: Tournament, page: str, row: str, rows: int
) -> None:
    response = client.get(f"/t/{big_tournament.slug}/{page}")

    assert response.status_code == 200
    assert len(response.content) < FIRST_PAINT_LIMIT
    html = response.content.decode()
    assert html.count(row) == rows
    assert 'name="q"' in html and "?page=2" in html


def test_every_board_is_one_page_away(client: Client, big_tournament: Tournament) -> None:
    url = f"/t/{big_tournament.slug}/round/2/"

    everything = client.get(url, {"page": "all"}).content.decode()
    second = client.get(url, {"page": "2"}).content.decode()

    assert len(re.findall(r'<td class="num">\d+</td>', everything)) == PLAYERS // 2
    assert re.findall(r'<td class="num">(\d+)</td>', second)[:1] == ["51"]
    assert "Boards 51–100 of 500" in second


def test_a_player_finds_their_board_by_number_or_by_name(
    client: Client, big_tournament: Tournament
) -> None:
    url = f"/t/{big_tournament.slug}/round/2/"
    game = Game.objects.get(
        round__tournament=big_tournament, round__number=2, white__pairing_number=777
    )

    by_number = client.get(url, {"q": "777"}).content.decode()
    by_name = client.get(url, {"q": "family0777"}).content.decode()

    for html in (by_number, by_name):
        boards = re.findall(r'<td class="num">(\d+)</td>', html)
        assert boards == [str(game.board)]
        assert game.black.name in html


def test_the_standings_find_a_player_and_keep_the_sort(
    client: Client, big_tournament: Tournament
) -> None:
    url = f"/t/{big_tournament.slug}/standings/"

    html = client.get(url, {"q": "Family0500", "sort": "name"}).content.decode()

    assert html.count("Family0500,") == 1 and "Family0501," not in html
    assert 'name="sort" value="name"' in html
    assert "Players 1–1 of 1" in html


@pytest.mark.parametrize(
    ("page", "row"), [("", '<td class="name"><a'), ("crosstable/", '<td class="num col-rank">')]
)
def test_the_tournament_page_and_the_crosstable_find_a_player_by_number_or_by_name(
    client: Client, big_tournament: Tournament, page: str, row: str
) -> None:
    url = f"/t/{big_tournament.slug}/{page}"

    by_number = client.get(url, {"q": "777"}).content.decode()
    by_name = client.get(url, {"q": "family0777"}).content.decode()
    second = client.get(url, {"page": "2"}).content.decode()

    for html in (by_number, by_name):
        assert html.count(row) == 1 and "Family0777," in html
        assert "Players 1–1 of 1" in html
    assert "Players 31–60 of 1000" in second or "Players 101–200 of 1000" in second


def test_a_search_that_finds_nobody_says_so(client: Client, big_tournament: Tournament) -> None:
    html = client.get(f"/t/{big_tournament.slug}/standings/", {"q": "Nobody"}).content.decode()

    assert "Nobody found for “Nobody”" in html


@pytest.mark.parametrize("query", [{"page": "²"}, {"page": "0"}, {"page": "9" * 30}, {"q": "²"}])
def test_odd_page_numbers_and_searches_answer_a_page(
    client: Client, big_tournament: Tournament, query: dict[str, str]
) -> None:
    for page in ("round/2/", "standings/", "", "crosstable/"):
        assert client.get(f"/t/{big_tournament.slug}/{page}", query).status_code == 200
