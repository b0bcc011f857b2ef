"""Production security (issue 14): `check --deploy` with the documented production settings,
the Content-Security-Policy, login rate limiting, `next=` open redirects, the password reset."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "correct horse battery staple"
PRODUCTION = {
    "DEBUG": "0",
    "SECRET_KEY": "a-production-secret-key-of-fifty-random-characters-x9Zq",
    "HTTPS": "1",
    "ALLOWED_HOSTS": "chess.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://chess.example.org",
    "SECURE_HSTS_SECONDS": "31536000",
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": "1",
    "SECURE_HSTS_PRELOAD": "1",
    "EMAIL_HOST": "smtp.example.org",
}
"""The production profile of docs/deployment.md."""


def test_check_deploy_is_clean_with_the_documented_production_settings() -> None:
    environment = {**os.environ, **PRODUCTION, "DJANGO_SETTINGS_MODULE": "config.settings"}
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


@pytest.mark.django_db
def test_pages_carry_a_content_security_policy_without_inline_code(client: Client) -> None:
    policy = client.get(reverse("home"))["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in policy


def _login(client: Client, username: str, password: str, **extra: str) -> int:
    data = {"username": username, "password": password, **extra}
    return client.post(reverse("login"), data).status_code


@pytest.mark.django_db
def test_logins_are_refused_after_too_many_failures_until_the_cool_off() -> None:
    UserFactory.create(username="arbiter")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, "arbiter", "wrong") == 200  # the form again, with its error
    assert _login(client, "arbiter", "wrong") == 429
    assert _login(client, "arbiter", PASSWORD) == 429, "the right password too, while locked"
    assert "_auth_user_id" not in client.session
    later = timezone.now() + settings.AXES_COOLOFF_TIME + timedelta(minutes=1)
    with time_machine.travel(later):
        assert _login(client, "arbiter", PASSWORD) == 302
        assert "_auth_user_id" in client.session


@pytest.mark.django_db
def test_a_success_clears_the_failure_count() -> None:
    UserFactory.create(username="arbiter")
    client = Client()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _login(client, "arbiter", "wrong")
    assert _login(client, "arbiter", PASSWORD) == 302
    client.logout()
    assert _login(client, "arbiter", "wrong") == 200


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("username", "counted"), [("x" * 300, True), ("é" * 256, True), ("arbiter\x00", False)]
)
def test_a_hostile_username_is_refused_not_a_server_error(username: str, counted: bool) -> None:
    """Over-long names are counted by axes (cut to 150 characters); a NUL is refused by the
    login form before any authentication."""
    UserFactory.create(username="arbiter")
    client = Client(raise_request_exception=False)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, username, "wrong") == 200
    assert _login(client, username, "wrong") == (429 if counted else 200)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "target", ["https://evil.example/", "//evil.example/", "https:evil.example", "\\\\evil.example"]
)
def test_login_and_signup_never_redirect_to_another_site(client: Client, target: str) -> None:
    UserFactory.create(username="arbiter")
    response = client.post(
        reverse("login"), {"username": "arbiter", "password": PASSWORD, "next": target}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse(settings.LOGIN_REDIRECT_URL)
    client.logout()
    signup = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post(reverse("signup"), {**signup, "next": target})
    assert response["Location"] == reverse("home")


@pytest.mark.django_db
def test_an_arbiter_resets_a_forgotten_password_through_the_emailed_link(client: Client) -> None:
    UserFactory.create(username="arbiter", email="arbiter@example.org")
    response = client.post(reverse("password_reset"), {"email": "arbiter@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+/)", str(mail.outbox[0].body))
    assert link is not None, mail.outbox[0].body
    form_page = client.get(link.group(1), follow=True)
    assert form_page.context["validlink"]
    new = "a brand new passphrase"
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}
    )
    assert done["Location"] == reverse("password_reset_complete")
    assert _login(client, "arbiter", PASSWORD) == 200
    assert _login(client, "arbiter", new) == 302
    assert client.get(link.group(1), follow=True).context["validlink"] is False


@pytest.mark.django_db
def test_an_unknown_address_gets_the_same_answer_and_no_mail(client: Client) -> None:
    User.objects.create_user("arbiter", "arbiter@example.org", PASSWORD)
    response = client.post(reverse("password_reset"), {"email": "nobody@example.org"})
    assert response["Location"] == reverse("password_reset_done")
    assert mail.outbox == []
