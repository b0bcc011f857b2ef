"""Badges (table cards) with the player's check-in code (issue 32), ten to a page with cut
lines: the tournament, the player's name, title, federation and rating, the code in large
letters and a QR code of the self check-in page with the code filled in.

Pure like `layout`: plain data in, PDF bytes out, in the caller's words.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.graphics import renderPDF
from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.graphics.shapes import Drawing
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from tournaments.documents.layout import MARGIN, Paper, fit, fonts

COLUMNS, ROWS = 2, 5
QR_SIZE = 30 * mm


@dataclass(frozen=True)
class Badge:
    """One player's badge: `name` large, `details` (title, federation, rating) below, the
    `code` as printed and the `url` the QR code holds."""

    name: str
    details: str
    code: str
    url: str


@dataclass(frozen=True)
class BadgeWords:
    """The words the badges print, in the document's language."""

    code: str = "Check-in code"
    scan: str = "Scan to check in before each round, or type the code at %(address)s"
    none: str = "No players yet: no badges."


def badges_pdf(
    tournament: str, badges: Sequence[Badge], paper: Paper, words: BadgeWords, site: str
) -> bytes:
    """The badges, `COLUMNS` × `ROWS` to a page, each framed by a thin cut line; `site` is the
    self check-in page's address printed under the QR code."""
    face = fonts()
    buffer = io.BytesIO()
    width, height = paper.size
    canvas = Canvas(buffer, pagesize=paper.size)
    canvas.setTitle(f"{tournament}: badges")
    cell_w = (width - 2 * MARGIN) / COLUMNS
    cell_h = (height - 2 * MARGIN) / ROWS
    if not badges:
        canvas.setFont(face.regular, 11)
        canvas.drawString(MARGIN, height - MARGIN - 11, words.none)
    for index, badge in enumerate(badges):
        place = index % (COLUMNS * ROWS)
        if place == 0 and index:
            canvas.showPage()
        column, row = place % COLUMNS, place // COLUMNS
        x = MARGIN + column * cell_w
        y = height - MARGIN - (row + 1) * cell_h
        _badge(canvas, badge, x, y, cell_w, cell_h, tournament, words, site)
    canvas.save()
    return buffer.getvalue()


def _badge(
    canvas: Canvas,
    badge: Badge,
    x: float,
    y: float,
    w: float,
    h: float,
    tournament: str,
    words: BadgeWords,
    site: str,
) -> None:
    face = fonts()
    pad = 4 * mm
    canvas.saveState()
    canvas.setStrokeColor(colors.HexColor("#999999"))
    canvas.setDash(2, 2)
    canvas.setLineWidth(0.4)
    canvas.rect(x, y, w, h)
    canvas.setDash()
    text_w = w - 2 * pad - QR_SIZE - 2 * mm
    top = y + h - pad
    canvas.setFillColor(colors.HexColor("#555555"))
    canvas.setFont(face.regular, 8)
    canvas.drawString(x + pad, top - 8, fit(tournament, face.regular, 8, text_w))
    canvas.setFillColor(colors.black)
    canvas.setFont(face.bold, 14)
    canvas.drawString(x + pad, top - 26, fit(badge.name, face.bold, 14, text_w))
    canvas.setFont(face.regular, 9)
    canvas.drawString(x + pad, top - 39, fit(badge.details, face.regular, 9, text_w))
    canvas.setFont(face.regular, 7.5)
    canvas.drawString(x + pad, y + pad + 34, words.code)
    canvas.setFont("Courier-Bold", 17)
    canvas.drawString(x + pad, y + pad + 18, badge.code)
    canvas.setFont(face.regular, 6.5)
    canvas.setFillColor(colors.HexColor("#555555"))
    # the address whole on two lines at most (a player types it), cut only beyond that
    lines = simpleSplit(words.scan % {"address": site}, face.regular, 6.5, w - 2 * pad)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), face.regular, 6.5, w - 2 * pad)]
    for index, line in enumerate(lines):
        canvas.drawString(x + pad, y + pad + 7.5 * (len(lines) - 1 - index), line)
    widget = QrCodeWidget(badge.url, barLevel="M")
    left, bottom, right, upper = widget.getBounds()
    drawing = Drawing(
        QR_SIZE,
        QR_SIZE,
        transform=[QR_SIZE / (right - left), 0, 0, QR_SIZE / (upper - bottom), 0, 0],
    )
    drawing.add(widget)
    renderPDF.draw(drawing, canvas, x + w - pad - QR_SIZE, y + h - pad - QR_SIZE)
    canvas.restoreState()
