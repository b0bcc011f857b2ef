"""A round of a tournament with Baku acceleration paired and published through the services
(issue 19, C.04.7): the engine reads the virtual points from the state adapter, and the boards
are published in the order of the pairing scores (C.04.7 1.5; checklist Q188)."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User

from pairing.models import PairingRun
from pairing.selectors import round_pairing_view
from pairing.services.rounds import round_publish, round_request_pairing
from pairing.services.runs import pairing_run_execute
from pairing.services.trf_import import tournament_import_trf
from tests.factories import TournamentRoleFactory
from tournaments.models import Round

pytestmark = pytest.mark.django_db

CASE = Path(__file__).resolve().parents[1] / "engine" / "cases" / "issue19_baku_r02.trf"


@pytest.fixture
def round2(arbiter: User, enqueued: list[int]) -> Round:
    """Round 2 of the hand-worked case paired (a draft)."""
    tournament = tournament_import_trf(text=CASE.read_text(encoding="utf-8"), slug="baku")
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    rnd = tournament.round_set.get(number=2)
    run = round_request_pairing(rnd=rnd, by=arbiter)
    pairing_run_execute(run_id=run.pk)
    rnd.refresh_from_db()
    return rnd


def _boards(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def test_the_engine_pairs_with_the_virtual_points(round2: Round) -> None:
    expected = CASE.with_suffix(".expected").read_text(encoding="utf-8").split("\n")[1:]
    pairs = {tuple(int(n) for n in line.split()) for line in expected if line}
    assert set(_boards(round2)) == pairs


def test_the_run_records_the_baku_code_and_the_virtual_points(round2: Round) -> None:
    run = PairingRun.objects.get(round=round2)
    lines = run.input_trf.splitlines()
    assert "192 FIDE_DUTCH_2025_BAKU" in lines
    assert "250 00.0 01.0 001 002 0001 0006" in lines


def test_the_boards_are_published_by_pairing_score(round2: Round, arbiter: User) -> None:
    # Pairing scores: 1, 2: 2.0; 3, 6: 1.5; 4, 5, 7, 8: 1.0; 9, 10: 0. By the points alone
    # 8-7 (1 + 1) would come before 4-3 and 6-5 (½ + 0).
    round_publish(rnd=round2, by=arbiter)
    assert _boards(round2) == [(2, 1), (4, 3), (6, 5), (8, 7), (9, 10)]


def test_the_pairing_page_shows_the_pairing_scores(round2: Round) -> None:
    view = round_pairing_view(round2)
    row = next(row for row in view.rows if row.game.white.pairing_number == 2)
    assert view.accelerated
    assert (row.white_score, row.white_pairing_score) == ("1", "2")
    assert (row.black_score, row.black_pairing_score) == ("1", "2")
