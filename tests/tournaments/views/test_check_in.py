"""The check-in pages (issue 32): the desk's list and its htmx rows, the absentees from the
pairing page, a player's own check-in from a phone (bad input included) and the badges."""

from __future__ import annotations

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.pdf import pdf_text
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.check_in import shown_code
from tournaments.models import Bye, ByeKind, CheckIn, CheckInStatus, RoundState, Tournament
from tournaments.selectors.check_in import player_code
from tournaments.services.check_in import check_in_settings_update, round_set_check_in_closing

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    return tournament_with_players(6, arbiter=arbiter)


def _desk(tournament: Tournament, number: int = 1) -> str:
    return reverse("manage-check-in", args=[tournament.slug, number])


def _mark_url(tournament: Tournament, pairing_number: int, number: int = 1) -> str:
    return reverse("manage-check-in-player", args=[tournament.slug, number, pairing_number])


def test_the_desk_lists_every_player_of_the_round_with_the_keys(
    arbiter_client: Client, tournament: Tournament
) -> None:
    response = arbiter_client.get(_desk(tournament))

    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="result-row check-in-row') == 6
    assert 'data-key="p"' in page and 'data-key="Backspace"' in page
    assert '<span id="check-in-present">0</span> of 6 players checked in.' in page


def test_a_key_at_the_desk_answers_the_player_s_row(
    arbiter_client: Client, tournament: Tournament
) -> None:
    response = arbiter_client.post(
        _mark_url(tournament, 3), {"status": "present", "expected": ""}, HTTP_HX_REQUEST="true"
    )

    assert response.status_code == 200
    row = response.content.decode()
    assert row.lstrip().startswith('<tr id="player-3"') and 'data-status="present"' in row
    assert CheckIn.objects.get().status == CheckInStatus.PRESENT


def test_a_stale_key_says_why_in_the_row(arbiter_client: Client, tournament: Tournament) -> None:
    arbiter_client.post(_mark_url(tournament, 3), {"status": "absent", "expected": ""})

    response = arbiter_client.post(
        _mark_url(tournament, 3), {"status": "present", "expected": ""}, HTTP_HX_REQUEST="true"
    )

    assert 'class="field-error"' in response.content.decode()
    assert "meanwhile" in response.content.decode()
    assert CheckIn.objects.get().status == CheckInStatus.ABSENT


@pytest.mark.parametrize(
    "posted",
    [
        {"status": "no_show", "expected": ""},
        {"status": "maybe"},
        {"status": "present", "expected": "x"},
    ],
)
def test_a_forged_mark_is_refused_without_a_change(
    arbiter_client: Client, tournament: Tournament, posted: dict[str, str]
) -> None:
    response = arbiter_client.post(_mark_url(tournament, 3), posted, HTTP_HX_REQUEST="true")

    assert response.status_code == 200 and 'class="field-error"' in response.content.decode()
    assert not CheckIn.objects.exists()


def test_a_player_of_another_tournament_is_not_found(
    arbiter_client: Client, tournament: Tournament
) -> None:
    response = arbiter_client.post(_mark_url(tournament, 99), {"status": "present"})

    assert response.status_code == 404


def test_the_pairing_page_lists_the_absentees_and_marks_them_in_one_action(
    arbiter_client: Client, tournament: Tournament
) -> None:
    for number in (1, 2, 3, 4):
        arbiter_client.post(_mark_url(tournament, number), {"status": "present"})
    arbiter_client.post(_mark_url(tournament, 5), {"status": "absent"})
    pairing = reverse("pairing-round", args=[tournament.slug, 1])

    page = arbiter_client.get(pairing).content.decode()

    assert "4 of 6 players checked in." in page
    assert "2 players would not be paired" in page
    assert 'name="withdraw" value="6" checked' in page  # C.04.2 D.2, the rule's own limit

    response = arbiter_client.post(
        reverse("manage-check-in-absentees", args=[tournament.slug, 1]),
        {"shown": ["5", "6"], "withdraw": []},
        follow=True,
    )

    assert "2 players are left out of round 1." in response.content.decode()
    byes = Bye.objects.filter(round__tournament=tournament, kind=ByeKind.ZERO_POINT)
    assert sorted(byes.values_list("player__pairing_number", flat=True)) == [5, 6]


