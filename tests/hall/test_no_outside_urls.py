"""Issue 34 deliverable 2: in a hall without Internet no page fetches anything from outside.
Every page an arbiter (staff too) reaches from the home page by following links, and every
stylesheet, is read for a resource, form or request addressed to another site: a script, a
stylesheet, an image, a font, a frame, a form's action, an htmx request, a CSS `url()` or
`@import`. Links the reader may follow to another site (`<a href>`) fetch nothing and are
allowed."""

from __future__ import annotations

import re
from collections import deque
from pathlib import Path
from urllib.parse import urldefrag, urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

from pairing.management.commands.load_demo import DEMO_FILE
from pairing.services.trf_import import tournament_import_trf
from tests.factories import TournamentRoleFactory, UserFactory

FETCHING = re.compile(
    r"""<(?!a\b)[a-z][^>]*?\s(?:src|srcset|href|action|poster|data|hx-(?:get|post|put|patch|delete)|sse-connect)\s*=\s*["']\s*(?P<url>(?:[a-z][a-z0-9+.-]*:)?//[^"'\s]+)""",
    re.IGNORECASE,
)
CSS_OUTSIDE = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(?P<url>(?:https?:)?//[^"')\s]+)""")
LINK = re.compile(r"""\s(?:href|hx-get)\s*=\s*["'](?P<url>/[^"'\s]*)["']""")
NOT_FOLLOWED = ("/accounts/logout/", "/admin/", "/static/", "/i18n/", "/events/", "/hall/")
MAX_PAGES = 400


@pytest.fixture
def arbiter(client: Client) -> Client:
    tournament = tournament_import_trf(text=DEMO_FILE.read_text(encoding="utf-8"), slug="demo")
    user = UserFactory.create(is_staff=True, is_superuser=True)
    TournamentRoleFactory.create(tournament=tournament, user=user, role="chief")
    client.force_login(user)
    return client


def _outside(text: str, pattern: re.Pattern[str]) -> list[str]:
    return [found["url"] for found in pattern.finditer(text)]


def test_the_check_finds_what_a_page_would_fetch_from_another_site() -> None:
    page = (
        '<script src="https://cdn.example.org/htmx.js"></script>'
        "<link rel=stylesheet href='//fonts.example.org/css'>"
        '<div hx-get="http://192.0.2.9/t/x/">'
        '<a href="https://handbook.fide.com/">the rules</a><img src="/static/img/logo.svg">'
    )
    css = '@import "https://fonts.example.org/a.css"; b { background: url(/static/img/x.png) }'

    assert _outside(page, FETCHING) == [
        "https://cdn.example.org/htmx.js",
        "//fonts.example.org/css",
        "http://192.0.2.9/t/x/",
    ]
    assert _outside(css, CSS_OUTSIDE) == ["https://fonts.example.org/a.css"]


@pytest.mark.django_db
def test_no_page_an_arbiter_reaches_fetches_anything_from_another_site(arbiter: Client) -> None:
    seen, queue, pages, problems = {"/"}, deque(["/", "/t/demo/"]), 0, []
    while queue and pages < MAX_PAGES:
        path = queue.popleft()
        response = arbiter.get(path)
        if response.status_code != 200 or "text/html" not in response.get("Content-Type", ""):
            continue
        pages += 1
        html = response.content.decode()
        problems += [f"{path}: {url}" for url in _outside(html, FETCHING)]
        problems += [f"{path}: {url}" for url in _outside(html, CSS_OUTSIDE)]
        for found in LINK.finditer(html):
            link = urldefrag(found["url"].replace("&amp;", "&")).url
            if urlsplit(link).path.startswith(NOT_FOLLOWED) or link in seen:
                continue
            seen.add(link)
            queue.append(link)

    assert pages > 40, f"the crawl reached only {pages} pages"
    assert problems == []


def test_no_stylesheet_fetches_anything_from_another_site() -> None:
    sheets = {
        path: Path(storage.path(path)).read_text(encoding="utf-8")
        for finder in finders.get_finders()
        for path, storage in finder.list([])
        if path.endswith(".css")
    }
    problems = [
        f"{sheet}: {url}" for sheet, text in sheets.items() for url in _outside(text, CSS_OUTSIDE)
    ]

    assert len(sheets) > 3
    assert problems == []
