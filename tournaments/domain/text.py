"""Text that may be stored and exported: no control characters, no spreadsheet formulas.

OWASP "CSV Injection": a spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (and a tab
or carriage return before them) as a formula. Names refuse such a start and every control
character (a CR/LF in a name would also break the TRF line it is written on); CSV exports
neutralise the cells that start so with a leading apostrophe, the escape OWASP recommends.
"""

from __future__ import annotations

import unicodedata

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""How a spreadsheet cell that runs as a formula starts (OWASP)."""


def control_characters(text: str) -> list[str]:
    """The control characters in `text` (Unicode category Cc, and the line and paragraph
    separators U+2028/U+2029), each written as U+XXXX, in order and without repeats."""
    found = [f"U+{ord(ch):04X}" for ch in text if unicodedata.category(ch) in {"Cc", "Zl", "Zp"}]
    return list(dict.fromkeys(found))


def starts_like_a_formula(text: str) -> bool:
    """Whether a spreadsheet would run `text` as a formula."""
    return text.startswith(FORMULA_STARTS)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def spreadsheet_safe(value: object) -> object:
    """A CSV cell that no spreadsheet runs: text starting like a formula gets a leading
    apostrophe (OWASP). Numbers, including negative ones such as "-1.5", and a lone sign (a
    cross table's "+" for a forfeit win, C.06 V.4) carry no formula and are left as they are."""
    if (
        isinstance(value, str)
        and len(value) > 1
        and starts_like_a_formula(value)
        and not _is_number(value)
    ):
        return "'" + value
    return value
