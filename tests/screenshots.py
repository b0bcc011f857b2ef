"""Where the browser tests' pictures go: the one place that decides it.

The suite never writes under the repository (tests/conftest.py checks `git status` after the
run): its pictures go to a temporary folder of the run (pytest's, per xdist worker), where a failing
test's last pictures can still be looked at. `make screenshots` sets MAKE_SCREENSHOTS=1: then the
user manual's pictures are written to docs/manual/screenshots/ (tracked, shown by /help/) and the
others, made to be looked at, to var/screenshots/ (not tracked).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from tournaments.manual.pages import SCREENSHOTS_DIR

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

ROOT = Path(__file__).resolve().parents[1]
LOOK_DIR = ROOT / "var" / "screenshots"
"""`make screenshots`' folder of the pictures made to be looked at (not the manual's)."""
MAKING = os.environ.get("MAKE_SCREENSHOTS") == "1"
"""True under `make screenshots`: the pictures are written into the repository's folders."""

_run_folder: Path | None = None


@pytest.fixture(scope="session", autouse=True)
def _screenshot_folder(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The run's temporary folder of pictures (one per xdist worker)."""
    global _run_folder
    _run_folder = tmp_path_factory.mktemp("screenshots")


def folder(*, manual: bool) -> Path:
    """The folder a picture goes to: the manual's or var/screenshots/ under `make screenshots`,
    else the run's temporary folder."""
    if MAKING:
        path = SCREENSHOTS_DIR if manual else LOOK_DIR
    else:
        assert _run_folder is not None, "tests.screenshots is a plugin of tests/conftest.py"
        path = _run_folder / ("manual" if manual else "look")
    path.mkdir(parents=True, exist_ok=True)
    return path


def screenshot(
    target: Page | Locator, name: str, *, manual: bool = False, full_page: bool = True
) -> Path:
    """The picture `<name>.png` of a page (the whole page unless `full_page` is false) or of the
    part a locator finds; `manual` for the user manual's pictures. Returns the file written."""
    from playwright.sync_api import Page

    path = folder(manual=manual) / f"{name}.png"
    if isinstance(target, Page):
        target.screenshot(path=str(path), full_page=full_page)
    else:
        target.screenshot(path=str(path))
    return path
