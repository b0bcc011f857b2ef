"""An adjourned game in the last round (issue 29; checklist Q161, Q169, hard fails): entering
`adj` on a board of the last round is a Level-2 notice; while the game has no result, no page,
CSV or PDF calls the standings final: they say provisional and name the open game, the tournament
report prints "Standings", not "Final standings", and the TRF16, TRF-2026 and rating reports
refuse (the TRF-2026 exchange file marks the game `?`)."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.pdf import pdf_text
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.views.confirming import (
    HTMX,
    confirm,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tournaments.models import Game, Result, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def last_round(arbiter: User) -> Tournament:
    """6 players, 3 rounds: rounds 1-2 completed, round 3 published, boards 2 and 3 won by
    White, board 1 (players 1 and 2) still without a result."""
    tournament = tournament_with_players(6, rounds=3, arbiter=arbiter)
    rnd = play_rounds(tournament, 2)
    rnd.games.exclude(board=1).update(result=Result.WHITE_WINS)
    return tournament


def _adjourn_board_1(client: Client, tournament: Tournament) -> None:
    url = f"/t/{tournament.slug}/manage/round/3/results/1/"
    confirm(client, url, {"result": "adj", "expected": ""}, **HTMX)
    assert Game.objects.get(round__tournament=tournament, round__number=3, board=1).result == (
        Result.ADJOURNED
    )


def _names() -> tuple[str, str]:
    game = Game.objects.select_related("white", "black").get(round__number=3, board=1)
    return game.white.name, game.black.name


def test_adjourning_a_game_of_the_last_round_is_a_level_2_notice(
    arbiter_client: Client, last_round: Tournament
) -> None:
    url = f"/t/{last_round.slug}/manage/round/3/results/1/"
    data = {"result": "adj", "expected": ""}

    asked = arbiter_client.post(url, data, headers=HTMX)

    assert is_dialog(asked) and dialog_level(asked) == 2
    assert "the last round" in html(asked)
    assert "provisional, not final" in html(asked)
    game = Game.objects.get(round__number=3, board=1)
    assert game.result == Result.NOT_PLAYED  # nothing until the notice is acknowledged
    arbiter_client.post(url, {**data, "confirmation": token(asked)}, headers=HTMX)
    game.refresh_from_db()
    assert game.result == Result.ADJOURNED


def test_adjourning_a_game_of_an_earlier_round_asks_nothing(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(6, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 1)

    answer = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/2/results/1/",
        {"result": "adj", "expected": ""},
        headers=HTMX,
    )

    assert not is_dialog(answer)
    assert Game.objects.get(round__number=2, board=1).result == Result.ADJOURNED


def test_no_page_calls_the_standings_final_while_the_game_is_open(
    arbiter_client: Client, last_round: Tournament
) -> None:
    _adjourn_board_1(arbiter_client, last_round)
    slug = last_round.slug
    white, black = _names()
    last_round.refresh_from_db()
    assert last_round.status == TournamentStatus.IN_PROGRESS

    for url in (
        f"/t/{slug}/standings/",
        f"/t/{slug}/crosstable/",
        f"/t/{slug}/standings/3/",
        f"/t/{slug}/manage/standings/",
    ):
        page = html(arbiter_client.get(url))
        assert "Provisional standings after round 3 of 3" in page, url
        assert f"round 3, board 1 ({white} - {black}): adjourned" in page, url
    standings = html(arbiter_client.get(f"/t/{slug}/standings/"))
    assert "After round 3 of 3." not in standings


def test_the_csv_and_the_pdfs_say_provisional_and_name_the_game(
    arbiter_client: Client, last_round: Tournament
) -> None:
    _adjourn_board_1(arbiter_client, last_round)
    slug = last_round.slug
    white, black = _names()
    open_game = f"round 3, board 1 ({white} - {black}): adjourned"

    download = arbiter_client.get(f"/t/{slug}/standings.csv")
    rows = list(csv.reader(io.StringIO(download.content.decode())))
    assert "provisional" in download["Content-Disposition"]
    assert rows[0] == [f"Provisional: not final while these games have no result: {open_game}."]
    assert rows[1][:3] == ["Rank", "No", "Name"]

    for name in ("standings", "crosstable", "report"):
        text = " ".join(pdf_text(arbiter_client.get(f"/t/{slug}/pdf/{name}.pdf").content).split())
        assert "after round 3 (provisional)" in text, name
        assert open_game in text, name
        assert "Final standings" not in text, name


def test_the_rating_reports_still_refuse(arbiter_client: Client, last_round: Tournament) -> None:
    _adjourn_board_1(arbiter_client, last_round)

    trf16 = arbiter_client.get(f"/t/{last_round.slug}/export.trf")
    trf26 = arbiter_client.get(f"/t/{last_round.slug}/export.trf?format=trf26")
    report = arbiter_client.get(f"/t/{last_round.slug}/rating-report.trf")
    exchange = arbiter_client.get(f"/t/{last_round.slug}/export.trf?format=trf26&mode=exchange")

    assert trf16.status_code == 409
    assert "adjourned games without a result (round 3 board 1)" in html(trf16)
    assert trf26.status_code == 409 and "the report waits for their results" in html(trf26)
    assert report.status_code == 409
    assert exchange.status_code == 200  # the in-tournament exchange file marks it `?` (Q164)


def test_the_result_in_makes_the_standings_final(
    arbiter_client: Client, last_round: Tournament
) -> None:
    _adjourn_board_1(arbiter_client, last_round)
    url = f"/t/{last_round.slug}/manage/round/3/results/1/"
    confirm(arbiter_client, url, {"result": "1-0", "expected": "adj"}, **HTMX)

    page = html(arbiter_client.get(f"/t/{last_round.slug}/standings/"))
    report = pdf_text(arbiter_client.get(f"/t/{last_round.slug}/pdf/report.pdf").content)
    last_round.refresh_from_db()

    assert "After round 3 of 3." in page and "Provisional" not in page
    assert "Final standings after round 3" in " ".join(report.split())
    assert last_round.status == TournamentStatus.FINISHED
