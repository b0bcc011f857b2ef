"""Sign-up: anyone creates a plain account (arbiters need one); bad input is a message."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough pass phrase 42"


def test_the_sign_up_page_shows_the_form_and_the_login_page_links_to_it(client: Client) -> None:
    html = client.get("/accounts/signup/").content.decode()

    assert 'name="username"' in html and 'name="password2"' in html
    assert 'href="/accounts/signup/' in client.get("/accounts/login/").content.decode()


def test_a_new_account_is_plain_logged_in_and_goes_on_to_next(client: Client) -> None:
    response = client.post(
        "/accounts/signup/",
        {"username": "bianchi", "password1": PASSWORD, "password2": PASSWORD, "next": "/t/x/"},
    )

    user = User.objects.get(username="bianchi")
    assert response.status_code == 302 and response["Location"] == "/t/x/"
    assert not (user.is_staff or user.is_superuser)
    assert int(client.session["_auth_user_id"]) == user.pk


def test_an_outside_next_is_ignored(client: Client) -> None:
    response = client.post(
        "/accounts/signup/?next=https://evil.example/",
        {"username": "bianchi", "password1": PASSWORD, "password2": PASSWORD},
    )

    assert response["Location"] == "/"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"username": "bianchi", "password1": PASSWORD, "password2": "other"}, "didn"),
        ({"username": "taken", "password1": PASSWORD, "password2": PASSWORD}, "already exists"),
        ({"username": "bianchi", "password1": "123", "password2": "123"}, "too short"),
        ({"username": "bad name!", "password1": PASSWORD, "password2": PASSWORD}, "Enter a valid"),
        ({"username": "x" * 200, "password1": PASSWORD, "password2": PASSWORD}, "at most 150"),
        ({}, "This field is required"),
    ],
)
def test_bad_input_is_shown_and_creates_no_account(
    client: Client, data: dict[str, str], message: str
) -> None:
    UserFactory.create(username="taken")

    response = client.post("/accounts/signup/", data)

    assert response.status_code == 400
    assert message in response.content.decode()
    assert User.objects.count() == 1


def test_sign_up_needs_the_csrf_token() -> None:
    client = Client(enforce_csrf_checks=True)

    response = client.post(
        "/accounts/signup/", {"username": "bianchi", "password1": PASSWORD, "password2": PASSWORD}
    )

    assert response.status_code == 403
    assert not User.objects.exists()
