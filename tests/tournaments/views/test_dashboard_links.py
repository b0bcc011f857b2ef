"""The dashboard leads the arbiter to every arbiter page, the live standings among them (they
had no link: only their address reached them)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import tournament_with_players

pytestmark = pytest.mark.django_db


def test_the_dashboard_links_the_live_standings(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)

    page = arbiter_client.get(reverse("manage-dashboard", args=[tournament.slug])).content.decode()

    assert f'href="{reverse("standings-live", args=[tournament.slug])}"' in page
    assert ">Live standings</a>" in page
