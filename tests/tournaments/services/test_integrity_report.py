"""The TRF-2026 report carries every integrity event that stands as a `###` line, and the
rating-report-only corrections, while the engine's input carries neither (VCL4THP Q112-Q115,
Q192, Q193, Q217). Read back with the command lines, the report pairs and ranks as it does
without its comments."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import fields
from decimal import Decimal
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from pairing.services.trf_import import tournament_import_trf
from standings.export_ranks import trf_ranks
from tests.factories import UserFactory
from tests.tournaments.conftest import REFERENCE
from tournaments.domain.state import Outcome, PlayerId
from tournaments.domain.trf import parse_trf, write_trf
from tournaments.domain.warnings import Level
from tournaments.exceptions import UndoRefused
from tournaments.models import (
    Bye,
    ByeKind,
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Result,
    Tournament,
)
from tournaments.selectors.integrity import event_text
from tournaments.selectors.trf import tournament_trf_document, tournament_trf_report
from tournaments.services.chess960 import round_set_chess960_position
from tournaments.services.fide_mode import tournament_leave_fide_mode
from tournaments.services.integrity import (
    integrity_event_record,
    integrity_event_undo,
    snapshot_rows,
)
from tournaments.services.manual_tiebreaks import player_set_manual_tiebreak
from tournaments.services.results import game_enter_result, game_record_rating_correction
from tournaments.services.tournaments import TournamentSettings, tournament_update

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]
BEFORE_ROUND_4 = REFERENCE / "worked-example" / "rounds" / "round-4-input.trf"
TIEBREAKS = "PTS,BH/C1,BH,SB"


def game(tournament: Tournament, number: int, board: int) -> Game:
    return Game.objects.get(round__tournament=tournament, round__number=number, board=board)


def correct(tournament: Tournament, number: int, board: int, by: User) -> None:
    """Change a board's result: a draw, or 1-0 for a drawn game."""
    played = game(tournament, number, board)
    game_enter_result(
        game=played,
        result=Result.WHITE_WINS if played.result == Result.DRAW else Result.DRAW,
        by=by,
        expected_previous=played.result,
        confirmed=Level.CONFIRM,
    )


def settings_of(tournament: Tournament, **changes: object) -> TournamentSettings:
    names = {item.name for item in fields(TournamentSettings)} - {"scoring"}
    current = {name: getattr(tournament, name) for name in names}
    return TournamentSettings(**{**current, **changes})


def record(tournament: Tournament, kind: IntegrityEventKind, number: int, details: str) -> None:
    integrity_event_record(
        tournament=tournament, kind=kind, round_number=number, details=details, by=None
    )


def one_of_each(arbiter: User) -> Tournament:
    """The worked example before round 4, with one event of every kind (an undone correction
    and its undo included): the real services where they exist, else `integrity_event_record`."""
    tournament = tournament_import_trf(text=BEFORE_ROUND_4.read_text(), by=arbiter)
    correct(tournament, 3, 1, arbiter)
    correct(tournament, 3, 2, arbiter)
    integrity_event_undo(
        event=IntegrityEvent.objects.filter(tournament=tournament).last(),  # type: ignore[arg-type]
        by=arbiter,
        confirmed=Level.CONFIRM,
    )
    game_record_rating_correction(
        game=game(tournament, 2, 3),
        result=Result.BLACK_WINS_FORFEIT,
        note="Black's opponent never came",
        by=arbiter,
        confirmed=Level.CONFIRM,
    )
    record(tournament, IntegrityEventKind.MANUAL_PAIRING, 3, "Board 4: 7-10 exchanged for 7-9")
    record(tournament, IntegrityEventKind.PAIRING_NUMBERS, 3, "Pairing numbers regenerated")
    record(tournament, IntegrityEventKind.ADJOURNMENT, 3, "Board 5: adjourned, ended 0-1")
    bye = Bye.objects.create(
        round=tournament.round_set.get(number=5),
        player=tournament.players.get(pairing_number=3),
        kind=ByeKind.FULL_POINT,
    )
    integrity_event_record(
        tournament=tournament,
        kind=IntegrityEventKind.FULL_POINT_BYE,
        round_number=5,
        details="Carla (3) requested a full-point bye",
        by=arbiter,
        snapshot=snapshot_rows(created=[bye]),
    )
    tournament.chess960 = True
    tournament.save(update_fields=["chess960"])
    round_set_chess960_position(rnd=tournament.round_set.get(number=3), position=518, by=arbiter)
    player_set_manual_tiebreak(
        player=tournament.players.get(pairing_number=3),
        value=Decimal("1.5"),
        by=arbiter,
        confirmed=Level.DOUBLE_CONFIRM,
    )
    tournament_update(
        tournament=tournament,
        settings=settings_of(tournament, rounds=7, tiebreaks=["BH/C1", "SB"]),
        by=arbiter,
        confirmed=Level.DOUBLE_CONFIRM,
    )
    tournament_leave_fide_mode(tournament=tournament, by=arbiter, confirmed=Level.DOUBLE_CONFIRM)
    tournament.refresh_from_db()
    return tournament


