"""Celery tasks: each takes ids, calls one service and returns."""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import User
from django.utils import timezone

from tournaments.exceptions import TournamentError
from tournaments.services.ratinglists_fetch import rating_lists_fetch


@shared_task
def fetch_rating_lists_task(user_id: int | None = None) -> str:
    """Check FIDE's combined list and import it when newer than the stored copy (VCL Q135,
    Q136), for Celery beat or for the officer `user_id` who asked; what it did. A failure is
    kept as the last check (the Rating lists page shows it) and returned, not raised: the next
    check tries again."""
    if not settings.RATING_LISTS_FETCH_URL:
        return "RATING_LISTS_FETCH_URL is empty: no download"
    by = User.objects.filter(pk=user_id).first() if user_id is not None else None
    try:
        return rating_lists_fetch(
            url=settings.RATING_LISTS_FETCH_URL, now=timezone.now(), by=by
        ).reason
    except TournamentError as error:
        return str(error)
