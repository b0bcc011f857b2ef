"""The tie-break menu offers the TRF-2026 codes STD, TPN and RTNG, with `/R` for TPN and
RTNG (issue 15), and saves them."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.conftest import tournament_with_players
from tournaments.forms.tournament import TournamentForm

pytestmark = pytest.mark.django_db


def test_the_tie_break_menu_offers_and_saves_std_tpn_and_rtng(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)  # type: ignore[arg-type]
    page = arbiter_client.get(f"/t/{tournament.slug}/manage/edit/").content.decode()
    for code in ("STD", "TPN", "TPN/R", "RTNG", "RTNG/R"):
        assert f'<option value="{code}">' in page
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    data |= {"tiebreak_1": "BH", "tiebreak_2": "STD", "tiebreak_3": "RTNG", "tiebreak_4": "TPN/R"}
    data |= {f"tiebreak_{slot}": "" for slot in range(5, 7)}

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/edit/", data)

    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["BH", "STD", "RTNG", "TPN/R"]
