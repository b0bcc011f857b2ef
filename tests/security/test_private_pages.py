"""Issue 30: the arbiters' pages are never kept by a browser or a proxy."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import TournamentFactory, TournamentRoleFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter_client(client: Client) -> tuple[Client, str]:
    user: User = UserFactory.create()
    tournament = TournamentFactory.create()
    TournamentRoleFactory.create(tournament=tournament, user=user)
    client.force_login(user)
    return client, tournament.slug


@pytest.mark.parametrize("page", ["manage/", "manage/players/", "manage/edit/", "manage/arbiters/"])
def test_arbiter_pages_say_private_no_store(arbiter_client: tuple[Client, str], page: str) -> None:
    client, slug = arbiter_client
    response = client.get(f"/t/{slug}/{page}")

    assert response.status_code in {200, 302}, page
    assert response["Cache-Control"] == "private, no-store"


def test_the_login_page_says_private_no_store(client: Client) -> None:
    assert client.get("/accounts/login/")["Cache-Control"] == "private, no-store"


def test_public_pages_keep_their_own_caching_for_anonymous_visitors(client: Client) -> None:
    tournament = TournamentFactory.create()
    response = client.get(f"/t/{tournament.slug}/")

    assert response.status_code == 200
    assert "no-store" not in response.get("Cache-Control", "")
