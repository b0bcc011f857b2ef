"""Issue 31, the small frictions a newcomer met: the officer's Exports link, the sign-up link on
the home page, messages on the home, exports and 403 pages, /favicon.ico, an officer's
federation typed in lower case."""

from __future__ import annotations

from typing import cast

import pytest
from django.conf import settings
from django.contrib import messages
from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django_htmx.middleware import HtmxMiddleware

from tests.factories import UserFactory
from tournaments.admin import FederationOfficerForm
from tournaments.http import HtmxHttpRequest
from tournaments.models import FederationOfficer
from tournaments.views.public import home

pytestmark = pytest.mark.django_db

EXPORTS_LINK = 'href="/exports/"'


def test_a_federation_officer_has_the_exports_link_an_arbiter_has_not(client: Client) -> None:
    officer = UserFactory.create(username="officer")
    FederationOfficer.objects.create(user=officer, federation="ITA")
    client.force_login(UserFactory.create(username="arbiter"))
    assert EXPORTS_LINK not in client.get("/").content.decode()

    client.force_login(officer)

    assert EXPORTS_LINK in client.get("/").content.decode()


def test_the_home_page_invites_to_sign_up(client: Client) -> None:
    html = client.get("/").content.decode()

    assert 'href="/accounts/signup/"' in html


def test_the_home_page_shows_a_signed_in_users_messages() -> None:
    request = RequestFactory().get("/")
    SessionMiddleware(lambda _: HttpResponse()).process_request(request)
    MessageMiddleware(lambda _: HttpResponse()).process_request(request)
    request.user = UserFactory.create(username="arbiter")
    request.COOKIES[settings.SESSION_COOKIE_NAME] = "signed-in"
    HtmxMiddleware(lambda _: HttpResponse())(request)
    messages.success(request, "The tournament was deleted.")

    html = home(cast(HtmxHttpRequest, request)).content.decode()

    assert "The tournament was deleted." in html


def test_favicon_ico_leads_to_the_sites_icon(client: Client) -> None:
    response = client.get("/favicon.ico")

    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")


def test_an_officers_federation_may_be_typed_in_lower_case() -> None:
    user = UserFactory.create(username="officer")
    form = FederationOfficerForm(data={"user": user.pk, "federation": "ita"})

    assert form.is_valid(), form.errors
    assert form.save().federation == "ITA"
