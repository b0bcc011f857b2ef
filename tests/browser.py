"""The browser of the browser tests: Debian's Chromium driven by Playwright (never a browser
downloaded by `playwright install`). With CI set, a missing Chromium fails the test instead of
skipping it (`tests.conftest.require_server`)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from django.db import connection, connections

from tests.conftest import require_server

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-partial-raster",
]
"""`--disable-partial-raster`: the same page gives the same pixels on every run (without it, the
antialiased edges of rounded boxes differed from run to run, and so did the manual's pictures)."""
EXPECT_TIMEOUT_MS = 30_000
"""Playwright's assertions wait this long (5 s by default): the test machine may be busy."""


@pytest.fixture
def chromium() -> Iterator[Browser]:
    """A launched Chromium, closed after the test."""
    require_server(shutil.which(CHROMIUM) is not None, f"Chromium ({CHROMIUM})")
    from playwright.sync_api import expect, sync_playwright

    # The test's own ORM calls run beside Playwright's event loop.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    # The live server's threads must not keep their connections, or the test database could
    # not be dropped at the end.
    database = connection.settings_dict
    max_age = database["CONN_MAX_AGE"]
    database["CONN_MAX_AGE"] = 0
    expect.set_options(timeout=EXPECT_TIMEOUT_MS)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield browser
            finally:
                browser.close()
                # Connections opened while Playwright's loop ran belong to its context.
                connections.close_all()
    finally:
        del os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"]
        database["CONN_MAX_AGE"] = max_age
        expect.set_options(timeout=None)


def session_context(browser: Browser, server_url: str, session: str, width: int) -> BrowserContext:
    """A browser context `width` pixels wide, signed in with the session cookie `session` (a
    test client's, after `force_login`) for the live server at `server_url`."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": "sessionid", "value": session, "url": server_url}])
    return context