@pytest.mark.parametrize(
    "posted",
    [{"shown": ["5"]}, {"shown": ["5", "6", "x"]}, {"shown": ["5", "6"], "withdraw": ["5"]}, {}],
)
def test_forged_absentees_change_nothing(
    arbiter_client: Client, tournament: Tournament, posted: dict[str, list[str]]
) -> None:
    for number in (1, 2, 3, 4):
        arbiter_client.post(_mark_url(tournament, number), {"status": "present"})
    arbiter_client.post(_mark_url(tournament, 5), {"status": "absent"})

    response = arbiter_client.post(
        reverse("manage-check-in-absentees", args=[tournament.slug, 1]), posted, follow=True
    )

    assert response.status_code == 200
    assert 'class="message message-error"' in response.content.decode()
    assert not Bye.objects.exists()


def _self(tournament: Tournament) -> str:
    return reverse("self-check-in", args=[tournament.slug])


def test_a_player_checks_in_from_a_phone(
    client: Client, tournament: Tournament, arbiter: User
) -> None:
    cache.clear()
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=1, by=arbiter
    )
    code = shown_code(player_code(tournament.players.get(pairing_number=2)))

    form = client.get(f"{_self(tournament)}?code={code}")
    response = client.post(_self(tournament), {"code": code})
    again = client.post(_self(tournament), {"code": code.lower()})

    assert form.status_code == 200 and f'value="{code}"' in form.content.decode()
    assert response.status_code == 200
    assert "you are checked in for round 1" in response.content.decode()
    assert "already checked in for round 1" in again.content.decode()
    assert form.cookies["check_in_device"]["httponly"]
    assert CheckIn.objects.get().device


def test_a_second_phone_gets_a_clear_refusal(tournament: Tournament, arbiter: User) -> None:
    cache.clear()
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=1, by=arbiter
    )
    code = player_code(tournament.players.get(pairing_number=2))
    Client().post(_self(tournament), {"code": code})

    response = Client().post(_self(tournament), {"code": code})

    assert response.status_code == 409
    assert "from another phone" in response.content.decode()


def test_a_check_in_after_closing_is_refused(tournament: Tournament, arbiter: User) -> None:
    cache.clear()
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=1, by=arbiter
    )
    closes = timezone.now() + timedelta(minutes=5)
    round_set_check_in_closing(rnd=tournament.round_set.get(number=1), closes_at=closes, by=arbiter)
    code = player_code(tournament.players.get(pairing_number=2))

    with time_machine.travel(closes + timedelta(minutes=1), tick=False):
        response = Client().post(_self(tournament), {"code": code})

    assert response.status_code == 400 and "closed at" in response.content.decode()
    assert not CheckIn.objects.exists()


@pytest.mark.parametrize("code", ["", "x" * 41, "AAAAA-AAAAA", "' OR 1=1 --"])
def test_a_bad_code_is_refused(tournament: Tournament, arbiter: User, code: str) -> None:
    cache.clear()
    check_in_settings_update(
        tournament=tournament, self_check_in=True, absences_before_withdrawal=1, by=arbiter
    )

    response = Client().post(_self(tournament), {"code": code})

    assert (
        response.status_code == 400 and 'class="message message-error"' in response.content.decode()
    )
    assert not CheckIn.objects.exists()


def test_the_phone_s_posts_are_rate_limited(
    tournament: Tournament, arbiter: User, settings: object
) -> None:
    cache.clear()
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "check_in": 2}  # type: ignore[attr-defined]
    phone = Client()
    statuses = [
        phone.post(_self(tournament), {"code": "AAAAA-AAAAA"}).status_code for _ in range(3)
    ]

    assert statuses == [400, 400, 429]
    cache.clear()


