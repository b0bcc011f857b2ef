"""Withdrawing a publication made by mistake (issue 12 leftover): back to the draft after a
Level-3 confirmation, only while no result is in and the next round is not paired."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.services.rounds import round_publish, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.pairing.views.test_round_pairing import page
from tests.tournaments.views.confirming import confirm, dialog_level
from tournaments.models import AuditEntry, Result, Round, RoundState

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    return round_publish(rnd=round3, by=arbiter)


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def test_a_published_round_goes_back_to_its_draft_after_a_confirmation(
    arbiter_client: Client, published: Round
) -> None:
    boards = list(published.games.values_list("board", "white", "black").order_by("board"))
    assert "Withdraw the publication" in arbiter_client.get(page(published)).content.decode()

    asked = arbiter_client.post(page(published, "pairing-unpublish"))
    published.refresh_from_db()
    assert dialog_level(asked) == 3 and published.state == RoundState.PUBLISHED

    response = confirm(arbiter_client, page(published, "pairing-unpublish"), {})

    published.refresh_from_db()
    assert response.status_code in (200, 302)
    assert published.state == RoundState.PAIRED and published.published_at is None
    assert list(published.games.values_list("board", "white", "black").order_by("board")) == (
        boards
    )
    assert AuditEntry.objects.filter(note="round 3: publication withdrawn").exists()


def test_a_round_with_a_result_keeps_its_publication(
    arbiter_client: Client, published: Round
) -> None:
    published.games.filter(board=1).update(result=Result.DRAW)

    page_html = arbiter_client.get(page(published)).content.decode()
    response = arbiter_client.post(page(published, "pairing-unpublish"), follow=True)

    published.refresh_from_db()
    assert "Withdraw the publication" not in page_html
    assert "has results: its publication stands" in response.content.decode()
    assert published.state == RoundState.PUBLISHED
