"""Rating lists: FIDE's TXT and XML lists (combined or per rate, zipped as distributed) and
national CSV lists, read into `RatedEntry` values with every bad line named.

- `read_list(stream, kind=..., mapping=..., federation=...)` opens a file (ZIP or not) and
  yields its players; `RatingListError` lists the bad lines (the caller rolls back);
- `list_date_from_name` reads the month of FIDE's archive names;
- `check_mapping` validates a national list's column mapping.

See docs/rating-lists.md.
"""

from __future__ import annotations

from tournaments.domain.ratinglists.files import ListKind, list_date_from_name, read_list
from tournaments.domain.ratinglists.model import Rate, RatedEntry, RatingListError
from tournaments.domain.ratinglists.national_csv import MAPPED_FIELDS, check_mapping

__all__ = [
    "MAPPED_FIELDS",
    "ListKind",
    "Rate",
    "RatedEntry",
    "RatingListError",
    "check_mapping",
    "list_date_from_name",
    "read_list",
]
