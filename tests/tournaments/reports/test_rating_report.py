"""The rating report (issue 17; C.04 Annex 2, TRF-2026): every header record at its columns in
both formats for a finished tournament, exactly the played rounds on every player line (the
engine-exchange file keeps a withdrawn player's next-round entry), and the validation page's
refusals, all through HTTP."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.test import Client

from pairing.services.trf_import import tournament_import_trf
from tests.factories import UserFactory
from tests.tournaments.conftest import REFERENCE, pair_round, tournament_with_players
from tournaments.domain.trf import parse_trf
from tournaments.models import AuditEntry, PlayerStatus, Result, RoundState, Tournament

pytestmark = pytest.mark.django_db

FINISHED = REFERENCE / "worked-example" / "tournament.trf"
DATES = [f"2026-05-0{day}" for day in range(1, 7)]
DETAILS = {
    "tournament_type": "Individual: Swiss-System",
    "time_control": "40/6000+30:900+30",
    "round_dates": "\n".join(DATES),
    "chief_arbiter_fide_id": "1234567",
    "deputies": "Jane Doe, 7654321\nJohn Roe, 7654322",
    "rated": "on",
}


def finished_tournament(client: Client) -> Tournament:
    """The worked example (6 rounds, all played), its settings and report details filled in
    through the arbiters' pages."""
    arbiter = UserFactory.create(username="chief")
    tournament = tournament_import_trf(text=FINISHED.read_text(encoding="utf-8"), by=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(
        city="Bologna",
        federation="ITA",
        start_date=datetime.date(2026, 5, 1),
        end_date=datetime.date(2026, 5, 6),
        chief_arbiter="Anna Rossi",
        tiebreaks=["BH/C1", "BH", "SB"],
    )
    for player in tournament.players.all():
        player.fide_id = str(1000 + player.pairing_number)
        player.save(update_fields=["fide_id"])
    client.force_login(arbiter)
    response = client.post(f"/t/{tournament.slug}/manage/rating-report/", DETAILS)
    assert response.status_code == 302
    tournament.refresh_from_db()
    return tournament


def line(text: str, code: str) -> str:
    found = [row for row in text.splitlines() if row[:3] == code]
    assert len(found) == 1, (code, found)
    return found[0]


def test_every_header_record_is_at_its_columns_in_both_formats(client: Client) -> None:
    tournament = finished_tournament(client)
    page = client.get(f"/t/{tournament.slug}/rating-report/").content.decode()
    assert "The report is complete." in page, page[page.find("<main") :]

    texts = {
        kind: client.get(f"/t/{tournament.slug}/rating-report.trf?format={kind}")
        for kind in ("trf16", "trf26")
    }

    for kind, response in texts.items():
        assert response.status_code == 200, response.content
        text = response.content.decode()
        expected = {
            "012": "Worked example - FIDE (Dutch) Swiss System, 6 rounds",
            "022": "Bologna",
            "032": "ITA",
            "042": "2026/05/01",
            "052": "2026/05/06",
            "062": "14",
            "072": "14",
            "082": "0",
            "092": "Individual: Swiss-System",
            "102": "Anna Rossi (1234567)",
            "122": "40 moves in 100 min + 30 s/move, then rest of the game in 15 min + 30 s/move",
        }
        for code, value in expected.items():
            record = line(text, code)
            assert record[3] == " " and record[4:] == value, (kind, record)
        deputies = [row for row in text.splitlines() if row[:3] == "112"]
        assert deputies == ["112 Jane Doe (7654321)", "112 John Roe (7654322)"]
        dates = line(text, "132")
        assert dates[3:91].strip() == ""
        for number, day in enumerate(DATES):
            column = 92 + 10 * number  # 1-based: round 1 at 92-99, round 2 at 102-109
            assert dates[column - 1 : column + 7] == datetime.date.fromisoformat(day).strftime(
                "%y/%m/%d"
            )
    trf26 = texts["trf26"].content.decode()
    for code, value in {
        "142": "6",
        "152": "W",
        "192": "FIDE_DUTCH",
        "202": "BH/C1,BH,SB",
        "212": "PTS,BH/C1,BH,SB",
        "222": "40/6000+30:900+30",
    }.items():
        assert line(trf26, code)[3:] == f" {value}"
    assert line(trf26, "162")[3:].startswith("  W 1.0")
    assert "172" not in {row[:3] for row in trf26.splitlines()}  # FIDE ratings only, no NRS
    trf16 = texts["trf16"].content.decode()
    assert "222" not in {row[:3] for row in trf16.splitlines()}
    for kind in texts:
        doc = parse_trf(texts[kind].content.decode())
        assert {len(player.rounds) for player in doc.players} == {6}


def test_a_withdrawn_player_has_the_played_rounds_only_in_the_report(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.WHITE_WINS)
    tournament.players.filter(pairing_number=4).update(
        status=PlayerStatus.WITHDRAWN, withdrawn_from_round=2
    )
    url = f"/t/{tournament.slug}/export.trf"

    for kind in ("trf16", "trf26"):
        report = parse_trf(arbiter_client.get(f"{url}?format={kind}").content.decode())
        exchange = parse_trf(
            arbiter_client.get(f"{url}?format={kind}&mode=exchange").content.decode()
        )

        assert [len(player.rounds) for player in report.players] == [1, 1, 1, 1]
        assert [len(player.rounds) for player in exchange.players] == [1, 1, 1, 2]
        assert exchange.players[3].rounds[1].opponent is None
    assert arbiter_client.get(f"{url}?mode=other").status_code == 400


def test_the_validation_page_lists_what_is_missing_and_the_download_waits(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.COMPLETED).games.update(result=Result.DRAW)
    Tournament.objects.filter(pk=tournament.pk).update(federation="Italy", time_control="90")

    page = arbiter_client.get(f"/t/{tournament.slug}/rating-report/").content.decode()
    refused = arbiter_client.get(f"/t/{tournament.slug}/rating-report.trf?format=trf26")

    assert refused.status_code == 409
    message = refused.content.decode()
    for missing in (
        "the start date (042)",
        "the chief arbiter (102)",
        "the chief arbiter&#x27;s FIDE ID (102)",
        "Federation (032): a three-letter FIDE code",
        "Round dates (132): 0 given for 2 rounds",
        "Rounds: 1 of 2 completed",
        "the tie-breaks (202, 212)",
        "Players new to FIDE (no FIDE ID) need a birth date and a sex",
    ):
        assert missing in page
        assert missing.replace("&#x27;", "'") in message
    assert "The report is complete." not in page
    assert "rating-report.trf" not in page


def test_the_details_form_refuses_what_does_not_read_and_saves_nothing(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, rounds=2, arbiter=arbiter)
    url = f"/t/{tournament.slug}/manage/rating-report/"
    bad = {
        "time_control": "90 minutes",
        "round_dates": "2026-05-01 2026-05-03 2026-05-04",
        "chief_arbiter_fide_id": "١٢٣",
        "deputies": "Jane Doe, 12x",
    }

    page = arbiter_client.post(url, bad).content.decode()

    assert "The time control does not read" in page
    assert "3 dates for 2 rounds" in page
    assert "A FIDE ID is up to 11 digits." in page
    assert "Line 1: a FIDE ID is up to 11 digits." in page
    tournament.refresh_from_db()
    assert (tournament.time_control, tournament.round_dates) == ("", [])
    assert not AuditEntry.objects.filter(tournament=tournament).exists()
    backwards = arbiter_client.post(url, {"round_dates": "2026-05-02 2026-05-01"})
    assert "The dates go back in time" in backwards.content.decode()


def test_an_adjourned_game_is_listed_as_what_the_report_waits_for(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(4, rounds=1, arbiter=arbiter)
    games = pair_round(tournament, 1, RoundState.COMPLETED).games.order_by("board")
    games.filter(board=1).update(result=Result.ADJOURNED)

    page = arbiter_client.get(f"/t/{tournament.slug}/rating-report/").content.decode()
    refused = arbiter_client.get(f"/t/{tournament.slug}/rating-report.trf?format=trf26")

    assert "Adjourned games without a result: 1 (Q169)." in page
    assert refused.status_code == 409
    assert "Adjourned games without a result: 1 (Q169)." in refused.content.decode()
