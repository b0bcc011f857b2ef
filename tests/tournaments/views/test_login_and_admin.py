"""Arbiter login, and the Django admin: tournament data read-only, superusers included (every
registered model: tests/test_admin_read_only.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.services.trf_import import tournament_import_trf
from tests.factories import UserFactory
from tests.tournaments.conftest import WORKED_EXAMPLE, Snapshot
from tournaments.models import Game, Result, Tournament, TournamentRole

pytestmark = pytest.mark.django_db


def test_the_login_page_shows_the_form(client: Client) -> None:
    response = client.get("/accounts/login/")

    assert response.status_code == 200
    html = response.content.decode()
    assert "Arbiter login" in html and 'name="password"' in html


def test_an_arbiter_logs_in_and_sees_their_name(client: Client) -> None:
    UserFactory.create(username="rossi")

    response = client.post(
        "/accounts/login/",
        {"username": "rossi", "password": "correct horse battery staple"},
        follow=True,
    )

    assert response.status_code == 200
    assert "rossi" in response.content.decode() and "Log out" in response.content.decode()


def test_a_wrong_password_is_refused_with_a_message(client: Client) -> None:
    UserFactory.create(username="rossi")

    response = client.post("/accounts/login/", {"username": "rossi", "password": "wrong"})

    assert response.status_code == 200
    assert "enter a correct username and password" in response.content.decode()


@pytest.fixture
def imported() -> Tournament:
    return tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))


def test_a_superuser_cannot_change_a_result_through_the_admin(
    admin_client: Client, imported: Tournament, snapshot: Callable[[], Snapshot]
) -> None:
    game = Game.objects.filter(round__tournament=imported, result=Result.WHITE_WINS).first()
    assert game is not None
    before = snapshot()

    response = admin_client.post(
        f"/admin/tournaments/game/{game.pk}/change/",
        {
            "round": game.round_id,
            "board": game.board,
            "white": game.white_id,
            "black": game.black_id,
            "result": Result.BLACK_WINS,
        },
    )

    assert response.status_code == 403
    assert snapshot() == before


def test_a_superuser_cannot_change_or_delete_a_tournament_through_the_admin(
    admin_client: Client, imported: Tournament, snapshot: Callable[[], Snapshot]
) -> None:
    before = snapshot()
    url = f"/admin/tournaments/tournament/{imported.pk}"

    changed = admin_client.post(f"{url}/change/", {"name": "Renamed", "rounds": 1})
    deleted = admin_client.post(f"{url}/delete/", {"post": "yes"})
    bulk = admin_client.post(
        "/admin/tournaments/tournament/",
        {"action": "delete_selected", "_selected_action": [imported.pk], "post": "yes"},
    )
    added = admin_client.post("/admin/tournaments/tournamentrole/add/", {"role": "chief"})

    assert (changed.status_code, deleted.status_code, added.status_code) == (403, 403, 403)
    assert bulk.status_code in {200, 302}
    assert snapshot() == before
    assert not TournamentRole.objects.exists()


def test_the_admin_needs_a_staff_login(client: Client) -> None:
    assert User.objects.count() == 0
    assert client.get("/admin/tournaments/tournament/").status_code == 302
