"""round_request_pairing: one pending run per round, refused until the previous round is done."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from pairing.exceptions import (
    PreviousRoundIncomplete,
    RoundAlreadyPaired,
    RoundAlreadyPublished,
)
from pairing.models import PairingRun, RunStatus
from pairing.services.rounds import round_request_pairing
from tests.pairing.fixtures import CaptureCallbacks
from tests.tournaments.conftest import tournament_with_players
from tournaments.exceptions import ConfigurationRefused
from tournaments.models import AuditEntry, Round, RoundState, Tournament

pytestmark = pytest.mark.django_db


def test_it_creates_a_pending_run_with_the_trf_input_and_enqueues_it_after_commit(
    round3: Round,
    arbiter: User,
    enqueued: list[int],
    django_capture_on_commit_callbacks: CaptureCallbacks,
) -> None:
    with django_capture_on_commit_callbacks() as callbacks:
        run = round_request_pairing(rnd=round3, by=arbiter)

    assert run.status == RunStatus.PENDING
    assert run.requested_by == arbiter
    assert run.edition == "FIDE_DUTCH"
    assert "001    2   IM Bruno" in run.input_trf
    assert "0000 - Z" in run.input_trf
    assert enqueued == [], "not before commit"
    for callback in callbacks:
        callback()
    assert enqueued == [run.pk]
    run.refresh_from_db()
    assert run.queued_at is not None
    assert not round3.games.exists()
    assert AuditEntry.objects.filter(entity="pairing_run", entity_id=run.pk).exists()


def test_a_double_click_gives_the_same_run(round3: Round, arbiter: User) -> None:
    first = round_request_pairing(rnd=round3, by=arbiter)
    second = round_request_pairing(rnd=round3, by=arbiter)

    assert first.pk == second.pk
    assert PairingRun.objects.filter(round=round3).count() == 1


def test_it_refuses_to_pair_when_the_previous_round_is_not_paired(
    worked: Tournament, arbiter: User
) -> None:
    with pytest.raises(PreviousRoundIncomplete, match="Round 3 is not paired yet"):
        round_request_pairing(rnd=worked.round_set.get(number=4), by=arbiter)


def test_it_refuses_a_published_round(worked: Tournament, arbiter: User) -> None:
    with pytest.raises(RoundAlreadyPublished, match="Round 2 is already published"):
        round_request_pairing(rnd=worked.round_set.get(number=2), by=arbiter)


def test_it_refuses_a_round_that_already_has_a_draft(round3: Round, arbiter: User) -> None:
    round3.state = RoundState.PAIRED
    round3.save()

    with pytest.raises(RoundAlreadyPaired, match="re-pair"):
        round_request_pairing(rnd=round3, by=arbiter)


def test_a_new_request_follows_a_failed_run(round3: Round, arbiter: User) -> None:
    failed = round_request_pairing(rnd=round3, by=arbiter)
    PairingRun.objects.filter(pk=failed.pk).update(status=RunStatus.FAILED)

    again = round_request_pairing(rnd=round3, by=arbiter)

    assert again.pk != failed.pk
    assert again.status == RunStatus.PENDING


@pytest.mark.parametrize(("players", "rounds"), [(0, 3), (4, 4), (5, 6)])
def test_it_refuses_round_1_of_a_set_up_the_rules_cannot_pair(
    players: int, rounds: int, arbiter: User
) -> None:
    """VCL4THP Q62: no players, or more rounds than the field allows (n-1 for an even field, n
    for an odd one: no rematch, one pairing-allocated bye each)."""
    tournament = tournament_with_players(players, rounds=rounds)
    first = tournament.round_set.get(number=1)

    with pytest.raises(ConfigurationRefused):
        round_request_pairing(rnd=first, by=arbiter)

    assert not PairingRun.objects.filter(round=first).exists()


def test_it_pairs_round_1_of_a_field_just_large_enough(arbiter: User) -> None:
    tournament = tournament_with_players(5, rounds=5)

    run = round_request_pairing(rnd=tournament.round_set.get(number=1), by=arbiter)

    assert run.status in {RunStatus.PENDING, RunStatus.DONE}
