"""Printed documents as PDF, drawn with ReportLab from plain data (no ORM, no Django): the
page (A4 or Letter, a heading and a footer with the page number), tables that repeat their
heading row on every page, result slips and player cards.

Every text comes from the caller, in the document's language; the few words the layout prints
itself (the footer's page number, the slips' labels) are `Words`, English unless the caller
gives them translated.

The font is DejaVu Sans, shipped in `static/fonts/` (Latin-extended, Greek and Cyrillic names:
"Þórsson, Ægir", "Иванов, Пётр"); the system's copy is the fallback and, without either,
ReportLab's Helvetica (Latin-1 only: other letters print as boxes).
"""

from __future__ import annotations

import enum
import io
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

FONT_DIRS = (
    Path(__file__).resolve().parents[2] / "static" / "fonts",
    # an installed wheel's copy of the static files (build_support.py, issue 34)
    Path(__file__).resolve().parents[2] / "config" / "bundled" / "static" / "fonts",
    Path("/usr/share/fonts/truetype/dejavu"),
)
MARGIN = 12 * mm


class Paper(enum.Enum):
    """The paper sizes offered on every download (`?paper=`)."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def size(self) -> tuple[float, float]:
        return A4 if self is Paper.A4 else LETTER


@dataclass(frozen=True)
class Fonts:
    regular: str
    bold: str


@cache
def fonts() -> Fonts:
    """DejaVu Sans registered with ReportLab (once), or Helvetica when no copy is found."""
    for directory in FONT_DIRS:
        regular, bold = directory / "DejaVuSans.ttf", directory / "DejaVuSans-Bold.ttf"
        if regular.is_file() and bold.is_file():
            pdfmetrics.registerFont(TTFont("DejaVuSans", str(regular)))
            pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(bold)))
            return Fonts("DejaVuSans", "DejaVuSans-Bold")
    return Fonts("Helvetica", "Helvetica-Bold")


@dataclass(frozen=True)
class Grid:
    """A table: its heading row, its rows of text, each column's share of the room its
    texts leave (`column_widths`) and the columns aligned right (numbers)."""

    headings: Sequence[str]
    rows: Sequence[Sequence[str]]
    widths: Sequence[float]
    numeric: frozenset[int] = frozenset()
    size: float = 8.5
    empty: str = "Nothing to list."
    ruled: bool = False
    """Ruled rows, tall enough to write in (the check-in sheet)."""


@dataclass(frozen=True)
class Section:
    """A titled part of a document: lines of text, then tables."""

    title: str
    lines: Sequence[str] = ()
    grids: Sequence[Grid] = ()
    keep_together: bool = False


@dataclass(frozen=True)
class Slip:
    """One game's result slip (no slip for a bye)."""

    board: int
    white: str
    black: str


@dataclass(frozen=True)
class Words:
    """The words the layout prints itself, in the document's language."""

    page: str = "Page %(number)d"
    """The footer's page number (`%(number)d`)."""
    board: str = "Board %(number)d"
    white: str = "White"
    black: str = "Black"
    result: str = "Result (circle):"
    signature: str = "Signature"
    no_slips: str = "No games in this round: no slips."


@dataclass(frozen=True)
class Heading:
    """What every page of a document says: the tournament, the document and its details, and
    the words of the document's language."""

    tournament: str
    title: str
    details: Sequence[str] = ()
    footer: str = ""
    words: Words = Words()


def fit(text: str, font: str, size: float, width: float) -> str:
    """`text` cut with an ellipsis to fit `width` points."""
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def _styles(size: float = 9) -> tuple[ParagraphStyle, ParagraphStyle, ParagraphStyle]:
    face = fonts()
    title = ParagraphStyle("title", fontName=face.bold, fontSize=15, leading=19, spaceAfter=2)
    section = ParagraphStyle("section", fontName=face.bold, fontSize=11, leading=14, spaceBefore=8)
    body = ParagraphStyle("body", fontName=face.regular, fontSize=size, leading=size * 1.3)
    return title, section, body


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


