"""The manual's pages: every file listed and served, links and pictures that lead somewhere, raw
HTML escaped, the printable manual whole."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.manual.test_screenshots import SCREENSHOTS
from tests.pdf import pdf_pages, pdf_text
from tournaments.manual import pages
from tournaments.manual.pages import (
    MANUAL_DIR,
    SCREENSHOTS_DIR,
    ManualPage,
    contents,
    page_html,
)
from tournaments.views.manual import SiteLinks

NOT_PAGES = {"README.md", "index.md"}
BROWSER_TESTS = Path(__file__).parent
MARKDOWN_LINK = re.compile(r"\]\((?P<target>[^)\s]+)\)")
IMAGE = re.compile(r"!\[[^\]]*\]\((?P<src>[^)\s]+)\)")


def _shot() -> set[str]:
    """The names the browser tests of tests/manual/ pass to `shoot(target, name)`."""
    names = set()
    for module in BROWSER_TESTS.glob("test_*.py"):
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "shoot"
                and len(node.args) == 2
                and isinstance(node.args[1], ast.Constant)
                and isinstance(node.args[1].value, str)
            ):
                names.add(node.args[1].value)
    return names


def _sources() -> dict[str, str]:
    return {page.slug: page.path.read_text(encoding="utf-8") for page in contents()}


def test_every_page_in_the_folder_is_in_the_contents_and_the_other_way_round() -> None:
    files = {path.stem for path in MANUAL_DIR.glob("*.md") if path.name not in NOT_PAGES}
    listed = [page.slug for page in contents()]

    assert sorted(listed) == sorted(files)
    assert len(set(listed)) == len(listed)
    assert not {"print", "screenshots"} & files
    assert {page.audience for page in contents()} == {
        "For arbiters",
        "For organisers",
        "For players",
        "For federation officers",
    }


def test_every_page_starts_with_its_title() -> None:
    for page in contents():
        first = page.path.read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# {page.title}", page.slug


def test_every_link_between_pages_leads_to_a_page_and_a_section() -> None:
    anchors = {
        page.slug: {section.anchor for section in page_html(page, links=SiteLinks()).sections}
        for page in contents()
    }
    wrong = []
    for slug, text in _sources().items():
        for match in MARKDOWN_LINK.finditer(text):
            target = match["target"]
            if target.startswith(("http://", "https://", "screenshots/")):
                continue
            name, _, anchor = target.partition("#")
            page = name.removesuffix(".md") if name else slug
            if page not in anchors or (anchor and anchor not in anchors[page]):
                wrong.append(f"{slug}: {target}")
    assert not wrong


def test_every_picture_exists_and_is_made_by_the_browser_test() -> None:
    referenced = {match["src"] for text in _sources().values() for match in IMAGE.finditer(text)}
    names = set()
    for src in referenced:
        match = pages.SCREENSHOT_LINK.match(src)
        assert match is not None, f"{src}: pictures are screenshots/<name>.png"
        names.add(match["name"])
    assert not names - set(SCREENSHOTS), "not in SCREENSHOTS (tests/manual/test_screenshots.py)"
    assert not names - _shot(), "made by no browser test: no shoot(..., name) in tests/manual/"
    assert not {name for name in names if not (SCREENSHOTS_DIR / f"{name}.png").is_file()}
    unused = {path.stem for path in SCREENSHOTS_DIR.glob("*.png")} - names
    assert not unused, "pictures no page shows"


@pytest.mark.django_db
def test_the_contents_every_page_and_the_printable_manual_are_served(client: Client) -> None:
    contents_page = client.get(reverse("help")).content.decode()
    printable = client.get(reverse("help-print")).content.decode()

    for page in contents():
        response = client.get(reverse("help-page", args=[page.slug]))
        assert response.status_code == 200, page.slug
        assert "<h1 id=" in response.content.decode()
        assert reverse("help-page", args=[page.slug]) in contents_page
        assert f'<section class="manual-chapter" id="{page.slug}">' in printable
    chapters = printable.split('<section class="manual-chapter"', 1)[1]
    assert 'href="/help/' not in chapters  # links between pages lead inside the one page


@pytest.mark.django_db
def test_a_screenshot_is_served_as_a_png(client: Client) -> None:
    response = client.get(reverse("help-screenshot", args=["dashboard"]))

    assert response.status_code == 200
    assert response["Content-Type"] == "image/png"
    assert response.content == (SCREENSHOTS_DIR / "dashboard.png").read_bytes()


@pytest.mark.django_db
def test_an_unknown_page_or_picture_is_not_found(client: Client) -> None:
    assert client.get("/help/no-such-page/").status_code == 404
    assert client.get("/help/screenshots/no-such-picture.png").status_code == 404
    assert client.get("/help/screenshots/..%2Fmanual.png").status_code == 404


def test_raw_html_in_a_page_is_shown_as_text_and_links_are_the_sites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pages, "MANUAL_DIR", tmp_path)
    (tmp_path / "sample.md").write_text(
        "# Sample\n\n## A section & its <parts>\n\n<script>alert(1)</script>\n\n"
        'Text with <img src=x onerror="alert(1)"> inline, a [link](results.md#corrections) '
        "and ![a picture](screenshots/a-picture.png).\n",
        encoding="utf-8",
    )
    rendered = page_html(ManualPage(slug="sample", title="Sample", audience="x"), links=SiteLinks())

    assert "<script>" not in rendered.html
    assert "&lt;script&gt;" in rendered.html
    assert '<img src="x"' not in rendered.html and "<img src=x" not in rendered.html
    assert 'href="/help/results/#corrections"' in rendered.html
    assert 'src="/help/screenshots/a-picture.png"' in rendered.html
    assert [(section.anchor, section.title) for section in rendered.sections] == [
        ("a-section-its-parts", "A section & its <parts>")
    ]


@pytest.mark.django_db
def test_the_whole_manual_comes_as_one_pdf_on_a4_or_letter(client: Client) -> None:
    response = client.get(reverse("help-pdf"), {"paper": "letter"})

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages, size = pdf_pages(response.content)
    assert size == "612 x 792"
    assert pages > len(contents())
    text = " ".join(pdf_text(response.content).split())
    for page in contents():
        assert page.title in text, page.slug
    assert "Refuse them to <player>" in text
    assert client.get(reverse("help-pdf"), {"paper": "A5"}).status_code == 400
