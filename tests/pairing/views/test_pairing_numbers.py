"""The round robin's pairing-numbers page: drawn by lot or set by hand (C.05 Annex 1; VCL Q95),
refused with a message when wrong, locked once round 1 is paired."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.roundrobin import pair_and_publish, round_robin
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(arbiter: User, enqueued: list[int]) -> Tournament:
    return round_robin(arbiter, 4)


def url(tournament: Tournament, action: str = "") -> str:
    return f"/t/{tournament.slug}/manage/numbers/{action}"


def test_the_arbiter_draws_the_numbers_by_lot(
    client: Client, arbiter: User, closed: Tournament
) -> None:
    client.force_login(arbiter)
    assert "Not drawn yet" in client.get(url(closed)).content.decode()

    response = client.post(url(closed, "draw/"), {"by_lot": ""}, follow=True)

    closed.refresh_from_db()
    assert closed.numbers_drawn and closed.numbers_seed is not None
    assert f"Drawn by lot (seed {closed.numbers_seed}): 3 rounds." in response.content.decode()


def test_the_arbiter_sets_the_numbers_by_hand(
    client: Client, arbiter: User, closed: Tournament
) -> None:
    client.force_login(arbiter)
    players = list(closed.players.order_by("pairing_number"))
    numbers = {f"number_{p.pk}": str(len(players) - i) for i, p in enumerate(players)}

    client.post(url(closed, "draw/"), {**numbers, "by_hand": ""})

    assert [p.name for p in closed.players.order_by("pairing_number")] == [
        p.name for p in reversed(players)
    ]


def test_the_same_number_twice_is_refused_with_a_message(
    client: Client, arbiter: User, closed: Tournament
) -> None:
    client.force_login(arbiter)
    numbers = {f"number_{p.pk}": "1" for p in closed.players.all()}

    response = client.post(url(closed, "draw/"), {**numbers, "by_hand": ""})

    assert response.status_code == 422
    assert "Give each player a different number from 1 to 4." in response.content.decode()
    closed.refresh_from_db()
    assert not closed.numbers_drawn


def test_the_numbers_are_locked_once_round_1_is_paired(
    client: Client, arbiter: User, closed: Tournament
) -> None:
    client.force_login(arbiter)
    client.post(url(closed, "draw/"), {"by_lot": ""})
    pair_and_publish(closed, 1, arbiter)

    page = client.get(url(closed)).content.decode()
    response = client.post(url(closed, "draw/"), {"by_lot": ""}, follow=True)

    assert "the numbers are locked" in page
    assert "pairing numbers are fixed" in response.content.decode()


def test_only_the_tournament_s_arbiters_see_the_page(client: Client, closed: Tournament) -> None:
    client.force_login(UserFactory.create(username="visitor"))

    assert client.get(url(closed)).status_code == 403
    assert client.post(url(closed, "draw/"), {"by_lot": ""}).status_code == 403
