"""Widgets for club websites (issue 35, deliverable 5)."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import GameFactory
from tests.hub.fixtures import BEFORE_ROUND_3, imported
from tournaments.models import Round, RoundState

pytestmark = pytest.mark.django_db

WIDGETS = ["standings", "pairings", "current"]


@pytest.mark.parametrize("kind", WIDGETS)
def test_any_site_may_frame_a_widget_and_no_other_page(client: Client, kind: str) -> None:
    imported("finished")

    response = client.get(f"/t/finished/widget/{kind}/")
    page = client.get("/t/finished/")

    assert response.status_code == 200
    assert "X-Frame-Options" not in response
    assert "frame-ancestors *" in response["Content-Security-Policy"]
    assert page["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in page["Content-Security-Policy"]


@pytest.mark.parametrize("kind", WIDGETS)
def test_a_widget_is_revalidated_with_304(client: Client, kind: str) -> None:
    imported("finished")
    first = client.get(f"/t/finished/widget/{kind}/?theme=dark")

    again = client.get(
        f"/t/finished/widget/{kind}/?theme=dark", headers={"if-none-match": first["ETag"]}
    )

    assert again.status_code == 304


def test_the_standings_widget_speaks_the_language_asked_and_shows_the_first_rows(
    client: Client,
) -> None:
    imported("finished")

    page = client.get("/t/finished/widget/standings/?lang=fr&rows=3&theme=dark").content.decode()

    assert '<html lang="fr">' in page
    assert "Classement final" in page
    assert page.count("<tr>") == 1 + 3  # the heading and three players
    assert '<td class="num">4,5</td>' in page
    assert 'class="widget theme-dark accent-blue"' in page


def test_unknown_settings_fall_back_to_the_defaults(client: Client) -> None:
    imported("finished")

    page = client.get(
        "/t/finished/widget/standings/?lang=xx&theme=neon&accent=%23f00&rows=-1"
    ).content.decode()

    assert 'class="widget theme-light accent-blue"' in page
    assert '<html lang="en">' in page


def test_the_pairings_widget_never_shows_a_draft(client: Client) -> None:
    running = imported("running", BEFORE_ROUND_3)
    draft = Round.objects.get(tournament=running, number=3)
    Round.objects.filter(pk=draft.pk).update(state=RoundState.PAIRED)
    white, black = running.players.order_by("pairing_number")[:2]
    GameFactory.create(round=draft, board=1, white=white, black=black)

    asked = client.get("/t/running/widget/pairings/?round=3").content.decode()
    last = client.get("/t/running/widget/pairings/").content.decode()
    current = client.get("/t/running/widget/current/").content.decode()

    assert "No round is published yet." in asked
    assert "Pairings of round 2" in last
    assert "Round 2 is completed." in current
    assert '<meta http-equiv="refresh" content="60">' in current


def test_an_unknown_tournament_has_no_widget(client: Client) -> None:
    assert client.get("/t/nowhere/widget/standings/").status_code == 404
