"""Printed documents as PDF (issue 17): each renders, on A4 or Letter, and its text (read back
with pdftotext) holds the names and results; wall lists are public once the round is
published, the others only for who reads the tournament's reports."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import ByeFactory, GameFactory, PlayerFactory, UserFactory
from tests.pdf import pdf_pages, pdf_text
from tests.tournaments.conftest import tournament_with_players
from tournaments.models import ByeKind, Result, RoundState, Tournament

pytestmark = pytest.mark.django_db

NAMES = ("Þórsson, Ægir", "Иванов, Пётр", "Nguyễn, Thị Đào", "Müller, Jürgen", "Adams, Zoë")
A4 = "595.276 x 841.89"
LETTER = "612 x 792"


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    """Five players; round 1 completed (1-0 on board 1, a draw on board 2, player 5 has the
    pairing-allocated bye), round 2 published (board 1 without a result yet), round 3 a draft."""
    tournament = tournament_with_players(0, rounds=3, arbiter=arbiter)
    players = [
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            name=name,
            fide_rating=2401 - number,
            federation="ISL",
        )
        for number, name in enumerate(NAMES, start=1)
    ]
    first, second, third = tournament.round_set.order_by("number")
    GameFactory.create(
        round=first, board=1, white=players[0], black=players[1], result=Result.WHITE_WINS
    )
    GameFactory.create(round=first, board=2, white=players[2], black=players[3], result=Result.DRAW)
    ByeFactory.create(round=first, player=players[4], kind=ByeKind.PAIRING_ALLOCATED)
    first.state = RoundState.COMPLETED
    first.save()
    GameFactory.create(round=second, board=1, white=players[4], black=players[0])
    GameFactory.create(round=second, board=2, white=players[1], black=players[2])
    ByeFactory.create(round=second, player=players[3], kind=ByeKind.HALF_POINT)
    second.state = RoundState.PUBLISHED
    second.save()
    third.state = RoundState.PAIRED
    third.save()
    Tournament.objects.filter(pk=tournament.pk).update(
        time_control="5400+30",
        chief_arbiter="Ana Arbiter",
        chief_arbiter_fide_id="12345678",
        round_dates=["2026-05-01", "2026-05-02", "2026-05-03"],
    )
    tournament.refresh_from_db()
    return tournament


def _lines(text: str) -> list[str]:
    """The text's lines with runs of spaces made one."""
    return [re.sub(r"\s+", " ", line).strip() for line in text.splitlines() if line.strip()]


def _pdf(client: Client, url: str) -> bytes:
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return response.content


def test_the_wall_list_by_board_is_public_with_results_and_byes(
    client: Client, tournament: Tournament
) -> None:
    text = pdf_text(_pdf(client, f"/t/{tournament.slug}/pdf/round/1/pairings.pdf"))

    lines = _lines(text)
    assert "1 1 Þórsson, Ægir 2400 0 1-0 0 2 Иванов, Пётр 2399" in lines
    assert "2 3 Nguyễn, Thị Đào 2398 0 ½-½ 0 4 Müller, Jürgen 2397" in lines
    assert "5 Adams, Zoë Pairing-allocated bye" in lines
    assert "Round 1 pairings (by board)" in text


def test_the_wall_list_by_name_is_alphabetical_with_board_colour_and_opponent(
    client: Client, tournament: Tournament
) -> None:
    text = pdf_text(_pdf(client, f"/t/{tournament.slug}/pdf/round/2/pairings-by-name.pdf"))

    assert [line for line in _lines(text) if line.startswith(tuple(NAMES))] == [
        "Adams, Zoë 5 1 1 White 1. Þórsson, Ægir",
        "Müller, Jürgen 4 ½ – Half-point bye",
        "Nguyễn, Thị Đào 3 ½ 2 Black 2. Иванов, Пётр",
        "Þórsson, Ægir 1 1 1 Black 5. Adams, Zoë",
        "Иванов, Пётр 2 0 2 White 3. Nguyễn, Thị Đào",
    ]


