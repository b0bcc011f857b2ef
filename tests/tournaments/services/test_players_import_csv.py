"""`players_import_csv`: documented columns; a bad line refuses the whole file."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tournaments.exceptions import PlayerImportError
from tournaments.services.players import players_import_csv

pytestmark = pytest.mark.django_db

GOOD = """name,title,sex,rating,federation,fide_id,birth_date
"Rossi, Mario",IM,m,2412,ITA,2345678,1990/01/02
"Bianchi, Anna",,w,unrated,ITA,,
"""


def test_it_imports_every_line(arbiter: User) -> None:
    tournament = tournament_with_players(0)

    count = players_import_csv(tournament=tournament, text=GOOD, by=arbiter)

    assert count == 2
    rows = list(tournament.players.values_list("name", "title", "fide_rating", "fide_id"))
    assert rows == [("Rossi, Mario", "IM", 2412, "2345678"), ("Bianchi, Anna", "", 0, "")]


def test_it_reads_semicolons(arbiter: User) -> None:
    tournament = tournament_with_players(0)

    players_import_csv(tournament=tournament, text="name;rating\nVerdi, Luca;1800\n", by=arbiter)

    assert tournament.players.get().fide_rating == 1800


def test_a_bad_line_saves_nothing_and_every_bad_line_is_named(
    arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(1)
    before = snapshot()
    text = GOOD + '"Neri, Ugo",,,4000,ITA,,\n"Gialli, Eva",,,2000,ITA,2345678,\n'

    with pytest.raises(PlayerImportError) as refused:
        players_import_csv(tournament=tournament, text=text, by=arbiter)

    assert len(refused.value.errors) == 2
    assert refused.value.errors[0].startswith("line 4:") and "3500" in refused.value.errors[0]
    assert refused.value.errors[1].startswith("line 5:") and "2345678" in refused.value.errors[1]
    assert snapshot() == before


def test_it_refuses_a_file_without_a_name_column(arbiter: User) -> None:
    tournament = tournament_with_players(0)

    with pytest.raises(PlayerImportError, match="name column"):
        players_import_csv(tournament=tournament, text="player,rating\nA,1\n", by=arbiter)


@pytest.mark.parametrize(
    "name",
    [
        '"=HYPERLINK(""http://evil.example"",""x"")"',
        "\"=cmd|' /C calc'!A0\"",
        "+1+2",
        "@SUM(A1)",
        "-2+3",
    ],
)
def test_a_name_that_a_spreadsheet_would_run_is_refused(arbiter: User, name: str) -> None:
    """Issue 30, OWASP CSV injection: the import refuses formulas rather than storing them."""
    tournament = tournament_with_players(0)

    with pytest.raises(PlayerImportError, match="line 2: The name starts with"):
        players_import_csv(tournament=tournament, text=f"name\n{name}\n", by=arbiter)

    assert not tournament.players.exists()


def test_a_name_with_a_line_break_or_a_control_character_is_refused(arbiter: User) -> None:
    tournament = tournament_with_players(0)
    text = 'name\n"Rossi,\r\nMario"\n"Bianchi, Anna\x07"\n'

    with pytest.raises(PlayerImportError) as refused:
        players_import_csv(tournament=tournament, text=text, by=arbiter)

    assert "U+000D, U+000A" in str(refused.value) and "U+0007" in str(refused.value)
    assert not tournament.players.exists()


def test_a_field_over_the_csv_modules_limit_is_a_clear_refusal(arbiter: User) -> None:
    """Issue 30: a field over 131,072 characters raised `_csv.Error` (a 500)."""
    tournament = tournament_with_players(0)
    text = 'name,title\n"Rossi, Mario",IM\n"' + "x" * 140_000 + '",IM\n'

    with pytest.raises(PlayerImportError, match="line 3: not a CSV line the import can read"):
        players_import_csv(tournament=tournament, text=text, by=arbiter)

    assert not tournament.players.exists()


def test_a_womens_title_for_a_male_player_is_refused(arbiter: User) -> None:
    """Issue 31: WGM, WIM, WFM and WCM are women's titles."""
    tournament = tournament_with_players(0)
    text = 'name,title,sex\n"Rossi, Mario",WFM,m\n"Bianchi, Anna",WFM,w\n"Verdi, Luca",WFM,\n'

    with pytest.raises(PlayerImportError) as refused:
        players_import_csv(tournament=tournament, text=text, by=arbiter)

    assert refused.value.errors == [
        "line 2: WFM is a women's title: it cannot be given to a male player (sex m)."
    ]
