"""Public pages kept by version (issue 22): every change a page shows moves the version on, so a
stale page is never served; an unchanged poll costs a 304; anonymous pages set no cookie."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from pairing.services.rounds import round_publish
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.warnings import Level
from tournaments.models import (
    ByeKind,
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Result,
    RoundState,
    Tournament,
)
from tournaments.services.availability import bye_request, player_withdraw
from tournaments.services.integrity import integrity_event_undo
from tournaments.services.players import PlayerData, player_update
from tournaments.services.results import game_enter_result
from tournaments.versions import tournament_version

pytestmark = pytest.mark.django_db


def _board_one(tournament: Tournament, number: int = 1) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=number, board=1)


def _enter(tournament: Tournament, by: User, result: Result, expected: str = "") -> None:
    game_enter_result(
        game=_board_one(tournament),
        result=result,
        by=by,
        expected_previous=expected,
        confirmed=Level.CONFIRM,
    )


def _result(tournament: Tournament, by: User) -> None:
    _enter(tournament, by, Result.WHITE_WINS)


def _correction(tournament: Tournament, by: User) -> None:
    _enter(tournament, by, Result.WHITE_WINS)
    _enter(tournament, by, Result.BLACK_WINS, expected=Result.WHITE_WINS)


def _publication(tournament: Tournament, by: User) -> None:
    round_publish(rnd=tournament.round_set.get(number=2), by=by)


def _withdrawal(tournament: Tournament, by: User) -> None:
    player_withdraw(player=tournament.players.get(pairing_number=3), from_round=3, by=by)


def _bye(tournament: Tournament, by: User) -> None:
    player = tournament.players.get(pairing_number=4)
    bye_request(player=player, round_number=3, kind=ByeKind.HALF_POINT, by=by)


def _player_edit(tournament: Tournament, by: User) -> None:
    player = tournament.players.get(pairing_number=2)
    player_update(player=player, data=PlayerData(name="Renamed, Zoe", rating=2480), by=by)


def _undo(tournament: Tournament, by: User) -> None:
    _correction(tournament, by)
    event = IntegrityEvent.objects.get(tournament=tournament, kind=IntegrityEventKind.CORRECTION)
    integrity_event_undo(event=event, by=by, confirmed=Level.CONFIRM)


@dataclass(frozen=True, slots=True)
class Change:
    """A change made through its service, a public page that shows it and what it shows."""

    make: Callable[[Tournament, User], None]
    page: str
    shows: str
    hides: str = ""


CHANGES = {
    "result": Change(_result, "round/1/", "1-0"),
    "correction": Change(_correction, "round/1/", "0-1", hides="1-0"),
    "publication": Change(_publication, "round/2/", "Player 3", hides="not published yet"),
    "withdrawal": Change(_withdrawal, "standings/", "(withdrawn)"),
    "bye": Change(_bye, "player/4/", "Player 4"),
    "player edit": Change(_player_edit, "round/1/", "Renamed, Zoe"),
    "undo of a correction": Change(_undo, "round/1/", "1-0", hides="0-1"),
}


def _tournament(arbiter: User) -> Tournament:
    """Six players named "Player n": round 1 published, board 1 without a result and the
    other boards drawn; rounds 2 to 5 not paired."""
    tournament = tournament_with_players(6, arbiter=arbiter)
    for player in tournament.players.all():
        player.name = f"Player {player.pairing_number}"
        player.save()
    pair_round(tournament, 1, RoundState.PUBLISHED)
    Game.objects.filter(round__tournament=tournament, round__number=1, board__gt=1).update(
        result=Result.DRAW
    )
    return tournament


@pytest.mark.parametrize("kind", CHANGES)
def test_every_change_a_page_shows_moves_the_version_and_the_page_on(
    client: Client, arbiter: User, kind: str
) -> None:
    change = CHANGES[kind]
    tournament = _tournament(arbiter)
    if kind == "withdrawal":
        _enter(tournament, arbiter, Result.WHITE_WINS)  # round 1 completed: standings exist
    if kind == "publication":
        pair_round(tournament, 2, RoundState.PAIRED)
    url = f"/t/{tournament.slug}/{change.page}"
    before = client.get(url)
    assert before.status_code == 200
    assert client.get(url, headers={"If-None-Match": before["ETag"]}).status_code == 304
    version = tournament_version(tournament.slug)

    change.make(tournament, arbiter)

    assert tournament_version(tournament.slug) != version
    after = client.get(url, headers={"If-None-Match": before["ETag"]})
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    html = after.content.decode()
    assert change.shows in html
    if change.hides:
        assert change.hides not in html


def test_an_unchanged_poll_gets_a_304_without_a_body(client: Client, arbiter: User) -> None:
    tournament = _tournament(arbiter)
    url = f"/t/{tournament.slug}/round/1/"
    first = client.get(url, headers={"HX-Request": "true"})

    again = client.get(url, headers={"HX-Request": "true", "If-None-Match": first["ETag"]})

    assert first.status_code == 200 and first["ETag"]
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == first["ETag"]


def test_the_page_and_its_fragment_have_different_etags(client: Client, arbiter: User) -> None:
    tournament = _tournament(arbiter)
    url = f"/t/{tournament.slug}/round/1/"

    page = client.get(url)
    fragment = client.get(url, headers={"HX-Request": "true", "If-None-Match": page["ETag"]})

    assert fragment.status_code == 200 and fragment["ETag"] != page["ETag"]
    assert "<h1>" in page.content.decode() and "<h1>" not in fragment.content.decode()


def test_a_kept_page_is_served_without_a_query(
    client: Client, arbiter: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = _tournament(arbiter)
    url = f"/t/{tournament.slug}/standings/"
    _enter(tournament, arbiter, Result.WHITE_WINS)
    first = client.get(url).content

    with django_assert_num_queries(0):  # the version and the page: both from the cache
        assert client.get(url).content == first


def test_a_worker_serves_a_page_it_kept_from_its_own_memory(
    client: Client, arbiter: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = _tournament(arbiter)
    url = f"/t/{tournament.slug}/standings/"
    first = client.get(url).content
    cache.clear()  # the shared cache lost everything (Redis restarted)

    with django_assert_num_queries(1):  # the version again; the page is not rendered again
        assert client.get(url).content == first


PUBLIC_PAGES = [
    "",
    "round/1/",
    "player/1/",
    "standings/",
    "standings/1/",
    "crosstable/",
]


@pytest.mark.parametrize("page", PUBLIC_PAGES)
def test_anonymous_public_pages_set_no_cookie_and_may_be_kept_by_a_proxy(
    client: Client, arbiter: User, page: str
) -> None:
    tournament = _tournament(arbiter)
    _enter(tournament, arbiter, Result.WHITE_WINS)

    for _ in range(2):  # rendered, then from the cache
        response = client.get(f"/t/{tournament.slug}/{page}")
        assert response.status_code == 200
        assert not response.cookies
        assert "Cookie" not in response.get("Vary", "")
        assert "public" in response["Cache-Control"] and "max-age=" in response["Cache-Control"]
        assert "X-CSRFToken" not in response.content.decode()


def test_the_list_of_tournaments_is_kept_until_one_changes(client: Client, arbiter: User) -> None:
    tournament = _tournament(arbiter)
    first = client.get("/")
    assert not first.cookies
    assert client.get("/", headers={"If-None-Match": first["ETag"]}).status_code == 304

    _result(tournament, arbiter)

    assert client.get("/", headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_a_signed_in_arbiter_gets_private_pages_with_the_csrf_header(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = _tournament(arbiter)

    response = arbiter_client.get(f"/t/{tournament.slug}/round/1/")

    assert "private" in response["Cache-Control"]
    assert "ETag" not in response
    assert "X-CSRFToken" in response.content.decode()
