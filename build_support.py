"""The wheel's own files beside the code (issue 34): setuptools' `build_py` also copies the
project's templates, static files and user manual into `config/bundled/`, and compiles each
translation catalogue (`<app>/locale/*/LC_MESSAGES/django.po`) into its `.mo` with Babel, so that
`pip install swissarbiter[web]` then `swiss-arbiter hall` runs with only Python (no gettext).

An editable install reads the checkout's files instead (`config/settings.py` `FILES_DIR`).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
BUNDLED = ("templates", "static", "docs/manual")
"""The checkout's folders the installed application reads, copied to `config/bundled/`."""


class BuildPy(build_py):  # type: ignore[misc]  # setuptools ships no types for its commands
    """`build_py`, then the bundled folders and the compiled catalogues into the build."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        build = Path(self.build_lib)
        for name in BUNDLED:
            shutil.copytree(ROOT / name, build / "config" / "bundled" / name, dirs_exist_ok=True)
        for catalogue in sorted(ROOT.glob("*/locale/*/LC_MESSAGES/django.po")):
            compiled = build / catalogue.relative_to(ROOT).with_suffix(".mo")
            compiled.parent.mkdir(parents=True, exist_ok=True)
            with catalogue.open("rb") as source:
                messages = read_po(source)
            with compiled.open("wb") as target:
                write_mo(target, messages)
