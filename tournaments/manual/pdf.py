"""The whole manual as one PDF, drawn with ReportLab on the printed documents' page (A4 or
Letter, DejaVu Sans, the page number at the foot): the manual's HTML (headings, paragraphs,
lists, tables, code, screenshots) laid out as ReportLab flowables."""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Final

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfmetrics import registerFontFamily
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    Flowable,
    Image,
    ListFlowable,
    PageBreak,
    Paragraph,
    Preformatted,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from tournaments.documents.layout import MARGIN, Paper, fonts
from tournaments.manual.pages import SCREENSHOT_NAME, SCREENSHOTS_DIR, RenderedPage

VOID: Final = {"img", "br", "hr"}
INLINE: Final = {"strong": "b", "em": "i", "b": "b", "i": "i"}
IMAGE_HEIGHT: Final = 0.7
"""A screenshot takes at most this share of the page's height."""


@dataclass
class _Node:
    """An element of the manual's HTML, or a piece of text (`tag` empty)."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[_Node] = field(default_factory=list)
    text: str = ""


class _TreeBuilder(HTMLParser):
    """The manual's HTML as a tree of `_Node`s (the markup `tournaments.manual.pages` makes)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = _Node(tag, {name: value or "" for name, value in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(_Node("", text=data))


def _tree(html: str) -> _Node:
    builder = _TreeBuilder()
    builder.feed(html)
    builder.close()
    return builder.root


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _markup(node: _Node) -> str:
    """ReportLab's paragraph markup for the inline content of `node`."""
    parts = []
    for child in node.children:
        if not child.tag:
            parts.append(_escape(child.text))
        elif child.tag in INLINE:
            tag = INLINE[child.tag]
            parts.append(f"<{tag}>{_markup(child)}</{tag}>")
        elif child.tag == "code":
            parts.append(f'<font face="Courier">{_markup(child)}</font>')
        elif child.tag == "br":
            parts.append("<br/>")
        elif child.tag != "img":
            parts.append(_markup(child))
    return "".join(parts).strip()


def _text(node: _Node) -> str:
    return "".join(child.text if not child.tag else _text(child) for child in node.children)


@dataclass(frozen=True)
class _Styles:
    chapter: ParagraphStyle
    section: ParagraphStyle
    subsection: ParagraphStyle
    body: ParagraphStyle
    cell: ParagraphStyle
    code: ParagraphStyle
    audience: ParagraphStyle


def _styles() -> _Styles:
    face = fonts()
    if face.regular != "Helvetica":  # ReportLab knows Helvetica's family already
        # <b> and <i> in a paragraph pick the family's faces; DejaVu Sans ships no italic.
        registerFontFamily(
            face.regular,
            normal=face.regular,
            bold=face.bold,
            italic=face.regular,
            boldItalic=face.bold,
        )
    body = ParagraphStyle("body", fontName=face.regular, fontSize=9.5, leading=13, spaceAfter=4)
    return _Styles(
        chapter=ParagraphStyle(
            "chapter", fontName=face.bold, fontSize=17, leading=21, spaceAfter=6
        ),
        section=ParagraphStyle(
            "section", fontName=face.bold, fontSize=12.5, leading=16, spaceBefore=8, spaceAfter=3
        ),
        subsection=ParagraphStyle(
            "subsection", fontName=face.bold, fontSize=10.5, leading=14, spaceBefore=6
        ),
        body=body,
        cell=ParagraphStyle("cell", parent=body, fontSize=8, leading=10, spaceAfter=0),
        code=ParagraphStyle("code", fontName="Courier", fontSize=8, leading=10, spaceAfter=4),
        audience=ParagraphStyle("audience", parent=body, textColor=colors.grey),
    )


