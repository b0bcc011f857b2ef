"""round_publish: boards in C.04.2 D.9 order, once, and only for a paired round."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db.models import F

from pairing.exceptions import RoundAlreadyPublished, RoundNotPaired
from pairing.services.rounds import round_publish, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.pairing.fixtures import expected_pairs
from tournaments.models import AuditEntry, Round, RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    run = round_request_pairing(rnd=round3, by=arbiter)
    pairing_run_execute(run_id=run.pk)
    round3.refresh_from_db()
    return round3


def test_it_publishes_the_boards_in_d9_order(draft: Round, arbiter: User) -> None:
    # Reverse the draft's boards: publishing must restore the order of C.04.2 D.9.
    draft.games.update(board=F("board") + 100)
    for number, game in enumerate(draft.games.order_by("-board"), start=1):
        game.board = number
        game.save()

    published = round_publish(rnd=draft, by=arbiter)

    assert published.state == RoundState.PUBLISHED
    assert published.published_at is not None
    pairs = list(
        draft.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )
    assert pairs == expected_pairs(3)
    entry = AuditEntry.objects.get(entity="round", entity_id=draft.pk, note__contains="published")
    assert entry.user == arbiter
    assert entry.new_value.startswith("1: 2-5; 2: 3-4")


def test_it_refuses_to_publish_twice(draft: Round, arbiter: User) -> None:
    round_publish(rnd=draft, by=arbiter)

    with pytest.raises(RoundAlreadyPublished, match="Round 3 is already published"):
        round_publish(rnd=draft, by=arbiter)


def test_it_refuses_to_publish_an_unpaired_round(round3: Round, arbiter: User) -> None:
    with pytest.raises(RoundNotPaired, match="Round 3 is not paired yet"):
        round_publish(rnd=round3, by=arbiter)
    round3.refresh_from_db()
    assert round3.state == RoundState.NOT_PAIRED
