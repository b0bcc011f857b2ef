"""`manage.py export_trf SLUG [--format trf16|trf26] [--mode exchange|report] [--bbp]
[-o FILE]`: write a tournament as TRF (rating-report-only corrections applied; TRF-2026 adds
the integrity events as `###` lines). `exchange` (the default) is the file prepared for pairing
the next round, which engines and the import read back; `report` is the rating report: the
settings' header records and exactly the played rounds. `--bbp` writes a TRF-2026 file's `162`
line as bbpPairings 6.0.0 reads it.

A command of the standings app: the file's rank column is the standings order (FIDE checklist
Q217), which the tournaments app's writer takes as an argument (`tournament_trf_report`'s
`ranker`, here `standings.export_ranks.trf_ranks`)."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from standings.export_ranks import trf_ranks
from tournaments.domain.trf import TrfWriteError
from tournaments.domain.trf.compat import bbp_compatible
from tournaments.models import Tournament
from tournaments.selectors.trf import tournament_trf_report


class Command(BaseCommand):
    help = "Write a tournament as a TRF16 (default) or TRF-2026 file, to standard output or -o."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("slug", help="the tournament's slug (as in /t/<slug>/)")
        parser.add_argument("--format", choices=["trf16", "trf26"], default="trf16")
        parser.add_argument("--mode", choices=["exchange", "report"], default="exchange")
        parser.add_argument("-o", "--output", type=Path, help="write to this file")
        parser.add_argument(
            "--bbp",
            action="store_true",
            help="TRF-2026: write line 162 as bbpPairings 6.0.0 reads it (Z where TRF-2026 has A)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        slug: str = options["slug"]
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            raise CommandError(f"No tournament has the slug {slug!r}.")
        try:
            text = tournament_trf_report(
                tournament, options["format"], ranker=trf_ranks, mode=options["mode"]
            )
            if options["bbp"] and options["format"] == "trf26":
                text = bbp_compatible(text)
        except TrfWriteError as error:
            raise CommandError(f"{slug}: cannot write {options['format']}: {error}") from error
        output: Path | None = options["output"]
        if output is None:
            self.stdout.write(text, ending="")
            return
        try:
            output.write_text(text, encoding="utf-8")
        except OSError as error:
            raise CommandError(f"{output}: {error.strerror or error}") from error
