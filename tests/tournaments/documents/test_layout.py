"""The PDF layout from plain rows (no database): the font covers the names, numbers are never
cut, names give way with an ellipsis, and every page repeats the table's heading row."""

from __future__ import annotations

import re

from reportlab.pdfbase.pdfmetrics import stringWidth

from tests.pdf import pdf_pages, pdf_text
from tournaments.documents.layout import (
    Grid,
    Heading,
    Paper,
    Section,
    Slip,
    column_widths,
    document_pdf,
    fit,
    fonts,
    slips_pdf,
)


def test_the_shipped_font_is_used_for_latin_extended_and_cyrillic_names() -> None:
    face = fonts()

    assert face.regular == "DejaVuSans"
    pdf = document_pdf(
        Heading("Ísafjörður Open", "Players"),
        [Section("Наши игроки", ("Þórsson, Ægir; Иванов, Пётр",))],
        Paper.A4,
    )
    text = pdf_text(pdf)
    assert "Þórsson, Ægir; Иванов, Пётр" in text
    assert "Наши игроки" in text


def test_a_name_too_long_for_its_column_is_cut_with_an_ellipsis() -> None:
    face = fonts()
    name = "Wolfeschlegelsteinhausenbergerdorff, Hubert Blaine"

    short = fit(name, face.regular, 9, 60)

    assert short.endswith("…")
    assert name.startswith(short[:-1])
    assert stringWidth(short, face.regular, 9) <= 60
    assert fit("Li, Bo", face.regular, 9, 60) == "Li, Bo"


def test_numbers_keep_their_width_and_names_give_way_when_the_columns_are_many() -> None:
    face = fonts()
    name = "Wolfeschlegelsteinhausenbergerdorff, Hubert"

    def grid(values: int) -> Grid:
        return Grid(
            ("No", "Name", *(f"T{index}" for index in range(values))),
            [["1000", name, *(["123.75"] * values)]],
            (4, 30, *([6] * values)),
            numeric=frozenset({0, *range(2, 2 + values)}),
        )

    fits, crowded = column_widths(grid(10), 400), column_widths(grid(14), 400)

    assert abs(sum(fits) - 400) < 0.01
    assert fits[0] >= stringWidth("1000", face.regular, 8.5)
    assert all(width >= stringWidth("123.75", face.regular, 8.5) for width in fits[2:])
    assert fits[1] < stringWidth(name, face.regular, 8.5)
    assert abs(sum(crowded) - 400) < 0.01  # too many columns: all give way, none overflows


def test_a_long_table_repeats_its_heading_row_on_every_page_on_letter() -> None:
    rows = [[str(number), f"Иванов, Пётр {number}", "2000"] for number in range(1, 301)]
    grid = Grid(("No", "Name", "Rtg"), rows, (4, 40, 6), numeric=frozenset({0, 2}))

    pdf = document_pdf(Heading("Open", "Player list"), [Section("", grids=[grid])], Paper.LETTER)

    pages, size = pdf_pages(pdf)
    assert size == "612 x 792"
    text = pdf_text(pdf)
    assert pages > 3
    assert len(re.findall(r"^\s*No\s+Name\s+Rtg\s*$", text, re.MULTILINE)) == pages
    assert "300 Иванов, Пётр 300 2000" in re.sub(r"\s+", " ", text)


def test_slips_come_five_to_a_page() -> None:
    slips = [Slip(board, f"{board}. White", f"{board + 100}. Black") for board in range(1, 12)]

    pdf = slips_pdf(Heading("Open", "Result slips, round 1"), "Round 1", slips, Paper.A4)

    assert pdf_pages(pdf) == (3, "595.276 x 841.89")
    text = pdf_text(pdf)
    assert [int(board) for board in re.findall(r"Round 1 · Board (\d+)", text)] == list(
        range(1, 12)
    )
