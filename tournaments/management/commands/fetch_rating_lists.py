"""`manage.py fetch_rating_lists [--url URL] [--force]`: bring the local FIDE lists up to date
in one action (VCL4THP Q135, Q136; docs/rating-lists.md "Keeping the lists current"), as the
Rating lists page's **Update FIDE's lists now** does."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import timezone

from tournaments.exceptions import TournamentError
from tournaments.services.ratinglists_fetch import rating_lists_fetch


class Command(BaseCommand):
    help = "Download FIDE's combined rating list when it is newer than the stored copy."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--url",
            default=settings.RATING_LISTS_FETCH_URL,
            help="Where FIDE's combined list is (default: RATING_LISTS_FETCH_URL, FIDE's).",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="Import FIDE's file even if the stored copy is as new.",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        url: str = options["url"]
        if not url:
            raise CommandError("Give --url or set RATING_LISTS_FETCH_URL.")
        try:
            outcome = rating_lists_fetch(url=url, now=timezone.now(), force=options["force"])
        except TournamentError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(outcome.reason[:1].upper() + outcome.reason[1:] + ".")
