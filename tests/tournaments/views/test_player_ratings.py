"""Ratings per round in a tournament over 30 days (C.07 10; VCL Q212-Q213), through the
player page: recorded, replaced, removed, refused with a message."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tournaments.models import AuditEntry, Tournament
from tournaments.models.players import PlayerRating

pytestmark = pytest.mark.django_db


def rating_url(tournament: Tournament, number: int = 1) -> str:
    return f"/t/{tournament.slug}/manage/player/{number}/rating/"


def long_tournament(arbiter: User) -> Tournament:
    tournament = tournament_with_players(4, rounds=7, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(long_event=True)
    tournament.refresh_from_db()
    return tournament


def later(tournament: Tournament) -> list[tuple[int, int]]:
    return list(
        PlayerRating.objects.filter(player__tournament=tournament).values_list(
            "from_round", "rating"
        )
    )


def test_the_arbiter_records_replaces_and_removes_a_rating(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = long_tournament(arbiter)

    arbiter_client.post(rating_url(tournament), {"from_round": "4", "rating": "2120"})
    arbiter_client.post(rating_url(tournament), {"from_round": "6", "rating": "2140"})
    assert later(tournament) == [(4, 2120), (6, 2140)]

    arbiter_client.post(rating_url(tournament), {"from_round": "4", "rating": "2110"})
    assert later(tournament) == [(4, 2110), (6, 2140)]

    response = arbiter_client.post(rating_url(tournament), {"from_round": "6", "rating": ""})
    assert response.status_code == 302
    assert later(tournament) == [(4, 2110)]
    assert AuditEntry.objects.filter(note__startswith="rating per round").count() == 4


def test_the_player_page_lists_the_ratings_of_a_long_event(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = long_tournament(arbiter)
    arbiter_client.post(rating_url(tournament), {"from_round": "5", "rating": "1999"})

    page = arbiter_client.get(f"/t/{tournament.slug}/manage/player/1/").content.decode()

    assert "Ratings per round" in page and "1999" in page


def test_a_short_tournament_has_no_ratings_per_round(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4, rounds=7, arbiter=arbiter)
    before = snapshot()

    response = arbiter_client.post(
        rating_url(tournament), {"from_round": "3", "rating": "2000"}, follow=True
    )

    assert "lasting over 30 days" in response.content.decode()
    assert 'id="ratings-heading"' not in response.content.decode()
    assert snapshot() == before


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"from_round": "1", "rating": "2000"}, "From round"),
        ({"from_round": "8", "rating": "2000"}, "from round 2 to 7"),
        ({"from_round": "3", "rating": "3600"}, "Write a rating from 0 to 3500"),
        ({"from_round": "3", "rating": "²"}, "Write a rating from 0 to 3500"),
        ({"from_round": "x"}, "From round"),
        ({"from_round": "3", "rating": ""}, "has no rating recorded from round 3"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_saves_nothing(
    arbiter_client: Client,
    arbiter: User,
    snapshot: Callable[[], Snapshot],
    data: dict[str, str],
    message: str,
) -> None:
    tournament = long_tournament(arbiter)
    before = snapshot()

    response = arbiter_client.post(rating_url(tournament), data, follow=True)

    assert response.status_code == 200
    assert message in response.content.decode()
    assert snapshot() == before


def test_an_unknown_player_is_a_404(arbiter_client: Client, arbiter: User) -> None:
    tournament = long_tournament(arbiter)

    response = arbiter_client.post(rating_url(tournament, 99), {"from_round": "3"})

    assert response.status_code == 404
