"""The user manual's pages (`docs/manual/`): public, GET only. The table of contents, one page,
the printable manual (every page in one) and the screenshots the pages show."""

from __future__ import annotations

from functools import lru_cache

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from tournaments.documents.layout import Paper
from tournaments.http import HtmxHttpRequest
from tournaments.manual.pages import (
    SCREENSHOT_NAME,
    SCREENSHOTS_DIR,
    RenderedPage,
    UnknownPage,
    contents,
    manual_page,
    manual_version,
    page_html,
)
from tournaments.manual.pdf import manual_pdf
from tournaments.views.printing import pdf_response, printed_words


class SiteLinks:
    """Manual links as the site's addresses: `/help/<page>/#<anchor>`."""

    def page(self, slug: str, anchor: str) -> str:
        return reverse("help-page", args=[slug]) + (f"#{anchor}" if anchor else "")

    def image(self, name: str) -> str:
        return reverse("help-screenshot", args=[name])


class PrintLinks(SiteLinks):
    """Manual links inside the printable manual: anchors of the one page."""

    def page(self, slug: str, anchor: str) -> str:
        return f"#{slug}-{anchor}" if anchor else f"#{slug}"


def _by_audience(pages: list[RenderedPage]) -> list[tuple[str, list[RenderedPage]]]:
    groups: dict[str, list[RenderedPage]] = {}
    for rendered in pages:
        groups.setdefault(rendered.page.audience, []).append(rendered)
    return list(groups.items())


@require_safe
def manual_contents(request: HtmxHttpRequest) -> HttpResponse:
    """The table of contents: every page by audience, with its sections."""
    links = SiteLinks()
    pages = [page_html(page, links=links) for page in contents()]
    return render(request, "manual/contents.html", {"audiences": _by_audience(pages)})


@require_safe
def manual_page_view(request: HtmxHttpRequest, page: str) -> HttpResponse:
    """One page of the manual."""
    try:
        found = manual_page(page)
    except UnknownPage as error:
        raise Http404("No such page in the manual.") from error
    pages = contents()
    index = pages.index(found)
    return render(
        request,
        "manual/page.html",
        {
            "manual": page_html(found, links=SiteLinks()),
            "previous": pages[index - 1] if index else None,
            "next": pages[index + 1] if index + 1 < len(pages) else None,
        },
    )


@require_safe
def manual_print(request: HtmxHttpRequest) -> HttpResponse:
    """Every page in one, in the order of the contents, to print or save as PDF."""
    links = PrintLinks()
    pages = [page_html(page, links=links, demote=True) for page in contents()]
    return render(request, "manual/print.html", {"audiences": _by_audience(pages)})


@require_safe
def manual_print_pdf(request: HtmxHttpRequest) -> HttpResponse:
    """Every page in one PDF (A4, or Letter with `?paper=letter`), as the printed documents;
    drawn once per paper and language while the manual's files stay as they are."""
    return pdf_response(
        request,
        "swissarbiter-manual",
        lambda paper: _manual_pdf(paper, get_language(), manual_version()),
    )


@lru_cache(maxsize=8)
def _manual_pdf(paper: Paper, language: str, version: int) -> bytes:
    """The PDF of the manual as `version` (`manual_version`) has it, in `language`."""
    pages = [page_html(page, links=PrintLinks(), demote=True) for page in contents()]
    title = _("SwissArbiter user manual")
    return manual_pdf(pages, paper, title=title, page_word=printed_words().page)


@require_safe
def manual_screenshot(request: HtmxHttpRequest, name: str) -> HttpResponse:
    """A screenshot of `docs/manual/screenshots/` (a few hundred KiB at most: read whole)."""
    path = SCREENSHOTS_DIR / f"{name}.png"
    if not SCREENSHOT_NAME.fullmatch(name) or not path.is_file():
        raise Http404("No such screenshot in the manual.")
    return HttpResponse(path.read_bytes(), content_type="image/png")
