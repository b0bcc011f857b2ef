"""The tie-break menu offers every variant the standings compute, each named (issue 29;
checklist Q104 for a round robin, Q199 for a Swiss): posted through the settings page, each is
stored and ranks the standings page."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.roundrobin import round_robin
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import play_rounds
from tournaments.domain.tiebreaks import menu_codes, tiebreak_text
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

ROUND_ROBIN_CODES = ("SB/C2", "KS/L1", "KS/L2", "KS/L-1", "KS/L-2", "SB/M1")
"""What the tester could not choose for a round robin (Q104), as the tester wrote them."""

SWISS_CODES = ("FB/C1", "BH/M2", "SB/C2", "ARO/C2", "PS/C2", "FB/M1")
"""Cut and median variants the Swiss menu lacked (Q199)."""


def _settings(tournament: Tournament, codes: tuple[str, ...]) -> dict[str, str]:
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    slots = {f"tiebreak_{slot}": "" for slot in range(1, 7)}
    return data | slots | {f"tiebreak_{slot}": code for slot, code in enumerate(codes, start=1)}


def test_a_round_robin_takes_every_sonneborn_berger_and_koya_variant(
    client: Client, arbiter: User
) -> None:
    tournament = round_robin(arbiter, 6)
    client.force_login(arbiter)
    url = f"/t/{tournament.slug}/manage/edit/"

    page = client.get(url).content.decode()
    response = client.post(url, _settings(tournament, ROUND_ROBIN_CODES))

    assert "Select a valid choice" not in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["SB/C2", "KS/L+1", "KS/L+2", "KS/L-1", "KS/L-2", "SB/M1"]
    for option in (
        '<option value="SB/C2">SB/C2 — Sonneborn-Berger cut 2</option>',
        '<option value="KS/L-2">KS/L-2 — Koya system limit -2</option>',
        '<option value="KS/L+1">KS/L+1 — Koya system limit +1</option>',
    ):
        assert option in page
    assert 'value="BH/M2"' not in page  # no Buchholz in a round robin (Q105)


def test_a_swiss_takes_every_cut_and_median_and_the_standings_rank_by_them(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    url = f"/t/{tournament.slug}/manage/edit/"

    page = arbiter_client.get(url).content.decode()
    response = arbiter_client.post(url, _settings(tournament, SWISS_CODES))

    assert "Select a valid choice" not in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.tiebreaks == list(SWISS_CODES)
    assert '<option value="BH/M2">BH/M2 — Buchholz median 2</option>' in page
    assert '<option value="FB/C1">FB/C1 — Fore Buchholz cut 1</option>' in page
    play_rounds(tournament, 2, published=False)
    standings = arbiter_client.get(f"/t/{tournament.slug}/standings/").content.decode()
    for code, name in (("FB/C1", "Fore Buchholz cut 1"), ("BH/M2", "Buchholz median 2")):
        assert code in standings and name in standings


def test_every_code_the_menu_offers_is_named_on_the_page(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, rounds=3, arbiter=arbiter)

    page = arbiter_client.get(f"/t/{tournament.slug}/manage/edit/").content.decode()

    for code in menu_codes():
        assert f'<option value="{code}">{code} — ' in page, code


def test_a_stored_code_the_menu_does_not_list_survives_a_save(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, rounds=3, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["KS/L+3", "BH:GP", "DE"])
    tournament.refresh_from_db()
    url = f"/t/{tournament.slug}/manage/edit/"

    page = arbiter_client.get(url).content.decode()
    arbiter_client.post(url, _settings(tournament, ("KS/L+3", "BH:GP", "DE")))

    assert 'value="KS/L+3" selected' in page
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["KS/L+3", "BH:GP", "DE"]


@pytest.mark.parametrize(
    ("written", "canonical"),
    [("ks/l1", "KS/L+1"), ("KS/L-2", "KS/L-2"), ("bh/m2", "BH/M2"), ("tpn/r", "TPN/R")],
)
def test_a_code_is_read_in_its_canonical_spelling(written: str, canonical: str) -> None:
    assert tiebreak_text(written) == canonical


def test_the_round_robin_menu_is_the_swiss_menu_without_the_buchholz_family() -> None:
    swiss, closed = set(menu_codes()), set(menu_codes(round_robin=True))

    assert swiss - closed == {code for code in swiss if code.split("/")[0] in {"BH", "FB", "AOB"}}
    assert {"SB/C2", "KS/L+1", "KS/L+2", "KS/L-1", "KS/L-2"} <= closed
