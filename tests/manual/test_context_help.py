"""Context help: every page of the application leads to the manual section explaining it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import URLPattern, reverse

from config import urls as config_urls
from hub import urls as hub_urls
from pairing import urls as pairing_urls
from standings import urls as standings_urls
from tests.factories import TournamentFactory, TournamentRoleFactory, UserFactory
from tournaments import urls as tournaments_urls
from tournaments.manual.context import CONTEXT_HELP
from tournaments.manual.pages import contents, page_html
from tournaments.views.manual import SiteLinks

MANUAL_ITSELF = {"help", "help-print", "help-pdf", "help-page", "help-screenshot"}


ACCOUNTS = {"login", "logout", "signup"}


def _names(patterns: object) -> set[str]:
    assert isinstance(patterns, list)
    return {
        pattern.name
        for pattern in patterns
        if isinstance(pattern, URLPattern) and pattern.name is not None
    }


def test_every_page_of_the_apps_has_a_manual_section() -> None:
    accounts = {
        name
        for name in _names(config_urls.urlpatterns)
        if name in ACCOUNTS or name.startswith("password_reset")
    }
    # The pages config/urls.py composes (given another app's checks or ranks) are the apps' too.
    composed = {
        pattern.name
        for pattern in config_urls.urlpatterns
        if isinstance(pattern, URLPattern)
        and pattern.name is not None
        and pattern.callback.__module__.startswith(("tournaments.", "pairing.", "standings."))
    }
    names = (
        _names(tournaments_urls.urlpatterns)
        | composed
        | _names(pairing_urls.urlpatterns)
        | _names(standings_urls.urlpatterns)
        | _names(hub_urls.urlpatterns)
        | accounts
    ) - MANUAL_ITSELF
    missing = sorted(names - CONTEXT_HELP.keys())
    assert not missing, f"add these URL names to tournaments/manual/context.py: {missing}"


def test_every_context_help_entry_names_a_section_that_exists() -> None:
    anchors = {
        page.slug: {section.anchor for section in page_html(page, links=SiteLinks()).sections}
        for page in contents()
    }
    wrong = sorted(
        f"{name}: {target}"
        for name, target in CONTEXT_HELP.items()
        for page, _, anchor in (target.partition("#"),)
        if anchor not in anchors.get(page, set())
    )
    assert not wrong, f"no such manual page or section: {wrong}"


@pytest.mark.django_db
def test_an_arbiter_page_links_to_its_section_and_a_page_without_one_to_the_contents(
    client: Client,
) -> None:
    tournament = TournamentFactory.create()
    arbiter = UserFactory.create()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)

    dashboard = client.get(reverse("manage-dashboard", args=[tournament.slug]))
    contents_page = client.get(reverse("help"))

    section = reverse("help-page", args=["accounts-and-arbiters"]) + "#the-dashboard"
    assert f'<a class="help-link" href="{section}">Help</a>' in dashboard.content.decode()
    assert (
        f'<a class="help-link" href="{reverse("help")}">Help</a>' in contents_page.content.decode()
    )
