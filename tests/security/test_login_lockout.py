"""Login that can't be turned against its users (issue 30): the client's address behind trusted
proxies, a lockout per username and address that refused tries don't extend, a limit per
address for password spraying, and limits on sign-up and password-reset posts."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.core import mail
from django.test import Client, RequestFactory
from django.urls import reverse
from django.utils import timezone

from config.client_address import client_address
from tests.factories import UserFactory

PASSWORD = "correct horse battery staple"
NGINX = "10.0.0.2"


def _address(remote: str, forwarded: str | None = None) -> str:
    extra = {"REMOTE_ADDR": remote}
    if forwarded is not None:
        extra["HTTP_X_FORWARDED_FOR"] = forwarded
    return client_address(RequestFactory().get("/", **extra))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("remote", "forwarded", "client"),
    [
        (NGINX, "203.0.113.7", "203.0.113.7"),  # nginx appended the client's address
        (NGINX, "1.2.3.4, 203.0.113.7", "203.0.113.7"),  # the client wrote 1.2.3.4 itself
        (NGINX, "1.2.3.4, 203.0.113.7, 10.0.0.9", "203.0.113.7"),  # two trusted hops
        (NGINX, "2001:db8::1", "2001:db8::1"),
        (NGINX, "[2001:db8::1]:4711", "2001:db8::1"),
        (NGINX, "203.0.113.7:4711", "203.0.113.7"),
        (NGINX, None, NGINX),  # nothing forwarded: the proxy itself
        (NGINX, "not an address", NGINX),
        ("198.51.100.1", "1.2.3.4", "198.51.100.1"),  # not a trusted proxy: the header is ignored
    ],
)
def test_the_client_address_is_read_only_from_trusted_proxies(
    settings: Any, remote: str, forwarded: str | None, client: str
) -> None:
    settings.TRUSTED_PROXIES = [NGINX, "10.0.0.8/30"]
    assert _address(remote, forwarded) == client


def test_without_trusted_proxies_the_header_is_never_believed(settings: Any) -> None:
    settings.TRUSTED_PROXIES = []
    assert _address("127.0.0.1", "203.0.113.7") == "127.0.0.1"


def _login(client: Client, username: str, password: str) -> int:
    data = {"username": username, "password": password}
    return client.post(reverse("login"), data).status_code


def _client(address: str) -> Client:
    return Client(REMOTE_ADDR=address)


@pytest.mark.django_db
def test_another_address_is_not_locked_out_by_an_attackers_failures() -> None:
    UserFactory.create(username="arbiter")
    attacker, arbiter = _client("203.0.113.66"), _client("198.51.100.10")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(attacker, "arbiter", "wrong")
    assert _login(attacker, "arbiter", PASSWORD) == 429
    assert _login(arbiter, "arbiter", PASSWORD) == 302


@pytest.mark.django_db
def test_refused_tries_during_the_cool_off_do_not_extend_it() -> None:
    UserFactory.create(username="arbiter")
    client = _client("203.0.113.66")
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        for _ in range(settings.AXES_FAILURE_LIMIT):
            _login(client, "arbiter", "wrong")
    cool_off = settings.AXES_COOLOFF_TIME
    # one refused try a minute before the end of the cool-off, as an attacker keeping it locked
    with time_machine.travel(start + cool_off - timedelta(minutes=1), tick=False):
        assert _login(client, "arbiter", "wrong") == 429
    with time_machine.travel(start + cool_off + timedelta(seconds=1), tick=False):
        assert _login(client, "arbiter", PASSWORD) == 302


@pytest.mark.django_db
def test_one_address_trying_many_usernames_is_locked_at_the_address_limit(
    settings: Any,
) -> None:
    settings.AXES_ADDRESS_FAILURE_LIMIT = 8
    UserFactory.create(username="arbiter")
    sprayer = _client("203.0.113.66")
    for number in range(8):
        assert _login(sprayer, f"user{number}", "Summer2026!") == 200
    assert _login(sprayer, "arbiter", PASSWORD) == 429, "the address is locked, for every username"
    assert _login(_client("198.51.100.10"), "arbiter", PASSWORD) == 302


def _reset(client: Client, email: str) -> int:
    return client.post(reverse("password_reset"), {"email": email}).status_code


@pytest.mark.django_db
def test_password_reset_posts_are_limited_per_address_and_per_email(
    settings: Any,
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "password_reset": 3}
    UserFactory.create(username="arbiter", email="arbiter@example.org")
    first = _client("203.0.113.66")
    assert [_reset(first, f"x{n}@example.org") for n in range(4)] == [302, 302, 302, 429]
    assert _client("203.0.113.66").get(reverse("password_reset")).status_code == 200
    others = [_client(f"198.51.100.{n}") for n in range(1, 6)]
    statuses = [_reset(other, "arbiter@example.org") for other in others]
    assert statuses == [302, 302, 302, 429, 429], "one mailbox: three e-mails an hour at most"
    assert len(mail.outbox) == 3


@pytest.mark.django_db
def test_sign_up_posts_are_limited_per_address(settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "signup": 2}
    client = _client("203.0.113.66")
    data = {"username": "", "password1": "x", "password2": "y"}
    statuses = [client.post(reverse("signup"), data).status_code for _ in range(3)]
    assert statuses == [400, 400, 429]
    assert "too many times" in _client("203.0.113.66").post(reverse("signup"), data).text
    assert _client("198.51.100.1").post(reverse("signup"), data).status_code == 400
