"""Checklist questions on the path that the dossier (docs/fide-mode.md) answers with a run
through the site (issue 29, deliverable 8): a withdrawn player is marked in the standings
(Q170); no page needs anything from the internet (Q223)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tournaments.services.availability import player_withdraw

pytestmark = pytest.mark.django_db


def test_a_withdrawn_player_is_marked_in_the_standings(client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 1, published=False)
    player_withdraw(player=tournament.players.get(pairing_number=4), from_round=2, by=arbiter)

    page = client.get(f"/t/{tournament.slug}/standings/").content.decode()

    row = next(row for row in page.split("<tr") if ">Player" in row and "withdrawn" in row)
    assert '<span class="muted">(withdrawn)</span>' in row
    assert page.count("(withdrawn)") == 1


def test_no_page_loads_anything_from_another_site(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 1)
    slug = tournament.slug
    pages = (
        "/",
        f"/t/{slug}/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/round/2/results/",
        "/help/",
    )
    loaded = re.compile(
        r'<(?:script|link|img|iframe|source|video|audio)\b[^>]*\s(?:src|href)="(?:https?:)?//[^"]*"',
        re.IGNORECASE,
    )

    for url in pages:
        response = arbiter_client.get(url, follow=True)
        assert response.status_code == 200, url
        assert loaded.findall(response.content.decode()) == [], url
