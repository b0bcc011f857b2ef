"""The manual's pages: read from `docs/manual/`, listed in the order of `docs/manual/index.md`,
and rendered from Markdown to HTML with raw HTML escaped."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor

_ROOT = Path(__file__).resolve().parents[2]
MANUAL_DIR = _ROOT / "docs" / "manual"
if not MANUAL_DIR.is_dir():  # an installed wheel: its copy of the manual (build_support.py)
    MANUAL_DIR = _ROOT / "config" / "bundled" / "docs" / "manual"
SCREENSHOTS_DIR = MANUAL_DIR / "screenshots"
INDEX = MANUAL_DIR / "index.md"

AUDIENCE_LINE = re.compile(r"^## (?P<audience>.+)$")
PAGE_LINE = re.compile(r"^- \[(?P<title>[^\]]+)\]\((?P<slug>[a-z0-9-]+)\.md\)")
PAGE_LINK = re.compile(r"^(?P<slug>[a-z0-9-]+)\.md(?:#(?P<anchor>[-\w]+))?$")
SCREENSHOT_NAME = re.compile(r"[a-z0-9-]+")
SCREENSHOT_LINK = re.compile(r"^screenshots/(?P<name>[a-z0-9-]+)\.png$")
HEADING = re.compile(r'<h(?P<level>[1-6]) id="(?P<anchor>[^"]+)">(?P<text>.*?)</h[1-6]>')
TAG = re.compile(r"<[^>]+>")


class UnknownPage(LookupError):
    """No manual page has this name (it is not listed in `docs/manual/index.md`)."""


@dataclass(frozen=True, slots=True)
class ManualPage:
    """One page of the manual, as listed in the table of contents."""

    slug: str
    title: str
    audience: str

    @property
    def path(self) -> Path:
        return MANUAL_DIR / f"{self.slug}.md"


@dataclass(frozen=True, slots=True)
class Section:
    """A heading of a rendered page (`##` or `###`) and its anchor."""

    anchor: str
    title: str
    level: int


@dataclass(frozen=True, slots=True)
class RenderedPage:
    """A page in HTML, its sections in order."""

    page: ManualPage
    html: str
    sections: tuple[Section, ...]


def contents() -> tuple[ManualPage, ...]:
    """Every page of `docs/manual/index.md`, in its order, with the audience heading above it."""
    pages: list[ManualPage] = []
    audience = ""
    for line in INDEX.read_text(encoding="utf-8").splitlines():
        if match := AUDIENCE_LINE.match(line):
            audience = match["audience"].strip()
        elif match := PAGE_LINE.match(line):
            pages.append(ManualPage(slug=match["slug"], title=match["title"], audience=audience))
    return tuple(pages)


def manual_version() -> int:
    """Changes whenever a file of the manual changes (the latest modification time, in ns)."""
    files = [*MANUAL_DIR.glob("*.md"), *SCREENSHOTS_DIR.glob("*.png")]
    return max((path.stat().st_mtime_ns for path in files), default=0)


def manual_page(slug: str) -> ManualPage:
    """The page listed under this name; `UnknownPage` otherwise."""
    for page in contents():
        if page.slug == slug:
            return page
    raise UnknownPage(slug)


class Links(Protocol):
    """Where a manual link leads: another page (and a section of it), or a screenshot."""

    def page(self, slug: str, anchor: str) -> str: ...

    def image(self, name: str) -> str: ...


class _Links(Treeprocessor):
    """Links to other manual pages (`results.md#corrections`) and screenshots
    (`screenshots/name.png`) made into the application's addresses."""

    def __init__(self, md: markdown.Markdown, links: Links) -> None:
        super().__init__(md)
        self.links = links

    def run(self, root: ET.Element) -> None:
        for element in root.iter("a"):
            if match := PAGE_LINK.match(element.get("href", "")):
                element.set("href", self.links.page(match["slug"], match["anchor"] or ""))
        for element in root.iter("img"):
            if match := SCREENSHOT_LINK.match(element.get("src", "")):
                element.set("src", self.links.image(match["name"]))
                element.set("loading", "lazy")


class _ManualExtension(Extension):
    """Raw HTML in the Markdown is shown as text, never passed on; manual links rewritten."""

    def __init__(self, links: Links) -> None:
        super().__init__()
        self.links = links

    def extendMarkdown(self, md: markdown.Markdown) -> None:  # noqa: N802 (Markdown's API)
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.treeprocessors.register(_Links(md, self.links), "manual-links", 1)


def page_html(page: ManualPage, *, links: Links, demote: bool = False) -> RenderedPage:
    """The page in HTML, its links to other pages and screenshots given by `links`. `demote`
    turns the headings one level down and prefixes every anchor with the page's name (for the
    printable manual, every page in one)."""
    prefix = f"{page.slug}-" if demote else ""
    converter = markdown.Markdown(
        extensions=[
            "tables",
            "fenced_code",
            "toc",
            _ManualExtension(links),
        ],
        extension_configs={"toc": {"baselevel": 2 if demote else 1, "slugify": _slugger(prefix)}},
        output_format="html",
    )
    text = converter.convert(page.path.read_text(encoding="utf-8"))
    levels = {"3", "4"} if demote else {"2", "3"}
    sections = tuple(
        Section(
            anchor=match["anchor"],
            title=html.unescape(TAG.sub("", match["text"])),
            level=int(match["level"]),
        )
        for match in HEADING.finditer(text)
        if match["level"] in levels
    )
    return RenderedPage(page=page, html=text, sections=sections)


def _slugger(prefix: str) -> Callable[[str, str], str]:
    """The anchors of the headings: `Entering results` → `entering-results` (ASCII, lower case)."""

    def slugify(value: str, separator: str) -> str:
        words = re.sub(r"[^\w\s-]", "", value, flags=re.ASCII).strip().lower()
        return prefix + re.sub(r"[-\s]+", separator, words)

    return slugify
