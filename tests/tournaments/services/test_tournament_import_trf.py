"""`tournament_import_trf`: a TRF file becomes a tournament; a bad one saves nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from pairing.services.trf_import import tournament_import_trf
from tests.factories import TournamentFactory, UserFactory
from tests.tournaments.conftest import Snapshot
from tournaments.exceptions import TrfImportError
from tournaments.models import (
    ArbiterRole,
    AuditEntry,
    ByeKind,
    InitialColor,
    PairingSystem,
    PlayerStatus,
    Result,
    RoundState,
    TournamentStatus,
)

pytestmark = pytest.mark.django_db


def replace_line(text: str, number: int, new: str) -> str:
    lines = text.split("\n")
    lines[number - 1] = new
    return "\n".join(lines)


def line(text: str, number: int) -> str:
    return text.split("\n")[number - 1]


def test_it_imports_the_worked_example_as_a_finished_tournament(worked_example_text: str) -> None:
    tournament = tournament_import_trf(text=worked_example_text)

    assert tournament.name == "Worked example - FIDE (Dutch) Swiss System, 6 rounds"
    assert tournament.slug == "worked-example-fide-dutch-swiss-system-6-rounds"
    assert tournament.rounds == 6
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.initial_color == InitialColor.WHITE
    assert tournament.pairing_system == PairingSystem.FIDE_DUTCH
    assert tournament.scoring.win == 2 and tournament.scoring.pairing_bye == 2
    players = {p.pairing_number: p for p in tournament.players.all()}
    assert len(players) == 14
    assert (players[1].name, players[1].title, players[1].fide_rating) == ("Alice", "GM", 2500)
    assert (players[3].title, players[11].title, players[12].title) == ("WGM", "WFM", "")
    assert all(p.status == PlayerStatus.ACTIVE for p in players.values())
    rounds = list(tournament.round_set.order_by("number"))
    assert [r.state for r in rounds] == [RoundState.COMPLETED] * 6
    assert all(r.published_at and r.completed_at for r in rounds)


def test_it_imports_games_with_results_and_boards_in_publication_order(
    worked_example_text: str,
) -> None:
    tournament = tournament_import_trf(text=worked_example_text)

    round1 = tournament.round_set.get(number=1)
    boards = [
        (g.board, g.white.pairing_number, g.black.pairing_number, g.result)
        for g in round1.games.select_related("white", "black").order_by("board")
    ]
    assert boards == [
        (1, 1, 8, Result.WHITE_WINS),
        (2, 9, 2, Result.BLACK_WINS),
        (3, 3, 10, Result.WHITE_WINS),
        (4, 11, 4, Result.DRAW),
        (5, 5, 12, Result.WHITE_WINS),
        (6, 13, 6, Result.BLACK_WINS),
        (7, 7, 14, Result.WHITE_WINS),
    ]
    round3 = tournament.round_set.get(number=3)
    forfeit = round3.games.get(white__pairing_number=11)
    assert (forfeit.black.pairing_number, forfeit.result) == (6, Result.BLACK_WINS_FORFEIT)


def test_it_imports_byes_and_orders_boards_by_score(worked_example_text: str) -> None:
    tournament = tournament_import_trf(text=worked_example_text)

    round2 = tournament.round_set.get(number=2)
    byes = {b.player.pairing_number: b.kind for b in round2.byes.select_related("player")}
    assert byes == {12: ByeKind.ZERO_POINT, 14: ByeKind.PAIRING_ALLOCATED}
    first_board = round2.games.get(board=1)
    # After round 1 the winners lead; the highest-ranked pair of winners plays on board 1.
    assert {first_board.white.pairing_number, first_board.black.pairing_number} == {1, 5}


def test_it_records_the_import_in_the_audit_trail(worked_example_text: str) -> None:
    arbiter = UserFactory.create()

    tournament = tournament_import_trf(text=worked_example_text, by=arbiter)

    entry = AuditEntry.objects.get(tournament=tournament)
    assert entry.user == arbiter
    assert entry.entity == "tournament"
    assert "14 players" in entry.new_value


def test_the_importer_becomes_the_chief_arbiter_of_the_imported_tournament(
    worked_example_text: str,
) -> None:
    arbiter = UserFactory.create()

    tournament = tournament_import_trf(text=worked_example_text, by=arbiter)
    anonymous = tournament_import_trf(text=worked_example_text)

    assert list(tournament.roles.values_list("user", "role")) == [(arbiter.pk, ArbiterRole.CHIEF)]
    assert not anonymous.roles.exists()


def test_it_gives_a_second_import_its_own_slug(worked_example_text: str) -> None:
    first = tournament_import_trf(text=worked_example_text)
    second = tournament_import_trf(text=worked_example_text)

    assert second.slug == f"{first.slug}-2"


def test_an_imported_tournament_named_new_does_not_take_the_reserved_slug(
    worked_example_text: str,
) -> None:
    renamed = "\n".join(
        "012 New" if row.startswith("012 ") else row for row in worked_example_text.split("\n")
    )

    tournament = tournament_import_trf(text=renamed)

    assert (tournament.name, tournament.slug) == ("New", "new-2")


def test_it_reads_the_trf26_header(worked_example_text: str) -> None:
    header = (
        "012 Spring Open\n022 Bologna\n032 ITA\n042 2026/03/01\n052 2026/03/03\n"
        "102 Rossi, Mario\n112 Bianchi, Anna\n112 Verdi, Luca\n142 7\n152 B\n"
        "162  W 3.0    D 1.0    L 0.0\n192 FIDE_DUTCH_2025\n202 BH/C1,BH,SB,DE\n"
    )
    players = "\n".join(worked_example_text.split("\n")[5:])
    players = "\n".join(row[:80] + "    " + row[84:] for row in players.split("\n") if row)

    tournament = tournament_import_trf(text=header + players + "\n")

    assert (tournament.name, tournament.city, tournament.federation) == (
        "Spring Open",
        "Bologna",
        "ITA",
    )
    assert str(tournament.start_date) == "2026-03-01" and str(tournament.end_date) == "2026-03-03"
    assert tournament.chief_arbiter == "Rossi, Mario"
    assert tournament.deputy_arbiter == "Bianchi, Anna; Verdi, Luca"
    assert tournament.rounds == 7
    assert tournament.status == TournamentStatus.IN_PROGRESS
    assert tournament.initial_color == InitialColor.BLACK
    assert (tournament.points_win, tournament.points_draw) == (6, 2)
    assert tournament.pairing_system == PairingSystem.FIDE_DUTCH_2025
    assert tournament.tiebreaks == ["BH/C1", "BH", "SB", "DE"]
    assert tournament.round_set.get(number=7).state == RoundState.NOT_PAIRED


def test_it_keeps_requested_byes_of_the_round_to_pair(worked_example_text: str) -> None:
    # The file as prepared for pairing round 3: rounds 1-2, and player 5 asks for a half-point bye.
    rows = worked_example_text.split("\n")
    cut = [row[:109] if row.startswith("001") else row for row in rows]
    cut = [row[:80] + "    " + row[84:] if row.startswith("001") else row for row in cut]
    cut[9] = cut[9] + "  0000 - H"

    tournament = tournament_import_trf(text="\n".join(cut))

    round3 = tournament.round_set.get(number=3)
    assert round3.state == RoundState.NOT_PAIRED
    assert [(b.player.pairing_number, b.kind) for b in round3.byes.all()] == [
        (5, ByeKind.HALF_POINT)
    ]
    assert tournament.status == TournamentStatus.IN_PROGRESS


def test_it_marks_players_absent_to_the_end_as_withdrawn() -> None:
    text = (
        "012 Four players\nXXR 3\n"
        "001    1      A                                 2000                             "
        "2.0    1     2 w 1     3 w 1  0000 - -\n"
        "001    2      B                                 1900                             "
        "2.0    2     1 b 0     4 w 1  0000 - U\n"
        "001    3      C                                 1800                             "
        "1.0    3     4 w 1     1 b 0  0000 - -\n"
        "001    4      D                                 1700                             "
        "0.0    4     3 b 0     2 b 0  0000 - -\n"
    )

    tournament = tournament_import_trf(text=text)

    players = {p.pairing_number: p for p in tournament.players.all()}
    assert [(n, p.status, p.withdrawn_from_round) for n, p in players.items()] == [
        (1, PlayerStatus.WITHDRAWN, 3),
        (2, PlayerStatus.ACTIVE, None),
        (3, PlayerStatus.WITHDRAWN, 3),
        (4, PlayerStatus.WITHDRAWN, 3),
    ]
    assert tournament.status == TournamentStatus.FINISHED


def test_it_refuses_a_taken_slug(worked_example_text: str) -> None:
    TournamentFactory.create(slug="taken")

    with pytest.raises(TrfImportError, match="slug 'taken' already exists"):
        tournament_import_trf(text=worked_example_text, slug="taken")


MALFORMED: dict[str, tuple[Callable[[str], str], str]] = {
    "truncated line": (
        lambda text: replace_line(text, 8, line(text, 8)[:60]),
        "line 8, column 53: player line too short",
    ),
    "wrong columns": (
        lambda text: replace_line(text, 8, line(text, 8)[:48] + " " + line(text, 8)[48:]),
        "line 8, column 53: column 53 must be blank",
    ),
    "unknown colour": (
        lambda text: replace_line(text, 6, line(text, 6)[:96] + "x" + line(text, 6)[97:]),
        "line 6, column 97: round 1: unknown colour 'x'",
    ),
    "duplicate pairing numbers": (
        lambda text: replace_line(text, 8, line(text, 8)[:7] + "2" + line(text, 8)[8:]),
        "line 8, column 5: pairing number 2 is already used on line 7",
    ),
    "opponents that do not agree": (
        lambda text: replace_line(text, 6, line(text, 6)[:94] + "9" + line(text, 6)[95:]),
        "round 1: player 1 played 9, but 9 says it played 2",
    ),
    "points that do not match the results": (
        lambda text: replace_line(text, 6, line(text, 6)[:80] + " 5.5" + line(text, 6)[84:]),
        "line 6, column 81: player 1 has 5.5 points, but the results give 4.5",
    ),
    "unsupported pairing system": (
        lambda text: text.replace("XXR 6", "XXR 6\n192 FIDE_BURSTEIN"),
        "line 5, column 5: pairing system 'FIDE_BURSTEIN' is not supported",
    ),
    "unknown title": (
        lambda text: replace_line(text, 6, line(text, 6)[:10] + " XY" + line(text, 6)[13:]),
        "line 6, column 11: unknown title 'XY'",
    ),
    "unknown tie-break": (
        lambda text: text.replace("XXR 6", "XXR 6\n202 BH,XYZ"),
        "line 5, column 5: unknown tie-break code(s): XYZ",
    ),
    "acceleration of another method than Baku": (
        lambda text: text.replace("XXR 6", "XXR 6\nXXA    1  1.0"),
        "the accelerations are not the Baku method's (player 2 has 0 virtual points in round 1",
    ),
}


@pytest.mark.parametrize("kind", MALFORMED)
def test_it_refuses_a_malformed_file_naming_the_place_and_saves_nothing(
    kind: str, worked_example_text: str, snapshot: Callable[[], Snapshot]
) -> None:
    TournamentFactory.create()
    before = snapshot()
    spoil, message = MALFORMED[kind]

    with pytest.raises(TrfImportError) as refusal:
        tournament_import_trf(text=spoil(worked_example_text))

    assert message in str(refusal.value)
    assert snapshot() == before
