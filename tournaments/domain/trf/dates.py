"""The dates of a TRF header (`042` start, `052` end), whose format TRF16 leaves free."""

from __future__ import annotations

import datetime

DATE_FORMATS = (
    "%Y/%m/%d",
    "%Y-%m-%d",
    "%Y.%m.%d",
    "%d.%m.%Y",
    "%d/%m/%Y",
    "%d. %m. %Y",  # FIDE's own TRF16 example: "28. 07. 2005"
    "%B %d, %Y",  # lichess exports: "May 29, 2020"
    "%b %d, %Y",
    "%d %B %Y",
)
"""The ways real files write a whole date; anything else is kept as text, not read as a date."""


def read_date(text: str) -> datetime.date | None:
    """The date `text` writes in one of `DATE_FORMATS`; None for text that is not a whole date
    ("2005", "Summer"), which a reader keeps as written rather than refusing the file."""
    text = " ".join(text.split())
    for date_format in DATE_FORMATS:
        try:
            return datetime.datetime.strptime(text, date_format).date()  # noqa: DTZ007 - a date
        except ValueError:
            continue
    return None
