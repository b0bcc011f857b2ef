"""Changing the order of equal players before round 1 renumbers them only after a Level-3
confirmation listing the changes (issue 29; checklist Q150), through the players page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import PlayerFactory, TournamentRoleFactory
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import HTMX, dialog_level, html, is_dialog, token
from tournaments.models import AuditEntry, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def level(arbiter: User) -> Tournament:
    """Three players level on 2200 without a title, numbered alphabetically: Adams (FIDE ID
    9000001) 1, Brown (1000002) 2, Clark (5000003) 3."""
    tournament = tournament_with_players(0, rounds=5)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    for number, (name, fide_id) in enumerate(
        (("Adams, Zoe", "9000001"), ("Brown, Yan", "1000002"), ("Clark, Xia", "5000003")),
        start=1,
    ):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            fide_id=fide_id,
            fide_rating=2200,
            title="",
        )
    return tournament


def _numbers(tournament: Tournament) -> list[str]:
    return list(tournament.players.order_by("pairing_number").values_list("name", flat=True))


def test_a_change_of_the_tie_order_that_renumbers_asks_level_3_first(
    arbiter_client: Client, level: Tournament
) -> None:
    url = f"/t/{level.slug}/manage/players/initial-ranking/"
    data = {"rating_kind": "standard", "criterion": "fide_id"}

    asked = arbiter_client.post(url, data, headers=HTMX)

    assert is_dialog(asked) and dialog_level(asked) == 3
    page = html(asked)
    assert "change 3 pairing numbers?" in page
    assert "Brown, Yan: 2 → 1" in page and "Adams, Zoe: 1 → 3" in page
    level.refresh_from_db()
    assert level.initial_order_criterion == "name"
    assert _numbers(level) == ["Adams, Zoe", "Brown, Yan", "Clark, Xia"]  # nothing changed

    arbiter_client.post(url, {**data, "confirmation": token(asked)}, headers=HTMX)

    level.refresh_from_db()
    assert level.initial_order_criterion == "fide_id"
    assert _numbers(level) == ["Brown, Yan", "Clark, Xia", "Adams, Zoe"]
    assert AuditEntry.objects.filter(tournament=level, new_value__contains="FIDE ID").exists()


def test_a_change_that_renumbers_nobody_asks_nothing(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(3, rounds=5, arbiter=arbiter)  # ratings all differ

    answer = arbiter_client.post(
        f"/t/{tournament.slug}/manage/players/initial-ranking/",
        {"rating_kind": "standard", "criterion": "fide_id"},
        headers=HTMX,
    )

    assert not is_dialog(answer)
    tournament.refresh_from_db()
    assert tournament.initial_order_criterion == "fide_id"
