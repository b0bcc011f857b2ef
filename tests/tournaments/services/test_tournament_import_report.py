"""The import's report (every adjustment with its line), the engine's check of every imported
round recorded as `### Import @ Round n` (Q54, Q55), the preview that keeps nothing, and the
one transaction that a late failure rolls back entirely."""

from __future__ import annotations

import pytest
from django.urls import resolve

from pairing import tasks
from pairing.services.import_check import check_recorded_rounds, read_round_robin
from pairing.services.trf_import import (
    IMPORT_CHECKS,
    tournament_import_trf_preview,
    tournament_import_trf_reported,
)
from tests.factories import UserFactory
from tests.tournaments.fuzz.counts import row_counts
from tournaments.domain.trf import TrfDocument
from tournaments.domain.trf.report import AdjustmentKind, ImportChecks, Progress, RoundCheck
from tournaments.exceptions import TrfImportError
from tournaments.models import IntegrityEvent, IntegrityEventKind
from tournaments.services.jobs import background_job_execute
from tournaments.services.trf_import import service

pytestmark = pytest.mark.django_db


def swap_last_round_colours(text: str) -> tuple[str, tuple[str, str]]:
    """The worked example with the colours of one game of round 6, its last, swapped (nothing
    later depends on it), and that game (White, Black) as the file recorded it."""
    column = 96 + 50  # the colour of round 6 (0-based)
    game = next(
        (line[4:8].strip(), line[column - 5 : column - 1].strip())
        for line in text.splitlines()
        if line.startswith("001") and line[column] == "w"
    )
    lines = []
    for line in text.splitlines():
        if line.startswith("001") and line[4:8].strip() in game:
            colour = "b" if line[column] == "w" else "w"
            line = line[:column] + colour + line[column + 1 :]
        lines.append(line)
    return "\n".join(lines) + "\n", game


def test_the_worked_example_is_in_fide_mode_checked_round_by_round_and_agrees(
    worked_example_text: str,
) -> None:
    imported = tournament_import_trf_reported(text=worked_example_text)

    report = imported.report
    assert imported.tournament.fide_mode  # Q56
    assert [check.round_number for check in report.round_checks] == [1, 2, 3, 4, 5, 6]
    assert report.differing_rounds == ()
    events = IntegrityEvent.objects.filter(tournament=imported.tournament)
    assert [event.round_number for event in events] == [6]
    assert "0 of 6 rounds differ from the engine" in events[0].details


def test_the_report_names_the_lines_not_kept_and_the_records_defaulted(
    worked_example_text: str,
) -> None:
    report = tournament_import_trf_reported(text=worked_example_text).report

    lines = worked_example_text.splitlines()
    by_message = {adjustment.message: adjustment for adjustment in report.adjustments}
    tournament_type = by_message["the tournament type (092) is not kept"]
    assert tournament_type.kind is AdjustmentKind.IGNORED
    assert [lines[number - 1][:3] for number in tournament_type.lines] == ["092"]
    ranks = by_message["the rank column (86-89) is not kept: standings recompute it"]
    assert all(lines[number - 1].startswith("001") for number in ranks.lines)
    assert len(ranks.lines) == 14
    defaulted = {a.message for a in report.adjustments if a.kind is AdjustmentKind.DEFAULTED}
    assert "no tie-break list (202): none set; choose them before the standings" in defaulted
    assert "no standings tie-break list (212): the standings use the list of 202" in defaulted
    assert any(message.startswith("no pairing system (192):") for message in defaulted)


def test_a_title_alias_and_a_birth_date_written_with_dots_are_reported_as_changed(
    worked_example_text: str,
) -> None:
    line = next(line for line in worked_example_text.splitlines() if line[4:8] == "   1")
    changed = line[:10] + " G " + line[13:69] + "1990.01.02" + line[79:]
    text = worked_example_text.replace(line, changed)

    imported = tournament_import_trf_reported(text=text)

    number = text.splitlines().index(changed) + 1
    messages = [str(adjustment) for adjustment in imported.report.adjustments]
    assert f"line {number}: changed: player 1: title 'G' read as 'GM'" in messages
    assert f"line {number}: changed: player 1: birth date '1990.01.02' read as '1990/01/02'" in (
        messages
    )
    assert imported.tournament.players.get(pairing_number=1).birth_date == "1990/01/02"