def test_a_paired_round_s_desk_is_closed(arbiter_client: Client, tournament: Tournament) -> None:
    pair_round(tournament, 1, RoundState.PAIRED)

    page = arbiter_client.get(_desk(tournament)).content.decode()
    refused = arbiter_client.post(_mark_url(tournament, 1), {"status": "present"}, follow=True)

    assert "its check-in is over" in page and 'data-key="p"' not in page
    assert "Round 1 is paired" in refused.content.decode()


def test_the_badges_carry_each_player_s_code(
    arbiter_client: Client, tournament: Tournament
) -> None:
    response = arbiter_client.get(reverse("pdf-badges", args=[tournament.slug]))

    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = pdf_text(response.content)
    for player in tournament.players.all():
        assert shown_code(player_code(player)) in text
    italian = arbiter_client.get(
        reverse("pdf-badges", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="it"
    )
    address = f"http://testserver/t/{tournament.slug}/check-in/"
    assert "or type the code at" in text and address in text  # the address whole
    italian_text = pdf_text(italian.content)
    assert "o digita il codice su" in italian_text and address in italian_text


def test_the_round_s_check_in_sheet_carries_the_marks(
    arbiter_client: Client, tournament: Tournament
) -> None:
    arbiter_client.post(_mark_url(tournament, 2), {"status": "present"})
    arbiter_client.post(_mark_url(tournament, 3), {"status": "absent"})
    sheet = reverse("pdf-check-in", args=[tournament.slug])

    response = arbiter_client.get(f"{sheet}?round=1")

    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "Check-in sheet, round 1" in text
    name_2 = tournament.players.get(pairing_number=2).name
    name_3 = tournament.players.get(pairing_number=3).name
    lines = text.splitlines()
    assert any(name_2 in line and "Present" in line for line in lines)
    assert any(name_3 in line and "Absent" in line for line in lines)


@pytest.mark.parametrize("asked", ["9", "x", "-1"])
def test_a_check_in_sheet_of_no_round_says_so(
    arbiter_client: Client, tournament: Tournament, asked: str
) -> None:
    sheet = reverse("pdf-check-in", args=[tournament.slug])

    response = arbiter_client.get(f"{sheet}?round={asked}")

    assert response.status_code == 404 and "There is no such round." in response.content.decode()


def test_a_tournament_without_players_prints_no_badges(arbiter: User, client: Client) -> None:
    empty = tournament_with_players(0, arbiter=arbiter)
    client.force_login(arbiter)

    response = client.get(reverse("pdf-badges", args=[empty.slug]) + "?paper=letter")

    assert response.status_code == 200
    assert "No players yet: no badges." in pdf_text(response.content)


def test_the_dashboard_and_the_print_menu_lead_to_the_check_in(
    arbiter_client: Client, tournament: Tournament
) -> None:
    dashboard = arbiter_client.get(reverse("manage-dashboard", args=[tournament.slug]))

    page = dashboard.content.decode()
    assert f'href="{_desk(tournament)}"' in page
    assert f'href="{reverse("pdf-badges", args=[tournament.slug])}"' in page


def test_a_round_robin_s_pairing_page_offers_no_absentees_action(
    arbiter_client: Client, tournament: Tournament
) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(format="round_robin")
    arbiter_client.post(_mark_url(tournament, 1), {"status": "present"})

    page = arbiter_client.get(reverse("pairing-round", args=[tournament.slug, 1])).content
    refused = arbiter_client.post(
        reverse("manage-check-in-absentees", args=[tournament.slug, 1]),
        {"shown": ["2", "3", "4", "5", "6"]},
        follow=True,
    )

    assert "A round robin's pairings are fixed" in page.decode()
    assert "manage/round/1/check-in/absentees/" not in page.decode()
    assert "A round robin&#x27;s pairings are fixed" in refused.content.decode()
    assert not Bye.objects.exists()
