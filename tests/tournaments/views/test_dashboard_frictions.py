"""Issue 31: the dashboard's "Next:" is a link, the rating report's missing details are
reminded (on the players page right after creation too, and asked there optionally), and
"Recent changes" says what changed in words."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import RoundState

pytestmark = pytest.mark.django_db


def test_next_is_a_link_to_the_page_of_the_next_step(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    html = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()

    assert (
        f'<a href="/t/{tournament.slug}/manage/round/1/results/">'
        "Enter the results of round 1.</a>" in html
    )


def test_the_missing_report_details_are_reminded_and_asked_optionally(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    details = f"/t/{tournament.slug}/manage/rating-report/"

    dashboard = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()
    players = arbiter_client.get(f"/t/{tournament.slug}/manage/players/").content.decode()

    missing = "the time control, the round dates, the chief arbiter&#x27;s FIDE ID"
    assert f"The rating report still needs: {missing}." in dashboard
    assert f'href="{details}"' in dashboard
    assert f'href="{details}?new=1"' in players
    offered = arbiter_client.get(f"{details}?new=1").content.decode()
    assert "Skip: register the players" in offered

    saved = arbiter_client.post(
        f"{details}?new=1",
        {
            "time_control": "5400+30",
            "round_dates": "2026-05-01 2026-05-02 2026-05-03",
            "chief_arbiter_fide_id": "1234567",
        },
    )

    assert saved.status_code == 302
    assert saved["Location"] == f"/t/{tournament.slug}/manage/players/"
    dashboard = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()
    assert "The rating report still needs" not in dashboard


def test_recent_changes_say_what_changed_in_words(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(2, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/", {"result": "1-0", "expected": ""}
    )

    html = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()

    assert "<span>Result:</span>" in html and "<span>game:</span>" not in html
