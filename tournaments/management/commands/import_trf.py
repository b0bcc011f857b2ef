"""`manage.py import_trf FILE`: create a tournament from a TRF file and print its slug."""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tournaments.exceptions import TrfImportError
from tournaments.services.tournaments import tournament_import_trf


class Command(BaseCommand):
    help = (
        "Import a TRF file (TRF16, TRF-2026, engine extensions) as a new tournament; its rounds "
        "become completed rounds. Prints the new tournament's slug. Nothing is saved on error."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path, help="the TRF file to import")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror or error}") from error
        except UnicodeDecodeError as error:
            raise CommandError(
                f"{path}: not UTF-8 text (byte {error.start + 1}); save the file as UTF-8"
            ) from error
        try:
            tournament = tournament_import_trf(text=text)
        except TrfImportError as error:
            raise CommandError(f"{path}: {error}") from error
        self.stdout.write(tournament.slug)
