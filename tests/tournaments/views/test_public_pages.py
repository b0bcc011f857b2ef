"""Public round and player pages: no login, no draft ever visible, polling while in play."""

from __future__ import annotations

import pytest
from django.db.models import F
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Bye, ByeKind, Game, Result, RoundState, Tournament
from tournaments.versions import forget_versions

pytestmark = pytest.mark.django_db


def test_a_published_round_shows_its_pairings_and_results(client: Client) -> None:
    tournament = tournament_with_players(5)
    rnd = pair_round(tournament, 1, RoundState.PUBLISHED)
    rnd.games.filter(board=1).update(result=Result.DRAW)
    Bye.objects.create(round=rnd, player=tournament.players.get(pairing_number=5), kind="U")

    response = client.get(f"/t/{tournament.slug}/round/1/")

    html = response.content.decode()
    assert response.status_code == 200
    names = list(tournament.players.order_by("pairing_number").values_list("name", flat=True))
    assert all(name in html for name in names)
    assert "½-½" in html and "Pairing-allocated bye" in html
    assert 'hx-trigger="every 30s"' in html


def test_a_draft_is_never_shown(client: Client) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.PAIRED)

    response = client.get(f"/t/{tournament.slug}/round/1/")

    html = response.content.decode()
    assert response.status_code == 200
    assert "not published yet" in html
    first = tournament.players.get(pairing_number=1)
    assert first.name not in html


def test_a_completed_round_stops_polling(client: Client) -> None:
    tournament = tournament_with_players(2)
    rnd = pair_round(tournament, 1, RoundState.COMPLETED)
    rnd.games.update(result=Result.WHITE_WINS)

    html = client.get(f"/t/{tournament.slug}/round/1/").content.decode()

    assert "hx-trigger" not in html and "1-0" in html


def test_an_htmx_poll_gets_only_the_boards(client: Client) -> None:
    tournament = tournament_with_players(2)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    response = client.get(f"/t/{tournament.slug}/round/1/", headers={"HX-Request": "true"})

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="round-boards"') and "<h1>" not in html


def test_the_round_page_needs_a_fixed_number_of_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = tournament_with_players(30)
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.DRAW)
    pair_round(tournament, 2, RoundState.PUBLISHED)

    # the version (tournaments.cache), the round with its tournament, then the state before the
    # round: the players, the games and the byes of rounds 1..2 (the round's own boards among them)
    with django_assert_num_queries(5):
        assert client.get(f"/t/{tournament.slug}/round/2/").status_code == 200


def test_the_round_page_shows_the_scores_before_the_round(client: Client) -> None:
    tournament = tournament_with_players(4)
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.WHITE_WINS)
    pair_round(tournament, 2, RoundState.PUBLISHED)

    html = client.get(f"/t/{tournament.slug}/round/2/").content.decode()

    assert html.count(">1 pt<") == 2 and html.count(">0 pt<") == 2


def test_an_unknown_round_is_a_404(client: Client) -> None:
    tournament = tournament_with_players(2)

    assert client.get(f"/t/{tournament.slug}/round/9/").status_code == 404


def test_the_player_card_shows_colours_opponents_results_and_floats(client: Client) -> None:
    tournament = tournament_with_players(4)
    first = pair_round(tournament, 1, RoundState.COMPLETED)
    first.games.filter(board=1).update(result=Result.WHITE_WINS)  # 1 beats 2
    first.games.filter(board=2).update(result=Result.DRAW)  # 3 draws 4
    second = tournament.round_set.get(number=2)
    players = {p.pairing_number: p for p in tournament.players.all()}
    Game.objects.create(round=second, board=1, white=players[3], black=players[1])
    Game.objects.create(round=second, board=2, white=players[2], black=players[4])
    second.state = RoundState.PUBLISHED
    second.save()

    response = client.get(f"/t/{tournament.slug}/player/1/")

    html = response.content.decode()
    assert response.status_code == 200
    assert 'title="White">W<' in html and 'title="Black">B<' in html
    assert players[2].name in html and players[3].name in html
    assert html.count('title="down-float"') == 1  # in round 2, 1 point against ½, no result yet
    assert "playing" in html
    assert 'hx-trigger="every 30s"' in html


def test_the_player_card_needs_a_fixed_number_of_queries(
    client: Client, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = tournament_with_players(20, rounds=5)
    for number in (1, 2, 3):
        pair_round(tournament, number, RoundState.COMPLETED).games.update(result=Result.DRAW)
    Bye.objects.create(
        round=tournament.round_set.get(number=4),
        player=tournament.players.get(pairing_number=1),
        kind=ByeKind.HALF_POINT,
    )

    # version, tournament, player, rounds, players, games, byes; the rating changes (issue 33):
    # players and rated games, once per version
    with django_assert_num_queries(9):
        assert client.get(f"/t/{tournament.slug}/player/1/").status_code == 200


def test_an_unknown_player_is_a_404(client: Client) -> None:
    tournament = tournament_with_players(2)

    assert client.get(f"/t/{tournament.slug}/player/3/").status_code == 404


def test_the_tournament_page_links_published_rounds_and_shows_a_qr_code(client: Client) -> None:
    tournament = tournament_with_players(2)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    html = client.get(f"/t/{tournament.slug}/").content.decode()

    assert f'href="/t/{tournament.slug}/round/1/"' in html
    assert f'href="/t/{tournament.slug}/round/2/"' not in html
    assert "<svg" in html and 'class="segno"' in html
    assert 'hx-trigger="every 30s"' in html


def test_the_rounds_poll_gets_only_the_rounds(client: Client) -> None:
    tournament = tournament_with_players(2)

    response = client.get(
        f"/t/{tournament.slug}/", headers={"HX-Request": "true", "HX-Target": "rounds-list"}
    )

    html = response.content.decode()
    assert html.lstrip().startswith('<div id="rounds-list"') and 'hx-trigger="every 30s"' in html


def test_the_pages_poll_between_rounds_and_stop_when_the_tournament_is_over(
    client: Client,
) -> None:
    tournament = tournament_with_players(2, rounds=2)
    pair_round(tournament, 1, RoundState.COMPLETED)
    pages = [f"/t/{tournament.slug}/", f"/t/{tournament.slug}/player/1/"]

    # Round 1 is over and round 2 not published yet: its pairings must still appear.
    assert all('hx-trigger="every 30s"' in client.get(url).content.decode() for url in pages)
    assert 'hx-trigger="every 30s"' in client.get(f"/t/{tournament.slug}/round/2/").content.decode()

    pair_round(tournament, 2, RoundState.COMPLETED)
    Tournament.objects.filter(pk=tournament.pk).update(revision=F("revision") + 1)
    forget_versions(tournament)  # as audit()
    assert all('hx-trigger="every' not in client.get(url).content.decode() for url in pages)
