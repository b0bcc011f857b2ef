"""`tournament_import_trf` with forbidden pairs, TRF-2026 bye lines and refused extensions."""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable

import pytest
from django.core.management import call_command

from pairing.services.trf_import import tournament_import_trf, tournament_import_trf_reported
from tests.factories import PlayerFactory
from tests.tournaments.conftest import Snapshot
from tournaments.domain.state import ForbiddenPairs, PlayerId
from tournaments.domain.trf import parse_trf
from tournaments.exceptions import TrfImportError
from tournaments.models import Bye, ByeKind, ForbiddenPair, RoundState
from tournaments.selectors.state import tournament_state_from_db

pytestmark = pytest.mark.django_db

HEADER = "012 Club Open\nXXR 4\nXXC white1\n"
PLAYERS = "".join(
    f"001 {number:>4}      {name:<33} {rating}{' ' * 29}{points}    {number}     {game}\n"
    for number, name, rating, points, game in [
        (1, "Alpha, A", 2000, "1.0", "3 w 1"),
        (2, "Beta, B", 1900, "1.0", "4 b 1"),
        (3, "Gamma, C", 1800, "0.0", "1 b 0"),
        (4, "Delta, D", 1700, "0.0", "2 w 0"),
    ]
)


def with_fide_id(players: str, ids: dict[int, str]) -> str:
    """The player lines with FIDE ids (columns 58-68) on the lines given by index."""
    lines = players.splitlines(keepends=True)
    for index, fide_id in ids.items():
        lines[index] = lines[index][:57] + fide_id.ljust(11) + lines[index][68:]
    return "".join(lines)


def test_it_imports_forbidden_pairs_from_xxp_and_260_lines() -> None:
    text = HEADER + "XXP    1    2    3\n260 002 003    2    4\n" + PLAYERS

    tournament = tournament_import_trf(text=text)

    pairs = sorted(
        (p.first.pairing_number, p.second.pairing_number, p.first_round, p.last_round)
        for p in ForbiddenPair.objects.select_related("first", "second")
    )
    assert pairs == [(1, 2, 1, None), (1, 3, 1, None), (2, 3, 1, None), (2, 4, 2, 3)]
    state = tournament_state_from_db(tournament, 2)
    assert state.is_forbidden(PlayerId(1), PlayerId(3), 2)
    assert state.is_forbidden(PlayerId(2), PlayerId(4), 3)
    assert not state.is_forbidden(PlayerId(2), PlayerId(4), 4)
    assert ForbiddenPairs(frozenset({PlayerId(2), PlayerId(4)}), 2, 3) in state.forbidden


def test_it_imports_the_byes_of_240_lines_into_later_rounds() -> None:
    text = HEADER + "240 H 003    1    3\n240 Z 004    2\n" + PLAYERS

    tournament = tournament_import_trf(text=text)

    byes = sorted(
        (b.round.number, b.player.pairing_number, b.kind)
        for b in tournament.round_set.get(number=3).byes.select_related("round", "player")
    ) + [
        (b.round.number, b.player.pairing_number, b.kind)
        for b in tournament.round_set.get(number=4).byes.select_related("round", "player")
    ]
    assert byes == [
        (3, 1, ByeKind.HALF_POINT),
        (3, 3, ByeKind.HALF_POINT),
        (4, 2, ByeKind.ZERO_POINT),
    ]
    assert tournament.round_set.get(number=2).state == RoundState.NOT_PAIRED


def test_an_exported_tournament_keeps_its_later_byes_and_forbidden_pairs() -> None:
    tournament = tournament_import_trf(text=HEADER + "XXP    1    2\n" + PLAYERS)
    player = tournament.players.get(pairing_number=4)
    Bye.objects.create(
        round=tournament.round_set.get(number=2), player=player, kind=ByeKind.ZERO_POINT
    )
    Bye.objects.create(
        round=tournament.round_set.get(number=4), player=player, kind=ByeKind.HALF_POINT
    )
    out = io.StringIO()

    call_command("export_trf", tournament.slug, stdout=out)

    text = out.getvalue()
    assert "XXP    1    2" in text
    assert "240 H 004    4" in text
    document = parse_trf(text)
    assert [entry.outcome.value for entry in document.player(PlayerId(4)).rounds] == ["0", "Z"]
    again = tournament_import_trf(text=text)
    assert tournament_state_from_db(again, 2) == tournament_state_from_db(tournament, 2)
    assert (
        tournament_state_from_db(again, 4).not_paired
        == tournament_state_from_db(tournament, 4).not_paired
    )


REFUSED: dict[str, tuple[str, str]] = {
    "a bye after the last round": (
        HEADER + "240 H 005    1\n" + PLAYERS,
        "a bye in round 5, after the last round (4)",
    ),
    "an end before the start": (
        HEADER + "042 2026/05/02\n052 2026/05/01\n" + PLAYERS,
        "line 5, column 5: the end date is before the start date",
    ),
    "a rating out of range": (
        HEADER + PLAYERS.replace("2000", "3900", 1),
        "line 4, column 49: rating 3900 is above 3500",
    ),
    "a FIDE id twice": (
        HEADER + with_fide_id(PLAYERS, {0: "12345678", 1: "12345678"}),
        "line 5, column 58: FIDE id 12345678 is also player 1's",
    ),
}


@pytest.mark.parametrize("case", REFUSED)
def test_it_refuses_what_the_model_cannot_hold_and_saves_nothing(
    case: str, snapshot: Callable[[], Snapshot]
) -> None:
    PlayerFactory.create()
    before = snapshot()
    text, message = REFUSED[case]

    with pytest.raises(TrfImportError) as refusal:
        tournament_import_trf(text=text)

    assert message in str(refusal.value)
    assert snapshot() == before


@pytest.mark.parametrize(
    ("start", "end", "expected"),
    [
        ("28. 07. 2005", "30. 07. 2005", (datetime.date(2005, 7, 28), datetime.date(2005, 7, 30))),
        ("May 29, 2020", "May 29, 2020", (datetime.date(2020, 5, 29), datetime.date(2020, 5, 29))),
    ],
)
def test_it_reads_the_free_text_dates_of_real_files(
    start: str, end: str, expected: tuple[datetime.date, datetime.date]
) -> None:
    # FIDE's own TRF16 example and lichess exports write the dates as text (issue 13).
    tournament = tournament_import_trf(text=f"{HEADER}042 {start}\n052 {end}\n{PLAYERS}")

    assert (tournament.start_date, tournament.end_date) == expected


@pytest.mark.parametrize("text", ["2005", "first of May", "32/13/2020", "?!"])
def test_it_leaves_a_date_it_cannot_read_empty_and_reports_it(text: str) -> None:
    imported = tournament_import_trf_reported(text=f"{HEADER}042 {text}\n052 2026/05/02\n{PLAYERS}")

    tournament = imported.tournament
    assert tournament.start_date is None
    assert tournament.end_date == datetime.date(2026, 5, 2)
    assert tournament.players.count() == 4
    assert f"line 4: changed: {text!r} is not a date: the start date is left empty" in [
        str(adjustment) for adjustment in imported.report.adjustments
    ]
