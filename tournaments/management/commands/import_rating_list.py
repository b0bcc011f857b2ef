"""`manage.py import_rating_list FILE --kind KIND [--federation FED] [--date YYYY-MM-DD]
[--mapping JSON]`: import a FIDE or national rating list (see docs/rating-lists.md)."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from tournaments.domain.ratinglists import ListKind, list_date_from_name
from tournaments.exceptions import TournamentError
from tournaments.services.ratinglists import rating_list_import


def _mapping(text: str | None) -> dict[str, str] | None:
    """A mapping given inline as JSON or as the path of a JSON file."""
    if text is None:
        return None
    source = Path(text)
    try:
        mapping = json.loads(source.read_text(encoding="utf-8") if source.is_file() else text)
    except (OSError, json.JSONDecodeError) as error:
        raise CommandError(f"--mapping: not JSON nor a JSON file ({error})") from None
    if not isinstance(mapping, dict) or not all(isinstance(v, str) for v in mapping.values()):
        raise CommandError('--mapping: write {"field": "column", ...}')
    return mapping


class Command(BaseCommand):
    help = "Import a rating list file (FIDE TXT/XML, zipped or not; national CSV)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument("--kind", required=True, choices=[kind.value for kind in ListKind])
        parser.add_argument("--federation", default="", help="National lists: e.g. FRA.")
        parser.add_argument(
            "--date",
            type=datetime.date.fromisoformat,
            help="The list's date (YYYY-MM-DD); read from FIDE's archive names when omitted.",
        )
        parser.add_argument(
            "--mapping", help="National lists: the column mapping, JSON or a JSON file."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        date = options["date"] or list_date_from_name(path.name)
        if date is None:
            raise CommandError(f"Give the list's --date: {path.name} does not say it.")
        try:
            with path.open("rb") as stream:
                rating_list = rating_list_import(
                    stream=stream,
                    kind=ListKind(options["kind"]),
                    date=date,
                    source_name=path.name,
                    by=None,
                    federation=options["federation"],
                    mapping=_mapping(options["mapping"]),
                )
        except OSError as error:
            raise CommandError(f"{path}: {error.strerror}") from None
        except TournamentError as error:
            raise CommandError(str(error)) from None
        self.stdout.write(f"Imported {rating_list}: {rating_list.player_count} players.")
