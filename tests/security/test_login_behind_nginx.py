"""Issue 30 acceptance, through the shipped nginx (`config/nginx.conf`) in front of a live server
with `TRUSTED_PROXIES` naming nginx: five wrong passwords from one client lock that client, not
the arbiter on another client; a client cannot pass for another with its own X-Forwarded-For;
refused tries during the cool-off don't extend it (a cool-off of 3 s)."""

from __future__ import annotations

import shutil
import time
from datetime import timedelta
from typing import Any

import pytest
from axes.models import AccessAttempt
from pytest_django.live_server_helper import LiveServer

from tests.conftest import require_server
from tests.factories import UserFactory
from tests.security.nginx import Browser, nginx_in_front_of

PASSWORD = "correct horse battery staple"
LOGIN = "/accounts/login/"
ATTACKER, ARBITER = "127.0.0.2", "127.0.0.3"


@pytest.fixture
def proxy(live_server: LiveServer, settings: Any) -> Any:
    require_server(shutil.which("nginx") is not None, "nginx")
    settings.TRUSTED_PROXIES = ["127.0.0.1"]  # nginx reaches the server from 127.0.0.1
    settings.ALLOWED_HOSTS = ["127.0.0.1"]
    UserFactory.create(username="arbiter")
    with nginx_in_front_of(live_server.url.removeprefix("http://")) as port:
        yield port


def _login(browser: Browser, password: str, **headers: str) -> int:
    return browser.post_form(LOGIN, {"username": "arbiter", "password": password}, **headers)


@pytest.mark.django_db(transaction=True)
def test_wrong_passwords_lock_their_client_not_the_arbiter_on_another(proxy: int) -> None:
    attacker, arbiter = Browser(proxy, ATTACKER), Browser(proxy, ARBITER)
    statuses = [_login(attacker, "wrong", **{"X-Forwarded-For": ARBITER}) for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert _login(attacker, PASSWORD) == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {ATTACKER}
    assert _login(arbiter, PASSWORD) == 302, "the arbiter's own client is not locked"


@pytest.mark.django_db(transaction=True)
def test_refused_tries_through_nginx_do_not_extend_the_cool_off(proxy: int, settings: Any) -> None:
    settings.AXES_COOLOFF_TIME = timedelta(seconds=3)
    attacker = Browser(proxy, ATTACKER)
    for _ in range(4):
        _login(attacker, "wrong")
    assert _login(attacker, "wrong") == 429
    locked_at = time.monotonic()
    refused = 0
    while time.monotonic() - locked_at < 2.5:  # a third party on the same address keeps trying
        assert _login(attacker, "wrong") == 429
        refused += 1
    assert refused >= 3
    time.sleep(max(0.0, locked_at + 3.2 - time.monotonic()))
    assert _login(attacker, PASSWORD) == 302, "the lock ended 3 s after the fifth failure"
