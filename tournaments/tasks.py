"""Celery tasks: each takes ids, calls one service and returns."""

from __future__ import annotations

import datetime

from celery import shared_task
from django.conf import settings

from tournaments.services.ratinglists_fetch import rating_lists_fetch


@shared_task
def fetch_rating_lists_task() -> str:
    """Fetch FIDE's list of the month when it is not stored yet (VCL Q135); what it did."""
    today = datetime.datetime.now(tz=datetime.UTC).date()
    return rating_lists_fetch(url=settings.RATING_LISTS_FETCH_URL, today=today).reason