PADDING = 2
"""Points left and right of each cell's text."""


def column_widths(grid: Grid, width: float) -> list[float]:
    """Each column's width within `width`: its widest text (heading or cell), so numbers are
    not cut; the room left is shared by the shares of `grid.widths`, and when the texts do
    not fit, the text columns (names) give up width in proportion to their shares (and, when
    that is not enough, every column shrinks alike)."""
    face = fonts()
    natural = [
        max(
            stringWidth(str(heading), face.bold, grid.size),
            max((stringWidth(row[index], face.regular, grid.size) for row in grid.rows), default=0),
        )
        + 2 * PADDING
        for index, heading in enumerate(grid.headings)
    ]
    spare = width - sum(natural)
    if spare >= 0:
        total = sum(grid.widths)
        return [
            own + spare * share / total for own, share in zip(natural, grid.widths, strict=True)
        ]
    texts = [index for index in range(len(natural)) if index not in grid.numeric]
    shares = sum(grid.widths[index] for index in texts)
    widths = list(natural)
    for index in texts:
        widths[index] = max(natural[index] + spare * grid.widths[index] / shares, 6 * PADDING)
    scale = min(1.0, width / sum(widths))  # still too wide: every column gives way
    return [column * scale for column in widths]


def _grid_table(grid: Grid, width: float) -> Flowable:
    """The grid as one table whose heading row is repeated on every page; a text too long for
    its column (a name, when the columns are many) is cut with an ellipsis."""
    face = fonts()
    if not grid.rows:
        return Paragraph(_escape(grid.empty), _styles()[2])
    widths = column_widths(grid, width)
    room = [column - 2 * PADDING for column in widths]
    style: list[tuple[Any, ...]] = [
        ("FONT", (0, 0), (-1, -1), face.regular, grid.size),
        ("FONT", (0, 0), (-1, 0), face.bold, grid.size),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, colors.black),
        ("LEFTPADDING", (0, 0), (-1, -1), PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        *(("ALIGN", (column, 0), (column, -1), "RIGHT") for column in grid.numeric),
    ]
    headings = [fit(text, face.bold, grid.size, room[i]) for i, text in enumerate(grid.headings)]
    data = [headings] + [
        [fit(text, face.regular, grid.size, room[i]) for i, text in enumerate(row)]
        for row in grid.rows
    ]
    heights = None
    if grid.ruled:
        style += [
            ("GRID", (0, 0), (-1, -1), 0.4, colors.grey),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ]
        heights = [grid.size * 1.6] + [grid.size * 2.6] * len(grid.rows)
    else:
        style += [("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#eeeeee")])]
    table = Table(data, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle(style))
    return table


