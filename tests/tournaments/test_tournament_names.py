"""A tournament's name refuses control characters and a spreadsheet formula's start, as a
player's does (issue 30, deliverable 4): in the settings form and in an imported file's `012`."""

from __future__ import annotations

import pytest

from pairing.services.trf_import import tournament_import_trf
from tournaments.exceptions import TrfImportError
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament


@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("Open\r\nSecond line", "The name holds control characters (U+000D, U+000A): remove them."),
        ("Open\x07", "The name holds control characters (U+0007): remove them."),
        (
            '=HYPERLINK("http://x","click")',
            "The name starts with '=': a spreadsheet would run it as a formula.",
        ),
        ("  @SUM(A1)", "The name starts with '@': a spreadsheet would run it as a formula."),
        ("+Open", "The name starts with '+': a spreadsheet would run it as a formula."),
        ("-Open", "The name starts with '-': a spreadsheet would run it as a formula."),
    ],
)
def test_the_settings_form_refuses_the_name(name: str, error: str) -> None:
    form = TournamentForm({"name": name})

    assert not form.is_valid()
    assert form.errors["name"] == [error]


@pytest.mark.parametrize("name", ["Open 2026", "Cappelle-la-Grande", "O'Neill Memorial: A=B"])
def test_ordinary_names_pass(name: str) -> None:
    form = TournamentForm({"name": name})
    form.is_valid()

    assert "name" not in form.errors


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("=cmd|' /C calc'!A0", "the name starts with '=': a spreadsheet would run it as a formula"),
        ("Open\x0b2026", "the name holds control characters (U+000B)"),
    ],
)
def test_an_imported_file_s_name_is_refused_on_its_012_line(
    worked_example_text: str, name: str, error: str
) -> None:
    text = worked_example_text.replace(
        "012 Worked example - FIDE (Dutch) Swiss System, 6 rounds", f"012 {name}", 1
    )

    with pytest.raises(TrfImportError) as refused:
        tournament_import_trf(text=text)

    assert refused.value.line == 1
    assert refused.value.message == error
    assert not Tournament.objects.exists()