def test_a_draft_round_has_no_wall_list_and_an_unknown_paper_is_refused(
    client: Client, arbiter_client: Client, tournament: Tournament
) -> None:
    for who in (client, arbiter_client):
        draft = who.get(f"/t/{tournament.slug}/pdf/round/3/pairings.pdf")
        assert draft.status_code == 404
        assert "not published" in draft.content.decode()
    paper = client.get(f"/t/{tournament.slug}/pdf/round/1/pairings.pdf?paper=a5")
    assert paper.status_code == 400
    assert "paper=letter" in paper.content.decode()


def test_every_document_comes_on_a4_and_letter(
    arbiter_client: Client, tournament: Tournament
) -> None:
    url = f"/t/{tournament.slug}/pdf/round/1/pairings.pdf"

    assert pdf_pages(_pdf(arbiter_client, url))[1] == A4
    letter = arbiter_client.get(f"{url}?paper=letter")
    assert pdf_pages(letter.content)[1] == LETTER
    filename = f'filename="{tournament.slug}-round-1-by-board-letter.pdf"'
    assert letter["Content-Disposition"] == f"inline; {filename}"
    for path in ("round/2/slips.pdf", "standings.pdf", "player-cards.pdf"):
        assert (
            pdf_pages(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/{path}?paper=letter"))[1]
            == LETTER
        )


def test_result_slips_one_per_board_none_for_the_bye(
    arbiter_client: Client, tournament: Tournament
) -> None:
    text = pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/round/2/slips.pdf"))

    assert text.count("Signature") == 4  # two slips, two signatures each
    assert "Round 2 · Board 1" in text
    assert "Round 2 · Board 2" in text
    assert "Board 3" not in text
    assert "5. Adams, Zoë" in text
    assert "2. Иванов, Пётр" in text
    assert "Müller" not in text  # the half-point bye: no slip


def test_the_standings_crosstable_and_report_hold_names_points_and_tie_breaks(
    arbiter_client: Client, tournament: Tournament
) -> None:
    standings = _lines(pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/standings.pdf")))
    crosstable = pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/crosstable.pdf"))
    report = pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/report.pdf"))

    assert "Standings after round 1" in standings
    assert "Rk No Name Title Fed Rtg Pts BH/C1 BH SB DE WIN BPG" in standings
    assert [line for line in standings if line[:1].isdigit()] == [
        "1 5 Adams, Zoë ISL 2396 1 0 0.5 0.5 0 1 0",  # the PAB scores a win; BH 0.5 (C.07 16)
        "2 1 Þórsson, Ægir ISL 2400 1 0 0 0 0 1 0",
        "3 4 Müller, Jürgen ISL 2397 0.5 0 0.5 0.25 0 0 1",
        "4 3 Nguyễn, Thị Đào ISL 2398 0.5 0 0.5 0.25 0 0 0",
        "5 2 Иванов, Пётр ISL 2399 0 0 1 0 0 0 1",
    ]
    assert "Crosstable after round 1" in crosstable
    assert "1 Adams, Zoë 2396 PAB 1" in _lines(crosstable)[-6]
    assert "2 Þórsson, Ægir 2400 5w 1 1" in " ".join(_lines(crosstable))
    assert "5 Иванов, Пётр 2399 2b 0 0" in " ".join(_lines(crosstable))
    for part in ("Tournament report", "Settings", "Arbiters", "Rounds", "Standings after round 1"):
        assert part in report
    assert "Nguyễn, Thị Đào" in report
    assert "time control: 5400+30; rated by FIDE" in report
    assert "Chief arbiter (the rating report's): Ana Arbiter, FIDE ID 12345678" in report
    assert re.search(r"1 Completed\s+2026-05-01\s+2\s+1", report)
    assert "Completed" in report and "Published" in report


def test_the_player_list_check_in_sheet_and_cards(
    arbiter_client: Client, tournament: Tournament
) -> None:
    players = pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/players.pdf"))
    check_in = _lines(pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/check-in.pdf")))
    cards = pdf_text(_pdf(arbiter_client, f"/t/{tournament.slug}/pdf/player-cards.pdf"))

    assert all(name in players for name in NAMES)
    assert "5 players" in players
    assert "Name No Fed Rtg Here Signature" in check_in
    assert [line for line in check_in if line.startswith(NAMES)] == [
        "Adams, Zoë 5 ISL 2396",
        "Müller, Jürgen 4 ISL 2397",
        "Nguyễn, Thị Đào 3 ISL 2398",
        "Þórsson, Ægir 1 ISL 2400",
        "Иванов, Пётр 2 ISL 2399",
    ]
    assert "1. Þórsson, Ægir · total 1" in cards
    assert re.search(r"1\s+White\s+2\. Иванов, Пётр\s+0\s+win", cards)
    assert re.search(r"2\s+Black\s+5\. Adams, Zoë\s+1\s+playing", cards)
    assert "Pairing-allocated bye" in cards


@pytest.mark.parametrize(
    "path",
    [
        "round/2/slips.pdf",
        "players.pdf",
        "check-in.pdf",
        "player-cards.pdf",
        "standings.pdf",
        "crosstable.pdf",
        "report.pdf",
    ],
)
def test_the_reports_are_refused_to_anonymous_users_and_other_users(
    client: Client, tournament: Tournament, path: str
) -> None:
    url = f"/t/{tournament.slug}/pdf/{path}"

    assert client.get(url)["Location"].startswith("/accounts/login/")
    client.force_login(UserFactory.create(username="someone"))
    assert client.get(url).status_code == 403


def test_the_round_live_standings_and_dashboard_pages_offer_the_print_menu(
    arbiter_client: Client, tournament: Tournament
) -> None:
    slug = tournament.slug
    published = arbiter_client.get(f"/t/{slug}/manage/round/2/pairing/").content.decode()
    draft = arbiter_client.get(f"/t/{slug}/manage/round/3/pairing/").content.decode()
    live = arbiter_client.get(f"/t/{slug}/manage/standings/").content.decode()
    dashboard = arbiter_client.get(f"/t/{slug}/manage/").content.decode()

    for path in ("pairings.pdf", "pairings-by-name.pdf", "slips.pdf"):
        assert f'href="/t/{slug}/pdf/round/2/{path}?paper=letter"' in published
        assert f"/pdf/round/3/{path}" not in draft  # nothing to print before publishing
    for page in (published, draft, live, dashboard):
        for path in ("standings", "crosstable", "players", "check-in", "player-cards", "report"):
            assert f'href="/t/{slug}/pdf/{path}.pdf"' in page


def test_an_empty_tournament_prints_every_document_and_odd_rounds_are_refused(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(0, rounds=2, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(name="R&D <Open> Ænima")
    url = f"/t/{tournament.slug}/pdf"

    for path in ("players", "check-in", "player-cards", "standings", "crosstable", "report"):
        text = pdf_text(_pdf(arbiter_client, f"{url}/{path}.pdf?paper=letter"))
        assert "R&D <Open> Ænima" in text
    assert "No players yet." in pdf_text(_pdf(arbiter_client, f"{url}/players.pdf"))
    assert "before round 1" in pdf_text(_pdf(arbiter_client, f"{url}/standings.pdf"))
    for asked in ("x", "²", "9", "1"):
        refused = arbiter_client.get(f"{url}/standings.pdf?round={asked}")
        assert refused.status_code == 404
        assert "round" in refused.content.decode()
    assert arbiter_client.get(f"{url}/round/9/slips.pdf").status_code == 404
    assert arbiter_client.get(f"{url}/round/1/pairings.pdf").status_code == 404


def test_a_result_entered_reaches_the_wall_list_and_the_cards_kept_in_the_cache(
    client: Client, arbiter_client: Client, tournament: Tournament
) -> None:
    slug = tournament.slug
    wall = f"/t/{slug}/pdf/round/2/pairings.pdf"
    cards = f"/t/{slug}/pdf/player-cards.pdf"
    before = _lines(pdf_text(_pdf(client, wall)))
    assert "1 5 Adams, Zoë 2396 1 1 1 Þórsson, Ægir 2400" in before
    assert "1. Þórsson, Ægir · total 1" in pdf_text(_pdf(arbiter_client, cards))

    entered = arbiter_client.post(
        f"/t/{slug}/manage/round/2/results/1/", {"result": "0-1", "expected": ""}
    )
    assert entered.status_code in (200, 302)

    after = _lines(pdf_text(_pdf(client, wall)))
    assert "1 5 Adams, Zoë 2396 1 0-1 1 1 Þórsson, Ægir 2400" in after
    assert "1. Þórsson, Ægir · total 2" in pdf_text(_pdf(arbiter_client, cards))
