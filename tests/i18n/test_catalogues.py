"""Every string of the interface is translated into Italian, French and Russian (issue 20).

The catalogues are made again from today's source into a temporary directory (`manage.py
makecatalogues -o`: the committed translations merged with the strings the code and the
templates hold now), and gettext's own `msgfmt --check` reads each: a string without a
translation, a `fuzzy` guess, or a translation that lost a placeholder of the English fails the
test, naming the strings.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command

from tests.conftest import require_server
from tournaments.management.commands.makecatalogues import TRANSLATED, project_catalogues

STATISTICS = re.compile(
    r"(?P<translated>\d+) translated messages?"
    r"(?:, (?P<fuzzy>\d+) fuzzy translations?)?"
    r"(?:, (?P<untranslated>\d+) untranslated messages?)?"
)


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogues made again from the source, under a temporary directory."""
    for tool in ("xgettext", "msgmerge", "msgfmt", "msgattrib"):
        require_server(shutil.which(tool) is not None, f"gettext's {tool}")
    output = tmp_path_factory.mktemp("catalogues")
    call_command("makecatalogues", output=output, verbosity=0)
    return output


def _gettext(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, check=False)


def _listed(po: Path, *only: str) -> list[str]:
    """The English strings of `po` that msgattrib selects with `only` (untranslated, fuzzy)."""
    selected = _gettext("msgattrib", *only, "--no-wrap", "--no-location", str(po)).stdout
    return re.findall(r'^msgid "(.+)"$', selected, re.M)


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("catalogue", [catalogue.name for catalogue in project_catalogues()])
def test_every_string_has_a_checked_translation(made: Path, catalogue: str, language: str) -> None:
    po = made / catalogue / language / "LC_MESSAGES" / "django.po"
    if not po.exists():
        pytest.skip(f"{catalogue} has no translated strings")
    checked = _gettext("msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po))
    assert checked.returncode == 0, f"{catalogue} ({language}): {checked.stderr}"
    counts = STATISTICS.search(checked.stderr)
    assert counts is not None, checked.stderr
    untranslated = _listed(po, "--untranslated")
    fuzzy = _listed(po, "--only-fuzzy")
    assert (counts["untranslated"], counts["fuzzy"]) == (None, None), (
        f"{catalogue} ({language}): untranslated {untranslated}; fuzzy {fuzzy} "
        "(make messages, translate, docs/translations.md)"
    )


ENTRY = re.compile(
    r'(?:^msgctxt "(?P<context>.*)"\n)?'
    r'^msgid (?P<english>(?:".*"\n)+)^msgstr (?P<text>(?:".*"\n)+)',
    re.M,
)


def _joined(block: str) -> str:
    return "".join(re.findall(r'"(.*)"', block))


def _entries(po: Path) -> dict[tuple[str | None, str], str]:
    """The singular entries of a committed catalogue: (context, English) -> translation."""
    return {
        (match["context"], _joined(match["english"])): _joined(match["text"])
        for match in ENTRY.finditer(po.read_text(encoding="utf-8"))
        if _joined(match["english"])
    }


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_string_in_two_catalogues_reads_the_same_in_both(language: str) -> None:
    """One English string, one translation: which catalogue wins depends on Django's lookup
    order, so two different translations would make a page's words depend on it."""
    seen: dict[tuple[str | None, str], tuple[str, str]] = {}
    differing = []
    for catalogue in project_catalogues():
        po = catalogue.locale / language / "LC_MESSAGES" / "django.po"
        if not po.exists():
            continue
        for key, text in _entries(po).items():
            first = seen.setdefault(key, (catalogue.name, text))
            if first[1] != text:
                differing.append(f"{key[1]!r}: {first[0]} {first[1]!r}, {catalogue.name} {text!r}")
    assert not differing, f"{language}: " + "; ".join(differing)