def run(*command: str) -> str:
    done = subprocess.run(
        [sys.executable, *command], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def pairing_and_standings(path: Path) -> tuple[str, str]:
    output = path.with_suffix(".pairing")
    run("-m", "pairing", "--dutch", str(path), "-p", str(output))
    return output.read_text(), run("-m", "standings", str(path), "--tiebreaks", TIEBREAKS)


def test_the_report_carries_one_line_for_each_event_and_reads_back_the_same(
    tmp_path: Path,
) -> None:
    tournament = one_of_each(UserFactory.create(username="arbiter"))
    events = list(IntegrityEvent.objects.filter(tournament=tournament))
    kinds = {event.kind for event in events}
    assert kinds == set(IntegrityEventKind.values)

    report = write_trf(tournament_trf_document(tournament, ranks=None, report=True), "trf26")

    comments = [line for line in report.splitlines() if line.startswith("###")]
    standing = [e for e in events if e.undone_at is None and e.kind != IntegrityEventKind.UNDO]
    assert comments == [f"###{event_text(event)}" for event in standing]
    assert len(comments) == len(IntegrityEventKind) - 1  # the undo and its event are left out
    for start in (
        "### Import @ Round 3: Tournament imported from a TRF file (14 players",
        "### Correction @ Round 3: board 1 ",
        "### Rating-only correction @ Round 2: board 3 ",
        "### MPA @ Round 3: ",
        "### TPN @ Round 3: ",
        "### Adjournment @ Round 3: ",
        "### FPB @ Round 5: Carla (3) requested a full-point bye",
        "### Configuration @ Round 3: Number of rounds changed from 6 to 7",
        "### Tie-breaks @ Round 3: Tie-break list changed",
        "### FIDE-mode exit @ Round 3: ",
        "### Chess960 @ Round 3: starting position 518 (RNBQKBNR), entered by the arbiter",
        "### Manual tie-break @ Round 3: player 3 (",
    ):
        assert sum(line.startswith(start) for line in comments) == 1, start
    assert not any("board 2 " in line for line in comments)  # undone
    assert "142 7" in report.splitlines()

    with_comments = tmp_path / "report.trf"
    without = tmp_path / "plain.trf"
    with_comments.write_text(report, encoding="utf-8")
    without.write_text(
        "".join(line for line in report.splitlines(keepends=True) if not line.startswith("###")),
        encoding="utf-8",
    )
    assert parse_trf(report).comments == tuple(line[3:] for line in comments)
    assert pairing_and_standings(with_comments) == pairing_and_standings(without)
    pairing, standings = pairing_and_standings(with_comments)
    assert pairing.strip() and "Carla" in standings


def test_the_engine_input_has_no_comments_and_the_recorded_results() -> None:
    tournament = one_of_each(UserFactory.create(username="arbiter"))

    engine = parse_trf(write_trf(tournament_trf_document(tournament, ranks=None), "trf26"))
    report = parse_trf(
        write_trf(tournament_trf_document(tournament, ranks=None, report=True), "trf26")
    )

    assert engine.comments == ()
    rated = game(tournament, 2, 3)
    white, black = PlayerId(rated.white.pairing_number), PlayerId(rated.black.pairing_number)
    recorded = Result(rated.result).outcomes
    assert (engine.player(white).rounds[1].outcome, engine.player(black).rounds[1].outcome) == (
        recorded
    )
    assert report.player(white).rounds[1].outcome is Outcome.FORFEIT_LOSS  # for rating only
    assert report.player(black).rounds[1].outcome is Outcome.FORFEIT_WIN
    assert report.player(white).points == engine.player(white).points - 1  # a draw before
    assert report.players != engine.players
    alice = PlayerId(1)
    assert (report.player(alice).rounds, report.player(alice).points) == (
        engine.player(alice).rounds,
        engine.player(alice).points,
    )


def test_the_trf16_report_has_no_comment_lines() -> None:
    tournament = one_of_each(UserFactory.create(username="arbiter"))

    trf16 = tournament_trf_report(tournament, "trf16", ranker=trf_ranks)

    assert "###" not in trf16
    assert (
        parse_trf(trf16).players
        == parse_trf(tournament_trf_report(tournament, "trf26", ranker=trf_ranks)).players
    )


def test_an_import_is_recorded_and_cannot_be_undone() -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = tournament_import_trf(text=BEFORE_ROUND_4.read_text(), by=arbiter)

    event = IntegrityEvent.objects.get(tournament=tournament)
    assert (event.kind, event.round_number, event.user) == (IntegrityEventKind.IMPORT, 3, arbiter)
    with pytest.raises(UndoRefused, match="import created the tournament"):
        integrity_event_undo(event=event, by=arbiter, confirmed=Level.CONFIRM)


def test_the_export_page_and_export_trf_give_the_report(client: Client) -> None:
    arbiter = UserFactory.create(username="arbiter")
    tournament = one_of_each(arbiter)  # imported by the arbiter: its chief arbiter
    client.force_login(arbiter)
    expected = tournament_trf_report(tournament, "trf26", ranker=trf_ranks)
    out = StringIO()

    response = client.get(f"/t/{tournament.slug}/export.trf?format=trf26")
    call_command("export_trf", tournament.slug, "--format", "trf26", "--mode", "report", stdout=out)

    assert response.content.decode() == expected == out.getvalue()
    assert "### Rating-only correction @ Round 2" in expected
