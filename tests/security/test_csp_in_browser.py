"""The Content-Security-Policy in a real Chromium: the main pages, public and arbiter, load and
run htmx without one violation reported (console messages and `securitypolicyviolation`
events), and the password reset pages are screenshotted (var/screenshots/, to be looked at)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.screenshots import screenshot
from tests.security.world import build_world

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RECORD_VIOLATIONS = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


def test_the_main_pages_run_under_the_policy_without_a_violation(
    live_server: LiveServer, chromium: Any, client: Client
) -> None:
    world = build_world()
    slug = world.ours.tournament.slug
    client.force_login(world.arbiter)
    session = client.cookies["sessionid"].value
    pages = [
        "/",
        f"/t/{slug}/",
        f"/t/{slug}/round/2/",
        f"/t/{slug}/player/1/",
        f"/t/{slug}/standings/",
        f"/t/{slug}/crosstable/",
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/edit/",
        f"/t/{slug}/manage/players/",
        f"/t/{slug}/manage/player/1/",
        f"/t/{slug}/manage/round/2/results/",
        f"/t/{slug}/manage/round/3/pairing/",
        f"/t/{slug}/manage/arbiters/",
        f"/t/{slug}/manage/events/",
    ]
    context = session_context(chromium, live_server.url, session, 1280)
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    violations: list[str] = []
    for path in pages:
        response = page.goto(live_server.url + path)
        assert response is not None and response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert page.evaluate("typeof htmx") == "object", path
        violations += [f"{path}: {v}" for v in page.evaluate("window.cspViolations")]
    # htmx at work: the pairing page asks the engine (a POST swapping in the run's status).
    page.goto(live_server.url + f"/t/{slug}/manage/round/3/pairing/")
    page.get_by_role("button", name="Pair round 3").first.click()
    page.wait_for_load_state("networkidle")
    violations += page.evaluate("window.cspViolations")
    context.close()
    assert violations == []
    assert [line for line in console if "Content Security Policy" in line] == []


def test_the_password_reset_pages_look_right(live_server: LiveServer, chromium: Any) -> None:
    page = chromium.new_page(viewport={"width": 390, "height": 800})
    page.goto(live_server.url + "/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()
    page.fill("input[name=email]", "nobody@example.org")
    screenshot(page, "password-reset-390")
    page.get_by_role("button", name="Send the link").click()
    page.get_by_role("heading", name="Check your e-mail").wait_for()
    screenshot(page, "password-reset-sent-390")
    page.goto(live_server.url + "/accounts/reset/MQ/forged-token/")
    page.get_by_role("heading", name="This link no longer works").wait_for()
    screenshot(page, "password-reset-invalid-390")
