"""Names without control characters, CSV cells no spreadsheet runs (issue 30, OWASP)."""

from __future__ import annotations

import pytest

from tournaments.domain.text import control_characters, spreadsheet_safe


@pytest.mark.parametrize(
    ("cell", "written"),
    [
        ('=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'),
        ("+1+2", "'+1+2"),
        ("-2+3", "'-2+3"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("-1.5", "-1.5"),  # a number: no formula
        ("+", "+"),  # a cross table's forfeit win
        ("Rossi, Mario", "Rossi, Mario"),
        (2412, 2412),
        ("", ""),
    ],
)
def test_cells_that_start_like_a_formula_get_an_apostrophe(cell: object, written: object) -> None:
    assert spreadsheet_safe(cell) == written


def test_control_characters_are_named_once_each_in_order() -> None:
    assert control_characters("Rossi,\r\nMario\r\x00\u2028") == [
        "U+000D",
        "U+000A",
        "U+0000",
        "U+2028",
    ]
    assert control_characters("Müller, Jörg ½ – ok") == []
