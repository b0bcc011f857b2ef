"""`manage.py makecatalogues [NAME ...] [-o DIR]`: the translation catalogues (gettext `.po`
files) of the project, made again from the source with Django's `makemessages`
(docs/translations.md).

Each app of the project has its own catalogue, `<app>/locale/<lang>/LC_MESSAGES/django.po`, with
the strings of its Python code and of its templates, `templates/<app>/`. The project's catalogue,
in `LOCALE_PATHS` (`config/locale/`), has those of `config/` and of the other templates
(`_base.html`, the error pages, `templates/registration/`). `makemessages` run in a directory
puts everything it finds there into one catalogue, so each catalogue is made in a temporary
directory holding links to its sources and a copy of its catalogues: the translations already
made are kept, strings no longer used are dropped, new ones are added untranslated. With `-o`
the catalogues are written under that directory (`DIR/<app>/<lang>/LC_MESSAGES/django.po`)
instead of in place: the untranslated-string test reads them there.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from argparse import ArgumentParser
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from django.apps import apps
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

TRANSLATED = ("it", "fr", "ru")
"""The languages of settings.LANGUAGES other than English, the language of the source."""

IGNORED = ["*/locale", "*/migrations"]
"""The directories whose strings no catalogue takes."""


@dataclass(frozen=True)
class Catalogue:
    """One catalogue: its name, where its `<lang>/LC_MESSAGES/django.po` files live and the
    sources it takes its strings from (each linked as `name` in the temporary directory)."""

    name: str
    locale: Path
    sources: dict[str, Path]


def project_catalogues() -> list[Catalogue]:
    """The apps' catalogues and the project's (settings.LOCALE_PATHS[0])."""
    base = Path(settings.BASE_DIR)
    templates = base / "templates"
    labels: list[str] = []
    catalogues = []
    for app in apps.get_app_configs():
        path = Path(app.path)
        if path.parent != base:  # Django's and the libraries' apps
            continue
        labels.append(app.label)
        sources = {app.label: path}
        if (templates / app.label).is_dir():
            sources[f"templates/{app.label}"] = templates / app.label
        catalogues.append(Catalogue(app.label, path / "locale", sources))
    project = Path(settings.LOCALE_PATHS[0])
    sources = {project.parent.name: project.parent}
    for entry in sorted(templates.iterdir()):
        if entry.name not in labels:
            sources[f"templates/{entry.name}"] = entry
    catalogues.append(Catalogue(project.parent.name, project, sources))
    return catalogues


class Command(BaseCommand):
    help = "Make the translation catalogues (.po) of every app and of the project again."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument(
            "names", nargs="*", help="only these catalogues (an app's label, or config)"
        )
        parser.add_argument(
            "-o", "--output", type=Path, help="write the catalogues under this directory"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        output: Path | None = options["output"]
        names: list[str] = options["names"]
        catalogues = project_catalogues()
        unknown = set(names) - {catalogue.name for catalogue in catalogues}
        if unknown:
            raise CommandError(f"No such catalogue: {', '.join(sorted(unknown))}.")
        for catalogue in catalogues:
            if names and catalogue.name not in names:
                continue
            target = catalogue.locale if output is None else output / catalogue.name
            self._make(catalogue, target)
            self.stdout.write(f"{catalogue.name}: {target}")

    def _make(self, catalogue: Catalogue, target: Path) -> None:
        with tempfile.TemporaryDirectory(prefix="catalogue-") as work:
            root = Path(work)
            for name, source in catalogue.sources.items():
                (root / name).parent.mkdir(parents=True, exist_ok=True)
                (root / name).symlink_to(source)
            if catalogue.locale.is_dir():
                shutil.copytree(catalogue.locale, root / "locale")
            else:
                (root / "locale").mkdir()
            here = Path.cwd()
            os.chdir(root)
            try:
                call_command(
                    "makemessages",
                    locale=list(TRANSLATED),
                    symlinks=True,
                    ignore_patterns=IGNORED,
                    add_location="file",
                    verbosity=0,
                )
            finally:
                os.chdir(here)
            for language in TRANSLATED:
                made = root / "locale" / language / "LC_MESSAGES" / "django.po"
                if made.exists():
                    destination = target / language / "LC_MESSAGES" / "django.po"
                    destination.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(made, destination)
