"""The prize list (issue 33): the arbiter's page, the public list (provisional, final), its
PDF, the receipts, the treasurer's CSV, a player's K and rating change on the card."""

from __future__ import annotations

import csv
import datetime
import io

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import AuditEntry, Prize, PrizeSettings, Result, RoundState, Tournament

pytestmark = pytest.mark.django_db


def _final_tournament(arbiter: User) -> Tournament:
    """Four players, one round: 1 beats 2, 3 and 4 draw (3 is a woman)."""
    tournament = tournament_with_players(4, rounds=1, arbiter=arbiter)
    Tournament.objects.filter(pk=tournament.pk).update(start_date=datetime.date(2026, 6, 1))
    tournament.refresh_from_db()
    tournament.players.filter(pairing_number=3).update(sex="w")
    tournament.players.filter(pairing_number=2).update(name="=HYPERLINK(1)")
    rnd = pair_round(tournament, 1, RoundState.COMPLETED)
    rnd.games.filter(board=1).update(result=Result.WHITE_WINS)
    rnd.games.filter(board=2).update(result=Result.DRAW)
    return tournament


def _announce(client: Client, tournament: Tournament) -> None:
    base = f"/t/{tournament.slug}/manage/prizes/"
    rules = {
        "currency": "eur",
        "one_per_player": "on",
        "choice": "amount",
        "sharing": "equal",
        "hort_percent": "50",
    }
    assert client.post(base, rules).status_code == 302
    assert client.post(base + "category/", {"name": "Best woman", "sex": "w"}).status_code == 302
    for amount in ("100", "50.00"):
        assert client.post(base + "prize/", {"amount": amount}).status_code == 302
    category = tournament.prize_categories.get()
    client.post(base + "prize/", {"category": str(category.pk), "amount": "20"})
    client.post(base + "prize/", {"item": "Chess clock"})


def test_the_arbiter_announces_the_prizes_and_everybody_reads_the_final_list(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = _final_tournament(arbiter)
    _announce(arbiter_client, tournament)
    settings = PrizeSettings.objects.get(tournament=tournament)
    assert settings.currency == "EUR"
    assert list(tournament.prizes.order_by("pk").values_list("place", "amount", "item")) == [
        (1, 10000, ""),
        (2, 5000, ""),
        (1, 2000, ""),
        (3, 0, "Chess clock"),
    ]
    assert AuditEntry.objects.filter(tournament=tournament, entity="prize").count() == 4
    html = Client().get(f"/t/{tournament.slug}/prizes/").content.decode()
    assert "Final prize list" in html and "Provisional" not in html
    # 1st 100 to player 1; players 3 and 4 tie on ½ and share the 2nd (50) in two; the women's
    # prize goes to nobody else (3 is in the place pool); the clock (3rd place) to player 2.
    assert html.count("25 EUR (shared by 2)") == 2
    assert "100 EUR" in html and "Chess clock" in html
    assert "birth" not in html.lower()


def test_a_refused_prize_says_why_and_saves_nothing(arbiter_client: Client, arbiter: User) -> None:
    tournament = _final_tournament(arbiter)
    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/prizes/prize/", {"amount": "10", "item": "Cup"}, follow=True
    )
    assert "either an amount of money or a thing" in response.content.decode()
    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/prizes/prize/", {"amount": "1e9"}, follow=True
    )
    assert "Nothing was saved" in response.content.decode()
    assert not Prize.objects.filter(tournament=tournament).exists()


def test_the_list_is_provisional_while_the_last_round_has_an_open_game(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = _final_tournament(arbiter)
    _announce(arbiter_client, tournament)
    rnd = tournament.round_set.get(number=1)
    rnd.games.filter(board=2).update(result=Result.NOT_PLAYED)
    rnd.state = RoundState.PUBLISHED
    rnd.save()
    html = Client().get(f"/t/{tournament.slug}/prizes/").content.decode()
    assert "Provisional prize list" in html


def test_the_pdf_the_receipts_and_the_csv(arbiter_client: Client, arbiter: User) -> None:
    tournament = _final_tournament(arbiter)
    _announce(arbiter_client, tournament)
    pdf = Client().get(f"/t/{tournament.slug}/pdf/prizes.pdf")
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    receipts = arbiter_client.get(f"/t/{tournament.slug}/manage/prizes/receipts.pdf")
    assert receipts.content.startswith(b"%PDF")
    assert Client().get(f"/t/{tournament.slug}/manage/prizes/receipts.pdf").status_code == 302
    other = Client()
    other.force_login(UserFactory.create(username="someone"))
    assert other.get(f"/t/{tournament.slug}/manage/prizes/prizes.csv").status_code == 403
    response = arbiter_client.get(f"/t/{tournament.slug}/manage/prizes/prizes.csv")
    rows = list(csv.reader(io.StringIO(response.content.decode())))
    assert rows[0][:3] == ["Rank", "No", "Name"]
    by_name = {row[2]: row for row in rows[1:]}
    assert by_name["'=HYPERLINK(1)"][9] == "Chess clock"
    assert sorted(row[7] for row in rows[1:]) == ["0", "10000", "2500", "2500"]


def test_the_player_card_shows_the_rating_change_and_the_k_entered(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = _final_tournament(arbiter)
    # Player 1 (2490) beat player 2 (2480): D 10, PD .51, K 10 (rated 2400+): +4.9.
    assert "+4.9" in Client().get(f"/t/{tournament.slug}/player/1/").content.decode()
    # Player 3 (2470) drew with 4 (2460): PD .51 -> 10 x -.01 = -0.1; with K 20 entered -0.2.
    assert "−0.1" in Client().get(f"/t/{tournament.slug}/player/3/").content.decode()
    arbiter_client.post(f"/t/{tournament.slug}/manage/player/3/k-factor/", {"k_factor": "20"})
    assert tournament.players.get(pairing_number=3).k_factor == 20
    assert "−0.2" in Client().get(f"/t/{tournament.slug}/player/3/").content.decode()
    arbiter_client.post(f"/t/{tournament.slug}/manage/player/3/k-factor/", {"k_factor": "30"})
    assert tournament.players.get(pairing_number=3).k_factor == 20


def test_the_standings_show_the_rating_change_column_when_asked(arbiter: User) -> None:
    tournament = _final_tournament(arbiter)
    plain = Client().get(f"/t/{tournament.slug}/standings/").content.decode()
    assert "±Rtg" not in plain
    html = Client().get(f"/t/{tournament.slug}/standings/?rating_change=1").content.decode()
    # Player 1: +4.9 (D 10, PD .51, K 10); player 2 lost: 10 x (0 - .49) = -4.9.
    assert "±Rtg" in html and "+4.9" in html and "−4.9" in html
