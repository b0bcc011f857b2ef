"""Exports: a tournament's TRF file for its arbiters and federation officers, and the officers'
page listing every tournament."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.trf import parse_trf
from tournaments.models import Result, RoundState

pytestmark = pytest.mark.django_db


def test_an_arbiter_downloads_the_tournament_as_trf16_and_trf26(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)  # type: ignore[arg-type]
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.WHITE_WINS)

    for kind, suffix in (("trf16", ""), ("trf26", "-trf26")):
        response = arbiter_client.get(f"/t/{tournament.slug}/export.trf?format={kind}")
        assert response.status_code == 200
        disposition = f'attachment; filename="{tournament.slug}{suffix}.trf"'
        assert response["Content-Disposition"] == disposition
        doc = parse_trf(response.content.decode())
        assert [p.pairing_number for p in doc.players] == [1, 2, 3, 4]
        assert doc.players[0].points == 2  # half-points: a win after round 1
    unknown = arbiter_client.get(f"/t/{tournament.slug}/export.trf?format=pdf")
    assert unknown.status_code == 400


def test_others_get_the_login_page_or_a_403_that_says_why(client: Client) -> None:
    tournament = tournament_with_players(2)
    url = f"/t/{tournament.slug}/export.trf"

    assert client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(UserFactory.create(username="someone"))
    refused = client.get(url)
    assert refused.status_code == 403
    assert "birth dates" in refused.content.decode()
    assert client.get("/exports/").status_code == 403


def test_a_federation_officer_lists_every_tournament_and_downloads_any(client: Client) -> None:
    first, second = tournament_with_players(3), tournament_with_players(2, rounds=3)
    pair_round(second, 1, RoundState.COMPLETED)
    client.force_login(UserFactory.create(username="officer", is_staff=True))

    page = client.get("/exports/").content.decode()

    for tournament in (first, second):
        assert tournament.name in page
        assert f"/t/{tournament.slug}/export.trf?format=trf26" in page
        assert f"/t/{tournament.slug}/standings.csv" in page
    assert "1/3" in page  # rounds completed
    assert client.get(f"/t/{first.slug}/export.trf").status_code == 200
