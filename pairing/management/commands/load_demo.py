"""`manage.py load_demo`: import the worked example and the sample rating list once (`make run`
calls it). A command of the pairing app: the import is checked by its engine."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.core.management.base import BaseCommand

import tournaments
from pairing.services.trf_import import tournament_import_trf
from tournaments.models import RatingList, Tournament

DEMO_FILE = Path(tournaments.__file__).resolve().parent / "fixtures" / "worked-example.trf"
DEMO_SLUG = "worked-example"
DEMO_RATING_LIST = DEMO_FILE.parent / "ratinglists" / "players_list.zip"


class Command(BaseCommand):
    help = (
        "Load the demo tournament (the 14-player, 6-round worked example) and the sample "
        "rating list unless they exist."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        if not RatingList.objects.exists():
            call_command(
                "import_rating_list",
                str(DEMO_RATING_LIST),
                "--kind",
                "fide",
                "--date",
                "2026-10-01",
                stdout=self.stdout,
            )
        if Tournament.objects.filter(slug=DEMO_SLUG).exists():
            self.stdout.write(f"The demo tournament is already loaded: /t/{DEMO_SLUG}/")
            return
        text = DEMO_FILE.read_text(encoding="utf-8")
        tournament = tournament_import_trf(text=text, slug=DEMO_SLUG)
        self.stdout.write(f"Loaded the demo tournament: /t/{tournament.slug}/")