def test_a_round_that_differs_from_the_engine_is_recorded_with_its_boards(
    worked_example_text: str,
) -> None:
    arbiter = UserFactory.create()
    text, (white, black) = swap_last_round_colours(worked_example_text)

    imported = tournament_import_trf_reported(text=text, by=arbiter)

    differing = imported.report.differing_rounds
    assert [check.round_number for check in differing] == [6]
    [row] = differing[0].differing_rows
    assert (row.recorded, row.engine) == (f"{black} - {white}", f"{white} - {black}")
    events = IntegrityEvent.objects.filter(
        tournament=imported.tournament, kind=IntegrityEventKind.IMPORT
    ).order_by("pk")
    assert [(event.round_number, event.user) for event in events] == [(6, arbiter), (6, arbiter)]
    assert events[1].details == (
        f"the recorded pairing differs from the engine's ({row.board}: {black} - {white} / "
        f"engine {white} - {black})"
    )
    assert "1 of 6 rounds differ from the engine" in events[0].details


def test_the_preview_reports_the_same_and_keeps_nothing(worked_example_text: str) -> None:
    text, _ = swap_last_round_colours(worked_example_text)
    before = row_counts()

    preview = tournament_import_trf_preview(text=text)

    assert row_counts() == before
    assert preview == tournament_import_trf_reported(text=text).report


def test_a_refused_file_is_refused_by_the_preview_with_its_line(
    worked_example_text: str,
) -> None:
    before = row_counts()
    with pytest.raises(TrfImportError) as refused:
        tournament_import_trf_preview(text=worked_example_text + "XXR 12345\n")

    assert refused.value.line == len(worked_example_text.splitlines()) + 1
    assert row_counts() == before


def test_more_than_99_rounds_are_refused_on_the_line_that_says_so(
    worked_example_text: str,
) -> None:
    with pytest.raises(TrfImportError) as refused:
        tournament_import_trf_reported(text=worked_example_text.replace("XXR 6", "XXR 100"))

    assert (refused.value.line, refused.value.column) == (4, 5)
    assert refused.value.message == "100 rounds: a tournament has at most 99"


def _fail(document: TrfDocument, pairing_system: str, progress: Progress) -> tuple[RoundCheck, ...]:
    """An engine check that fails once every row of the import is written."""
    raise RuntimeError("the check failed after the rows were written")


def test_a_failure_after_every_row_is_written_leaves_no_row_of_any_model(
    worked_example_text: str,
) -> None:
    failing = ImportChecks(check_rounds=_fail, read_round_robin=IMPORT_CHECKS.read_round_robin)
    before = row_counts()

    with pytest.raises(RuntimeError):
        service.tournament_import_trf_reported(
            text=worked_example_text, checks=failing, by=UserFactory.create()
        )

    after = row_counts()
    assert {label: after[label] - before[label] for label in before} == {
        label: 1 if label == "auth.User" else 0 for label in before
    }


def test_a_late_refusal_leaves_no_row_of_any_model(worked_example_text: str) -> None:
    # Round 6's games are made after the tournament, its players and rounds: a result pair
    # that makes no game ("1" against "1" cannot be written; "+" without an opponent can).
    line = next(line for line in worked_example_text.splitlines() if line[4:8] == "  14")
    last = 91 + 50
    forfeit = line[:last] + "0000 - +" + line[last + 8 :]
    text = worked_example_text.replace(line, forfeit)
    before = row_counts()

    with pytest.raises(TrfImportError):
        tournament_import_trf_reported(text=text)

    assert row_counts() == before


def test_the_engine_check_is_the_pairing_apps_on_every_path() -> None:
    """One composition, used by the pairing app's task that does the import pages' background
    jobs (config/urls.py gives the pages the sending of that task); no default anywhere."""
    assert IMPORT_CHECKS.check_rounds is check_recorded_rounds
    assert IMPORT_CHECKS.read_round_robin is read_round_robin
    for url in ("/manage/import/", "/manage/import/confirm/"):
        assert resolve(url).kwargs == {"send_job": tasks.trf_import_job_send_on_commit}
    with pytest.raises(TypeError, match="checks"):
        background_job_execute(job_id=0)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="checks"):
        service.tournament_import_trf_reported(text="")  # type: ignore[call-arg]
