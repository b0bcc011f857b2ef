"""`manage.py import_trf FILE [--chief USERNAME]`: create a tournament from a TRF file.

The slug of the new tournament goes to standard output (for scripts); the import's report (every
adjustment with its line, the engine's check of every imported round) to standard error. A command
of the pairing app: the import is checked by its engine (`pairing.services.trf_import`).
"""

from __future__ import annotations

from argparse import ArgumentParser
from pathlib import Path
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError

from pairing.services.trf_import import tournament_import_trf_reported
from tournaments.exceptions import TrfImportError


class Command(BaseCommand):
    help = (
        "Import a TRF file (TRF16, TRF-2026, engine extensions) as a new tournament; its rounds "
        "become completed rounds, each checked by the pairing engine. Prints the new "
        "tournament's slug, and the import's report on standard error. Nothing is saved on "
        "error."
    )

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("file", type=Path, help="the TRF file to import")
        parser.add_argument(
            "--chief", metavar="USERNAME", help="the user who becomes the chief arbiter"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        chief = _user(options["chief"]) if options["chief"] else None
        try:
            text = path.read_text(encoding="utf-8-sig")
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror or error}") from error
        except UnicodeDecodeError as error:
            raise CommandError(
                f"{path}: not UTF-8 text (byte {error.start + 1}); save the file as UTF-8"
            ) from error
        try:
            imported = tournament_import_trf_reported(text=text, by=chief)
        except TrfImportError as error:
            raise CommandError(f"{path}: {error}") from error
        for line in imported.report.lines():
            self.stderr.write(line)
        self.stdout.write(imported.tournament.slug)


def _user(username: str) -> User:
    try:
        return User.objects.get(username=username)
    except User.DoesNotExist:
        raise CommandError(f"--chief: no user is named {username!r}") from None