def _page_decorator(heading: Heading, face: Fonts) -> Callable[[Canvas, SimpleDocTemplate], None]:
    """Draws the footer: the tournament, the document and the page number, and above them the
    heading's own footer line (the hall's address) when it has one."""

    def decorate(canvas: Canvas, document: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(face.regular, 7.5)
        canvas.drawString(MARGIN, MARGIN / 2, f"{heading.tournament} · {heading.title}")
        if heading.footer:  # a line of its own above: a long one never runs into the page number
            canvas.drawString(MARGIN, MARGIN / 2 + 9, heading.footer)
        canvas.drawRightString(
            document.pagesize[0] - MARGIN,
            MARGIN / 2,
            heading.words.page % {"number": canvas.getPageNumber()},
        )
        canvas.restoreState()

    return decorate


def _build(
    heading: Heading, story: list[Flowable], paper: Paper, *, wide: bool, titled: bool = True
) -> bytes:
    """The PDF of `story` under the heading (`titled`; slips fill the page without one) with
    the footer on every page."""
    buffer = io.BytesIO()
    size = landscape(paper.size) if wide else paper.size
    document = SimpleDocTemplate(
        buffer,
        pagesize=size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=f"{heading.tournament}: {heading.title}",
        author="Swiss tournament manager",
    )
    title, section, body = _styles()
    top: list[Flowable] = []
    if titled:
        top += [Paragraph(_escape(heading.tournament), title)]
        top += [Paragraph(_escape(heading.title), section)]
        top += [Paragraph(_escape(line), body) for line in heading.details]
        top += [Spacer(1, 4)]
    decorate = _page_decorator(heading, fonts())
    document.build([*top, *story], onFirstPage=decorate, onLaterPages=decorate)
    return buffer.getvalue()


def document_pdf(
    heading: Heading, sections: Iterable[Section], paper: Paper, *, wide: bool = False
) -> bytes:
    """A document of `sections` (each titled, with lines and tables); `wide`: landscape."""
    width = (landscape(paper.size) if wide else paper.size)[0] - 2 * MARGIN
    _, section_style, body = _styles()
    story: list[Flowable] = []
    for section in sections:
        parts: list[Flowable] = []
        if section.title:
            parts.append(Paragraph(_escape(section.title), section_style))
        parts += [Paragraph(_escape(line), body) for line in section.lines]
        for grid in section.grids:
            parts += [Spacer(1, 2), _grid_table(grid, width)]
        story += [KeepTogether(parts)] if section.keep_together else parts
    return _build(heading, story, paper, wide=wide)


SLIPS_PER_PAGE = 5


def slips_pdf(heading: Heading, round_title: str, slips: Sequence[Slip], paper: Paper) -> bytes:
    """Result slips, five to a page with cut lines between them: board, both players, the
    result to circle and both signatures."""
    face = fonts()
    words = heading.words
    width = paper.size[0] - 2 * MARGIN
    gap = 3 * mm
    frame = paper.size[1] - 2 * MARGIN - 12  # the frame's padding: 6 points above and below
    height = (frame - (SLIPS_PER_PAGE - 1) * gap) / SLIPS_PER_PAGE - 1
    story: list[Flowable] = []
    half = width / 2
    for index, slip in enumerate(slips):
        name_room = half - 8
        data = [
            [heading.tournament, f"{round_title} · {words.board % {'number': slip.board}}"],
            [words.white, words.black],
            [fit(slip.white, face.bold, 11, name_room), fit(slip.black, face.bold, 11, name_room)],
            [f"{words.result}   1-0      ½-½      0-1", ""],
            [words.signature, words.signature],
        ]
        table = Table(
            data,
            colWidths=[half, half],
            rowHeights=[height * share for share in (0.16, 0.14, 0.22, 0.2, 0.28)],
        )
        table.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), face.regular, 9),
                    ("FONT", (0, 0), (-1, 0), face.bold, 9),
                    ("FONT", (0, 2), (-1, 2), face.bold, 11),
                    ("FONT", (0, 3), (-1, 3), face.bold, 10),
                    ("SPAN", (0, 3), (1, 3)),
                    ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                    ("ALIGN", (0, 3), (1, 3), "CENTER"),
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("VALIGN", (0, 4), (-1, 4), "TOP"),
                    ("TEXTCOLOR", (0, 1), (-1, 1), colors.HexColor("#555555")),
                    ("TEXTCOLOR", (0, 4), (-1, 4), colors.HexColor("#555555")),
                    ("BOX", (0, 0), (-1, -1), 0.8, colors.black),
                    ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
                    ("LINEAFTER", (0, 1), (0, 2), 0.5, colors.black),
                    ("LINEAFTER", (0, 4), (0, 4), 0.5, colors.black),
                    ("LINEABOVE", (0, 3), (-1, 3), 0.5, colors.black),
                    ("LINEABOVE", (0, 4), (-1, 4), 0.5, colors.black),
                ]
            )
        )
        story.append(table)
        last_on_page = (index + 1) % SLIPS_PER_PAGE == 0
        if last_on_page and index + 1 < len(slips):
            story.append(PageBreak())
        elif not last_on_page:
            story.append(Spacer(1, gap))
    if not slips:
        story.append(Paragraph(_escape(words.no_slips), _styles()[2]))
    return _build(heading, story, paper, wide=False, titled=False)
