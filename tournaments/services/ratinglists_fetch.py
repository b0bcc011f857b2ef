"""Keeping the local FIDE lists current: download FIDE's combined list (standard, rapid and
blitz in one file) whenever FIDE's file is newer than the stored copy (VCL4THP Q135, Q136).

FIDE publishes its lists at fixed addresses; `RATING_LISTS_FETCH_URL` is FIDE's combined list
by default (https://ratings.fide.com/download/players_list.zip), so a site keeps its lists
current out of the box: Celery beat runs the check every `RATING_LISTS_FETCH_HOURS` hours, and
one action (**Update FIDE's lists now** on the Rating lists page, or `manage.py
fetch_rating_lists`) runs it at once. A check asks FIDE whether its file changed since the
newest stored combined list was imported (`If-Modified-Since`); only a newer file is
downloaded. Its `Last-Modified` date tells which month's list it holds
(`published_list_month`: the January list is put up on 31 December) and it is imported as that
month's combined list, replacing an older copy of the same month, so the local lists are never
more than one check behind FIDE's. A failed download changes nothing (the program also runs
offline) and is reported on the Rating lists page, with the last check's time and outcome.
"""

from __future__ import annotations

import datetime
import email.utils
import tempfile
import urllib.request
from dataclasses import dataclass
from typing import BinaryIO, TypedDict
from urllib.error import HTTPError, URLError

from django.contrib.auth.models import User
from django.core.cache import cache
from django.utils import timezone

from tournaments.domain.ratinglists import ListKind
from tournaments.domain.ratinglists.sequence import published_list_month
from tournaments.exceptions import TournamentError
from tournaments.models import RatingList, RatingListKind
from tournaments.services.ratinglists import rating_list_import

MAX_DOWNLOAD_BYTES = 200 * 1024 * 1024
"""FIDE's combined ZIP is about 40 MB; anything far larger is not it."""
TIMEOUT_SECONDS = 120
LAST_CHECK_KEY = "rating-lists:last-check"
"""The cache entry holding the last check (`LastCheck`), for the Rating lists page."""
RUNNING_KEY = "rating-lists:check-running"
RUNNING_SECONDS = 3600
"""A check claims `RUNNING_KEY` this long at most (a worker that died frees it then)."""
LAST_CHECK_SECONDS = 40 * 24 * 3600


@dataclass(frozen=True)
class FetchOutcome:
    """What a check did: the list imported, or why nothing was."""

    imported: RatingList | None
    reason: str


class LastCheck(TypedDict):
    """The last check as the Rating lists page shows it."""

    at: datetime.datetime
    ok: bool
    reason: str


def rating_lists_fetch(
    *, url: str, now: datetime.datetime, by: User | None = None, force: bool = False
) -> FetchOutcome:
    """Download FIDE's combined list from `url` and import it as the list of its month when it
    is newer than the stored copy (`force`: import it whatever its date). Refusals of the file
    are the import's (`RatingListRefused`); a download that fails raises `TournamentError`.
    A check already running elsewhere is not doubled. The outcome, or the failure, is kept as
    the last check (`rating_lists_last_check`)."""
    if not cache.add(RUNNING_KEY, True, RUNNING_SECONDS):
        return FetchOutcome(None, "a check of FIDE's lists is running already")
    try:
        outcome = _fetch(url=url, now=now, by=by, force=force)
    except TournamentError as error:
        _remember(now, ok=False, reason=str(error))
        raise
    finally:
        cache.delete(RUNNING_KEY)
    _remember(now, ok=True, reason=outcome.reason)
    return outcome


def rating_lists_last_check() -> LastCheck | None:
    """The last check's time, whether it succeeded, and what it did (None: none kept)."""
    found: LastCheck | None = cache.get(LAST_CHECK_KEY)
    return found


def _fetch(*, url: str, now: datetime.datetime, by: User | None, force: bool) -> FetchOutcome:
    this_month = timezone.localdate(now).replace(day=1)
    newest = RatingList.objects.filter(kind=RatingListKind.FIDE).order_by("-imported_at").first()
    request = urllib.request.Request(url, headers={"User-Agent": "chess-tournaments"})
    if newest is not None and not force:
        since = email.utils.format_datetime(newest.imported_at, usegmt=True)
        request.add_header("If-Modified-Since", since)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:
            modified = _last_modified(response.headers.get("Last-Modified", ""))
            month = published_list_month(modified.date()) if modified is not None else this_month
            stored = RatingList.objects.filter(kind=RatingListKind.FIDE, date=month).first()
            if stored is not None and not force:
                if modified is None:
                    return FetchOutcome(
                        None, f"the FIDE combined list of {month:%Y-%m-%d} is stored already"
                    )
                if modified <= stored.imported_at:
                    return _current(stored, modified, this_month)
            imported = _import(response, url=url, month=month, by=by)
    except HTTPError as error:
        if error.code == 304 and newest is not None:  # not modified since the newest copy
            return _current(newest, None, this_month)
        raise TournamentError(f"{url}: download failed ({error})") from None
    except (URLError, OSError) as error:
        raise TournamentError(f"{url}: download failed ({error})") from None
    return FetchOutcome(imported, f"imported {imported}: {imported.player_count} players")


def _current(
    stored: RatingList, modified: datetime.datetime | None, this_month: datetime.date
) -> FetchOutcome:
    """Nothing to import: FIDE's file is the stored copy's (or older)."""
    when = f"{modified:%Y-%m-%d %H:%M} UTC" if modified else "the import"
    later = (
        f"; FIDE has not published the list of {this_month:%Y-%m-%d} yet"
        if stored.date < this_month
        else ""
    )
    return FetchOutcome(
        None,
        f"the stored {stored} is current: FIDE's file has not changed since {when} "
        f"(imported {stored.imported_at:%Y-%m-%d %H:%M} UTC){later}",
    )


def _import(response: BinaryIO, *, url: str, month: datetime.date, by: User | None) -> RatingList:
    """Read the answer into a spooled file (at most `MAX_DOWNLOAD_BYTES`) and import it."""
    with tempfile.SpooledTemporaryFile(max_size=16 * 1024 * 1024) as spool:
        size = 0
        while chunk := response.read(1024 * 1024):
            size += len(chunk)
            if size > MAX_DOWNLOAD_BYTES:
                raise TournamentError(f"{url}: over {MAX_DOWNLOAD_BYTES} bytes, refused")
            spool.write(chunk)
        spool.seek(0)
        return rating_list_import(
            stream=spool,
            kind=ListKind.FIDE_COMBINED,
            date=month,
            source_name=url.rsplit("/", 1)[-1] or url,
            by=by,
        )


def _remember(now: datetime.datetime, *, ok: bool, reason: str) -> None:
    cache.set(LAST_CHECK_KEY, LastCheck(at=now, ok=ok, reason=reason), LAST_CHECK_SECONDS)


def _last_modified(header: str) -> datetime.datetime | None:
    """The time of an HTTP `Last-Modified` header (None when absent or unreadable)."""
    if not header:
        return None
    try:
        parsed = email.utils.parsedate_to_datetime(header)
    except (TypeError, ValueError):
        return None
    return parsed if parsed.tzinfo is not None else parsed.replace(tzinfo=datetime.UTC)
