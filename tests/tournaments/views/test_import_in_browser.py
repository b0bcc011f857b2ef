"""The whole-tournament import walked in a real Chromium: from the home page, a refused file
(its line shown), then a file whose last round differs from the engine (the Level-3 warning and
the boards), confirmed, each step a background job (run eagerly here: the job's page shows its
end at once; tests/integration/test_import_worker.py shows the progress bar of a real worker);
screenshots at 390 and 1280 pixels in var/screenshots/ (import-*.png)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.db import connection
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import UserFactory
from tests.screenshots import screenshot
from tests.tournaments.conftest import WORKED_EXAMPLE
from tournaments.models import ArbiterRole, IntegrityEvent, Tournament

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SCROLL_WIDTH = "document.scrollingElement.scrollWidth"


def altered_worked_example(tmp_path: Path) -> tuple[Path, Path]:
    """The worked example with one game of round 6 with its colours swapped, and a copy with
    an unknown colour on line 6."""
    text = WORKED_EXAMPLE.read_text(encoding="utf-8")
    column = 96 + 50
    game = next(
        (line[4:8].strip(), line[column - 5 : column - 1].strip())
        for line in text.splitlines()
        if line.startswith("001") and line[column] == "w"
    )
    lines = [
        line[:column] + ("b" if line[column] == "w" else "w") + line[column + 1 :]
        if line.startswith("001") and line[4:8].strip() in game
        else line
        for line in text.splitlines()
    ]
    differing, broken = tmp_path / "differing.trf", tmp_path / "broken.trf"
    differing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    broken.write_text(text.replace("8 w 1", "8 x 1", 1), encoding="utf-8")
    return differing, broken


def test_an_arbiter_imports_a_tournament_after_reading_the_preview(
    live_server: LiveServer, chromium: Browser, client: Client, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    arbiter = UserFactory.create(username="arbiter")
    client.force_login(arbiter)
    session = client.cookies["sessionid"].value
    differing, broken = altered_worked_example(tmp_path)

    for width in (390, 1280):
        context = session_context(chromium, live_server.url, session, width)
        page = context.new_page()
        page.goto(live_server.url + "/")
        page.click("text=Import a tournament")
        expect(page.locator("h1")).to_have_text("Import a tournament")
        screenshot(page, f"import-upload-{width}")

        page.set_input_files("input[name=file]", str(broken))
        page.click("text=Preview the import")
        expect(page.locator(".refused-line")).to_be_visible()
        expect(page.locator("[role=alert]")).to_contain_text(
            "line 6, column 97: round 1: unknown colour 'x'"
        )
        screenshot(page, f"import-refused-{width}")
        assert page.evaluate(SCROLL_WIDTH) <= width  # the long line scrolls in its box

        page.click("text=Upload a file again")
        page.set_input_files("input[name=file]", str(differing))
        page.click("text=Preview the import")
        expect(page.locator("#preview-heading")).to_contain_text("Worked example")
        expect(page.locator("[role=alert]")).to_contain_text("Level 3 · warning:")
        expect(page.locator("tr.warned")).to_have_count(1)
        screenshot(page, f"import-preview-{width}")
        if width == 390:
            page.click("text=Cancel")
            expect(page.locator("text=Preview the import")).to_be_visible()
            context.close()
            continue

        page.click("text=Import anyway")
        page.wait_for_url("**/manage/jobs/*/")
        expect(page.locator(".message-success")).to_contain_text("you are its chief arbiter")
        screenshot(page, f"import-done-{width}")
        page.click("text=Open the tournament")
        page.wait_for_url("**/t/*/manage/")
        context.close()

    tournament = Tournament.objects.get()
    roles = list(tournament.roles.values_list("user", "role"))
    events = list(IntegrityEvent.objects.values_list("round_number", flat=True))
    # Playwright's greenlets gave these queries their own connection: close it, or the test
    # database could not be dropped at the end of the run.
    connection.close()
    assert roles == [(arbiter.pk, ArbiterRole.CHIEF)]
    assert events == [6, 6]
