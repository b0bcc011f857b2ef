"""Arbiter login and the Django admin of every tournament model."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import WORKED_EXAMPLE
from tournaments.services.tournaments import tournament_import_trf

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


@pytest.mark.parametrize(
    "model", ["tournament", "player", "round", "game", "bye", "forbiddenpair", "auditentry"]
)
def test_the_admin_lists_every_model(admin_client: Client, model: str) -> None:
    tournament = tournament_import_trf(text=WORKED_EXAMPLE.read_text(encoding="utf-8"))

    assert admin_client.get(f"/admin/tournaments/{model}/").status_code == 200
    assert (
        admin_client.get(f"/admin/tournaments/tournament/{tournament.pk}/change/").status_code
        == 200
    )


def test_the_admin_needs_a_staff_login(client: Client) -> None:
    assert User.objects.count() == 0
    assert client.get("/admin/tournaments/tournament/").status_code == 302
