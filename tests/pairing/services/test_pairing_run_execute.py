"""pairing_run_execute: the worker's side; idempotent, recoverable, all or nothing."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
import time_machine
from django.contrib.auth.models import User
from django.utils import timezone, translation

from pairing.cli import main as engine_command_line
from pairing.engine import DutchConfig, NoValidPairing, RoundPairing, pair
from pairing.engine.dutch.edition import TITLE_2017, TITLE_2025
from pairing.exceptions import PairingRunInProgress
from pairing.explanation import explanation_lines
from pairing.models import PairingRun, RunStatus
from pairing.services import runs
from pairing.services.rounds import round_publish, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.pairing.fixtures import expected_pairs, import_round_input
from tournaments.domain.messages import from_record
from tournaments.domain.state import TournamentState
from tournaments.models import AuditEntry, ByeKind, Game, Result, Round, RoundState

pytestmark = pytest.mark.django_db


def boards(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def test_it_pairs_the_worked_example_round_3_as_expected(round3: Round, arbiter: User) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    round3.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.attempts == 1
    assert round3.state == RoundState.PAIRED
    assert boards(round3) == expected_pairs(3)
    assert run.output.splitlines()[0] == "7"
    assert run.explanation_lines
    assert AuditEntry.objects.filter(entity="round", entity_id=round3.pk).exists()


def test_the_stored_input_reproduces_the_stored_output_on_the_command_line(
    round3: Round, arbiter: User, tmp_path: Path
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)
    pairing_run_execute(run_id=run.pk)
    run.refresh_from_db()
    (tmp_path / "input.trf").write_text(run.input_trf, encoding="utf-8")

    status = engine_command_line(
        ["--dutch", str(tmp_path / "input.trf"), "-p", str(tmp_path / "out.txt")]
    )

    assert status == 0
    assert (tmp_path / "out.txt").read_text(encoding="utf-8") == run.output


def test_running_the_task_twice_gives_one_pairing(round3: Round, arbiter: User) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    pairing_run_execute(run_id=run.pk)
    pairing_run_execute(run_id=run.pk)

    assert round3.games.count() == 7
    run.refresh_from_db()
    assert run.attempts == 1


def test_an_engine_failure_fails_the_run_and_writes_nothing(
    round3: Round, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_pairing(state: TournamentState, config: DutchConfig) -> RoundPairing:
        raise NoValidPairing("no complete pairing satisfies C.1-C.3")

    monkeypatch.setattr(runs, "pair", no_pairing)
    run = round_request_pairing(rnd=round3, by=arbiter)

    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    round3.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert run.error == "no complete pairing satisfies C.1-C.3"
    assert round3.state == RoundState.NOT_PAIRED
    assert not round3.games.exists()
    assert not round3.byes.filter(kind="U").exists()


def test_a_run_another_worker_claimed_recently_is_left_to_it(round3: Round, arbiter: User) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)
    PairingRun.objects.filter(pk=run.pk).update(status=RunStatus.RUNNING, claimed_at=timezone.now())

    with pytest.raises(PairingRunInProgress):
        pairing_run_execute(run_id=run.pk)
    assert not round3.games.exists()


def test_a_run_whose_worker_died_is_taken_over_once_its_claim_is_stale(
    round3: Round, arbiter: User
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)
    PairingRun.objects.filter(pk=run.pk).update(
        status=RunStatus.RUNNING,
        claimed_at=timezone.now() - datetime.timedelta(minutes=10),
        attempts=1,
    )

    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.attempts == 2
    assert boards(round3) == expected_pairs(3)


def test_a_worker_whose_claim_was_taken_over_writes_nothing(
    round3: Round, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    def overtaken(state: TournamentState, config: DutchConfig) -> RoundPairing:
        monkeypatch.setattr(runs, "pair", pair)
        with time_machine.travel(timezone.now() + datetime.timedelta(minutes=10)):
            pairing_run_execute(run_id=run.pk)
        return pair(state, config)

    monkeypatch.setattr(runs, "pair", overtaken)
    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == RunStatus.DONE
    assert run.attempts == 2
    assert round3.games.count() == 7


def test_a_change_of_the_tournament_during_the_pairing_fails_the_run(
    round3: Round, arbiter: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    def meanwhile(state: TournamentState, config: DutchConfig) -> RoundPairing:
        Game.objects.filter(round__tournament=round3.tournament, round__number=2, board=1).update(
            result=Result.DRAW
        )
        return pair(state, config)

    monkeypatch.setattr(runs, "pair", meanwhile)
    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    assert run.status == RunStatus.FAILED
    assert "changed while the engine was pairing" in run.error
    assert not round3.games.exists()


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5, 6])
def test_every_round_of_the_worked_example_is_paired_as_expected(
    number: int, arbiter: User, enqueued: list[int]
) -> None:
    rnd = import_round_input(number, slug=f"worked-{number}").round_set.get(number=number)

    pairing_run_execute(run_id=round_request_pairing(rnd=rnd, by=arbiter).pk)
    round_publish(rnd=rnd, by=arbiter)

    bye = rnd.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).values_list(
        "player__pairing_number", flat=True
    )
    assert boards(rnd) + [(player, 0) for player in bye] == expected_pairs(number)


def test_a_run_stores_its_explanation_as_records_the_pages_translate(
    round3: Round, arbiter: User
) -> None:
    run = round_request_pairing(rnd=round3, by=arbiter)

    pairing_run_execute(run_id=run.pk)

    run.refresh_from_db()
    records = run.records["explanation"]
    assert [str(from_record(record)) for record in records] == run.explanation_lines
    assert records[0] == {
        "m": "rules: %(title)s",
        "v": {"title": {"m": TITLE_2017 if run.edition == "FIDE_DUTCH" else TITLE_2025, "v": {}}},
    }
    with translation.override("fr"):
        assert explanation_lines(run)[0].startswith("règles : C.04.3 Système FIDE (hollandais)")