class _Layout:
    """The flowables of the manual's pages, for a frame `width` by `height` points."""

    def __init__(self, width: float, height: float) -> None:
        self.width = width
        self.height = height
        self.styles = _styles()

    def blocks(self, node: _Node) -> list[Flowable]:
        story: list[Flowable] = []
        for child in node.children:
            story += self.block(child)
        return story

    def block(self, node: _Node) -> list[Flowable]:
        styles = self.styles
        headings = {"h1": styles.chapter, "h2": styles.section, "h3": styles.subsection}
        if node.tag in headings:
            return [Paragraph(_markup(node), headings[node.tag])]
        if node.tag == "h4":
            return [Paragraph(_markup(node), styles.subsection)]
        if node.tag == "p":
            images = [child for child in node.children if child.tag == "img"]
            text = _markup(node)
            story: list[Flowable] = [self.image(image) for image in images]
            return story + ([Paragraph(text, styles.body)] if text else [])
        if node.tag in {"ul", "ol"}:
            return [self.listing(node)]
        if node.tag == "table":
            return [self.table(node)]
        if node.tag == "pre":
            return [Preformatted(_text(node).rstrip("\n"), styles.code)]
        if node.tag == "hr":
            return [Spacer(1, 6)]
        if not node.tag:
            return [Paragraph(_escape(node.text), styles.body)] if node.text.strip() else []
        return self.blocks(node)

    def listing(self, node: _Node) -> Flowable:
        items: list[list[Flowable]] = []
        for item in node.children:
            if item.tag != "li":
                continue
            nested = [child for child in item.children if child.tag in {"ul", "ol", "p"}]
            inline = _Node("li", children=[c for c in item.children if c not in nested])
            parts: list[Flowable] = []
            if _markup(inline):
                parts.append(Paragraph(_markup(inline), self.styles.body))
            for child in nested:
                parts += self.block(child)
            items.append(parts)
        kind = "1" if node.tag == "ol" else "bullet"
        return ListFlowable(
            items, bulletType=kind, start=None if kind == "1" else "•", leftIndent=12
        )

    def table(self, node: _Node) -> Flowable:
        rows = [row for row in _descendants(node) if row.tag == "tr"]
        data = [
            [Paragraph(_markup(cell), self.styles.cell) for cell in row.children if cell.tag]
            for row in rows
        ]
        columns = max(len(row) for row in data)
        table = Table(data, colWidths=[self.width / columns] * columns, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    ("GRID", (0, 0), (-1, -1), 0.4, colors.lightgrey),
                    ("BACKGROUND", (0, 0), (-1, 0), colors.whitesmoke),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ]
            )
        )
        return table

    def image(self, node: _Node) -> Flowable:
        name = node.attrs.get("src", "").rstrip("/").rsplit("/", 1)[-1].removesuffix(".png")
        path = SCREENSHOTS_DIR / f"{name}.png"
        if not SCREENSHOT_NAME.fullmatch(name) or not path.is_file():
            return Paragraph(_escape(f"[{node.attrs.get('alt', name)}]"), self.styles.body)
        width, height = ImageReader(str(path)).getSize()
        scale = min(self.width / width, self.height * IMAGE_HEIGHT / height, 0.6)
        return Image(str(path), width=width * scale, height=height * scale, hAlign="LEFT")


def _descendants(node: _Node) -> list[_Node]:
    found = []
    for child in node.children:
        found.append(child)
        found += _descendants(child)
    return found


def manual_pdf(pages: Sequence[RenderedPage], paper: Paper, *, title: str, page_word: str) -> bytes:
    """Every page of the manual in one PDF under `title`, each from a new sheet after a list of
    contents; the foot of every sheet gives the title and `page_word` (`Page %(number)s`)."""
    width, height = paper.size[0] - 2 * MARGIN, paper.size[1] - 2 * MARGIN
    layout = _Layout(width, height)
    story: list[Flowable] = [Paragraph(_escape(title), layout.styles.chapter), Spacer(1, 4 * mm)]
    story += [
        Paragraph(_escape(f"{rendered.page.audience}: {rendered.page.title}"), layout.styles.body)
        for rendered in pages
    ]
    for rendered in pages:
        story += [PageBreak(), Paragraph(_escape(rendered.page.audience), layout.styles.audience)]
        story += layout.blocks(_tree(rendered.html))
    face = fonts()

    def footer(canvas: Canvas, document: SimpleDocTemplate) -> None:
        canvas.saveState()
        canvas.setFont(face.regular, 7.5)
        canvas.drawString(MARGIN, MARGIN / 2, title)
        number = page_word % {"number": canvas.getPageNumber()}
        canvas.drawRightString(document.pagesize[0] - MARGIN, MARGIN / 2, number)
        canvas.restoreState()

    buffer = io.BytesIO()
    document = SimpleDocTemplate(
        buffer,
        pagesize=paper.size,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
        title=title,
        author="SwissArbiter",
    )
    document.build(story, onFirstPage=footer, onLaterPages=footer)
    return buffer.getvalue()
