"""The final prize list in a real browser (issue 33): the public page shows the winners with
the shares, and its PDF downloads."""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from django.contrib.auth.models import User

from tests.screenshots import screenshot
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Result, RoundState, Tournament
from tournaments.services.prizes import prize_add, prize_category_add, prize_settings_update

if TYPE_CHECKING:
    from playwright.sync_api import Browser
    from pytest_django.live_server_helper import LiveServer

pytestmark = pytest.mark.django_db(transaction=True)


def _finished_open() -> Tournament:
    """Six players, one round: 1 beats 2, 3 and 4 draw, 5 beats 6; 3 and 6 are women."""
    tournament = tournament_with_players(6, rounds=1)
    Tournament.objects.filter(pk=tournament.pk).update(
        name="Bologna Open", start_date=datetime.date(2026, 6, 1)
    )
    tournament.refresh_from_db()
    tournament.players.filter(pairing_number__in=(3, 6)).update(sex="w")
    rnd = pair_round(tournament, 1, RoundState.COMPLETED)
    rnd.games.filter(board=1).update(result=Result.WHITE_WINS)
    rnd.games.filter(board=2).update(result=Result.DRAW)
    rnd.games.filter(board=3).update(result=Result.WHITE_WINS)
    by: User | None = None
    prize_settings_update(
        tournament=tournament,
        currency="EUR",
        one_per_player=True,
        choice="amount",
        sharing="hort",
        hort_percent=50,
        age_on=None,
        by=by,
    )
    women = prize_category_add(tournament=tournament, name="Best woman", sex="w", by=by)
    for amount in (30000, 20000, 10000):
        prize_add(tournament=tournament, category=None, amount=amount, item="", by=by)
    prize_add(tournament=tournament, category=women, amount=5000, item="", by=by)
    prize_add(tournament=tournament, category=None, amount=0, item="Chess clock", by=by)
    return tournament


def test_the_final_prize_list_shows_the_winners_and_its_pdf_downloads(
    chromium: Browser,
    live_server: LiveServer,
    tmp_path: Path,
) -> None:
    from playwright.sync_api import expect

    tournament = _finished_open()
    page = chromium.new_page(viewport={"width": 1100, "height": 900})
    page.goto(f"{live_server.url}/t/{tournament.slug}/prizes/")
    expect(page.get_by_role("heading", name="Final prize list")).to_be_visible()
    winners = page.locator("#prize-winners tbody tr")
    # Points: 1 and 5 on 1, 3 and 4 on ½. Hort 50 %: 1 and 5 pool 300 + 200, keep 150 and
    # 100, share 250: 275 and 225. 3 and 4 pool the 3rd (100): 50 kept + 25, and 25. The best
    # woman not in a pool is 6 (50); the clock (4th place) goes to 2, the only one left.
    expect(winners).to_have_count(6)
    expect(page.locator("#prize-winners")).to_contain_text("75 EUR (shared by 2)")
    expect(page.locator("#prize-winners")).to_contain_text("50 EUR")
    expect(page.locator("#prize-winners")).to_contain_text("275 EUR (shared by 2)")
    expect(page.locator("#prize-winners")).to_contain_text("225 EUR (shared by 2)")
    expect(page.locator("#prize-winners")).to_contain_text("Chess clock")
    expect(page.locator("#prize-winners")).to_contain_text("Best woman")
    screenshot(page, "prize-list-final")
    href = page.get_by_role("link", name="Print (PDF)").get_attribute("href")
    assert href is not None
    response = page.request.get(f"{live_server.url}{href}")
    assert response.ok and response.headers["content-type"] == "application/pdf"
    pdf = tmp_path / "prizes.pdf"
    pdf.write_bytes(response.body())
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 1000
    page.close()
