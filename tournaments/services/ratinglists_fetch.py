"""Keeping the local FIDE list current: download FIDE's combined list (standard, rapid and
blitz in one file) when the month's list is not stored yet (VCL4THP Q135, Q136).

FIDE publishes the month's lists on the first of the month at a fixed address
(`RATING_LISTS_FETCH_URL`, e.g. https://ratings.fide.com/download/players_list.zip). One action
(`manage.py fetch_rating_lists`, or the daily Celery beat task when the address is set)
imports it as the combined list of the month, which covers all three rates, so every local
list a tournament uses is then at most a day behind FIDE. The file's `Last-Modified` date
tells whether FIDE has published the month's list yet: an older file is the previous month's
and is left alone. Nothing is changed when the download fails (the program also runs offline).
"""

from __future__ import annotations

import datetime
import email.utils
import tempfile
import urllib.request
from dataclasses import dataclass
from urllib.error import URLError

from django.contrib.auth.models import User

from tournaments.domain.ratinglists import ListKind
from tournaments.exceptions import TournamentError
from tournaments.models import RatingList, RatingListKind
from tournaments.services.ratinglists import rating_list_import

MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024
"""FIDE's combined ZIP is about 40 MB; anything far larger is not it."""
TIMEOUT_SECONDS = 120


@dataclass(frozen=True)
class FetchOutcome:
    """What a fetch did: the list imported, or why nothing was."""

    imported: RatingList | None
    reason: str


def rating_lists_fetch(
    *, url: str, today: datetime.date, by: User | None = None, force: bool = False
) -> FetchOutcome:
    """Download and import FIDE's combined list as the list of `today`'s month unless that list
    is stored already (`force`: import it again). Refusals of the file are the import's
    (`RatingListRefused`); a download that fails raises `TournamentError`."""
    month = today.replace(day=1)
    stored = RatingList.objects.filter(kind=RatingListKind.FIDE, date=month).exists()
    if stored and not force:
        return FetchOutcome(None, f"the FIDE combined list of {month:%Y-%m-%d} is stored already")
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_SECONDS) as response:
            published = _last_modified(response.headers.get("Last-Modified", ""))
            if published is not None and published < month:
                return FetchOutcome(
                    None,
                    f"FIDE's file dates from {published:%Y-%m-%d}: the list of "
                    f"{month:%Y-%m-%d} is not published yet",
                )
            with tempfile.SpooledTemporaryFile(max_size=16 * 1024 * 1024) as spool:
                size = 0
                while chunk := response.read(1024 * 1024):
                    size += len(chunk)
                    if size > MAX_DOWNLOAD_BYTES:
                        raise TournamentError(f"{url}: over {MAX_DOWNLOAD_BYTES} bytes, refused")
                    spool.write(chunk)
                spool.seek(0)
                imported = rating_list_import(
                    stream=spool,
                    kind=ListKind.FIDE_COMBINED,
                    date=month,
                    source_name=url.rsplit("/", 1)[-1] or url,
                    by=by,
                )
    except (URLError, OSError) as error:
        raise TournamentError(f"{url}: download failed ({error})") from None
    return FetchOutcome(imported, f"imported {imported}: {imported.player_count} players")


def _last_modified(header: str) -> datetime.date | None:
    """The date of an HTTP `Last-Modified` header (None when absent or unreadable)."""
    if not header:
        return None
    try:
        return email.utils.parsedate_to_datetime(header).date()
    except (TypeError, ValueError):
        return None
