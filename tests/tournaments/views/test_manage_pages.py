"""Arbiter pages: only the tournament's arbiters; services' refusals become messages."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.forms.tournament import TournamentForm
from tournaments.models import ArbiterRole, Bye, PlayerStatus, RoundState, Tournament

pytestmark = pytest.mark.django_db


def manage_urls(slug: str) -> list[str]:
    return [
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/edit/",
        f"/t/{slug}/manage/players/",
        f"/t/{slug}/manage/player/1/",
        f"/t/{slug}/manage/round/1/results/",
    ]


def test_an_arbiter_sees_every_page(arbiter_client: Client, arbiter: object) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)  # type: ignore[arg-type]
    pair_round(tournament, 1, RoundState.PUBLISHED)

    for url in manage_urls(tournament.slug):
        assert arbiter_client.get(url).status_code == 200, url


def test_other_users_get_a_403_and_anonymous_users_the_login_page(client: Client) -> None:
    tournament = tournament_with_players(2)

    for url in manage_urls(tournament.slug):
        assert client.get(url).status_code == 302
    client.force_login(UserFactory.create(username="stranger"))
    for url in manage_urls(tournament.slug):
        assert client.get(url).status_code == 403, url
    response = client.post(f"/t/{tournament.slug}/manage/players/renumber/")
    assert response.status_code == 403


def test_creating_a_tournament_makes_the_creator_its_chief_arbiter(client: Client) -> None:
    user = UserFactory.create(username="creator")
    client.force_login(user)
    data = {
        "name": "Winter Open",
        "format": "swiss",
        "rounds": "7",
        "initial_color": "draw",
        "max_half_point_byes": "2",
        "no_byes_last_rounds": "2",
        "points_win": "1",
        "points_draw": "0.5",
        "points_loss": "0",
        "points_pairing_bye": "1",
        "points_forfeit_win": "1",
        "points_forfeit_loss": "0",
        "points_half_bye": "0.5",
        "points_full_bye": "1",
        "points_zero_bye": "0",
        "tiebreak_1": "BH/C1",
        "tiebreak_2": "BH",
        "tiebreak_3": "SB",
    }

    response = client.post("/manage/new/", data)

    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/t/{tournament.slug}/manage/players/"
    assert list(tournament.roles.values_list("user", "role")) == [(user.pk, ArbiterRole.CHIEF)]
    assert (tournament.points_draw, tournament.round_set.count()) == (1, 7)
    assert tournament.tiebreaks == ["BH/C1", "BH", "SB"]


def test_the_new_tournament_page_needs_a_login(client: Client) -> None:
    assert client.get("/manage/new/").status_code == 302


def test_registering_a_bad_player_shows_the_error_and_saves_nothing(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(0, arbiter=arbiter)  # type: ignore[arg-type]

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/players/",
        {"name": "Rossi, Mario", "rating": "4000", "missed_bye": "Z"},
    )

    assert response.status_code == 400
    assert "from 0 to 3500" in response.content.decode()
    assert not tournament.players.exists()


def test_a_csv_with_a_bad_line_is_refused_with_its_line_number(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(0, arbiter=arbiter)  # type: ignore[arg-type]
    upload = SimpleUploadedFile("players.csv", b'name,fide_id\n"A, B",12\n"C, D",x1\n')

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/players/import/",
        {"file": upload, "format": "csv"},
        follow=True,
    )

    html = response.content.decode()
    assert "Nothing imported" in html and "line 3" in html
    assert not tournament.players.exists()


def test_renumbering_after_round_4_is_refused_with_a_message(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(4, rounds=7, arbiter=arbiter)  # type: ignore[arg-type]
    for number in (1, 2, 3, 4):
        pair_round(tournament, number, RoundState.COMPLETED)

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/players/renumber/", follow=True)

    assert "Round 4 has been paired" in response.content.decode()


def test_a_bye_for_a_paired_round_is_refused_with_a_message(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)  # type: ignore[arg-type]
    pair_round(tournament, 1, RoundState.PAIRED)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/player/1/bye/",
        {"round_number": "1", "kind": "H"},
        follow=True,
    )

    assert "Round 1 is already paired" in response.content.decode()
    assert not Bye.objects.exists()


def test_withdrawing_and_reinstating_a_player(arbiter_client: Client, arbiter: object) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)  # type: ignore[arg-type]
    base = f"/t/{tournament.slug}/manage/player/2/"

    arbiter_client.post(base + "withdraw/", {"from_round": "2"})
    assert tournament.players.get(pairing_number=2).status == PlayerStatus.WITHDRAWN
    notice = arbiter_client.post(base + "reinstate/")  # a Level-2 notice first
    assert tournament.players.get(pairing_number=2).status == PlayerStatus.WITHDRAWN
    token = re.search(r'name="confirmation" value="([^"]+)"', notice.content.decode())
    assert token is not None
    arbiter_client.post(base + "reinstate/", {"confirmation": token.group(1)})

    assert tournament.players.get(pairing_number=2).status == PlayerStatus.ACTIVE


def test_correcting_a_player_saves_or_shows_the_error(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)  # type: ignore[arg-type]
    url = f"/t/{tournament.slug}/manage/player/2/details/"

    page = arbiter_client.get(f"/t/{tournament.slug}/manage/player/2/").content.decode()
    assert "Save the details" in page
    bad = arbiter_client.post(url, {"name": "Verdi, Ugo", "rating": "9999"})
    assert bad.status_code == 400
    assert "from 0 to 3500" in bad.content.decode()
    assert tournament.players.get(pairing_number=2).name != "Verdi, Ugo"

    good = arbiter_client.post(url, {"name": "Verdi, Ugo", "rating": "1500", "federation": "ita"})
    assert good.status_code == 302
    player = tournament.players.get(name="Verdi, Ugo")
    assert (player.fide_rating, player.federation) == (1500, "ITA")


def test_manage_pages_refuse_get_for_changes(arbiter_client: Client, arbiter: object) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)  # type: ignore[arg-type]

    assert arbiter_client.get(f"/t/{tournament.slug}/manage/players/renumber/").status_code == 405


def test_the_settings_page_saves_and_shows_refusals(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(8, rounds=5, arbiter=arbiter)  # type: ignore[arg-type]
    page = arbiter_client.get(f"/t/{tournament.slug}/manage/edit/").content.decode()
    assert 'value="Bologna"' in page
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    data["rounds"] = "7"

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/edit/", data)

    assert response.status_code == 302
    assert tournament.round_set.count() == 7
    pair_round(tournament, 1, RoundState.PAIRED)
    data["points_draw"] = "0"
    response = arbiter_client.post(f"/t/{tournament.slug}/manage/edit/", data)
    assert "Round 1 is paired" in response.content.decode()


def test_the_dashboard_says_what_to_do_next(arbiter_client: Client, arbiter: object) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)  # type: ignore[arg-type]
    url = f"/t/{tournament.slug}/manage/"

    assert "Pair round 1." in arbiter_client.get(url).content.decode()
    pair_round(tournament, 1, RoundState.PUBLISHED)
    html = arbiter_client.get(url).content.decode()

    assert "Enter the results of round 1." in html
    assert f'href="/t/{tournament.slug}/manage/round/1/results/"' in html


def test_the_tie_break_menu_names_recorded_codes_and_refuses_a_repeated_one(
    arbiter_client: Client, arbiter: object
) -> None:
    tournament = tournament_with_players(2, rounds=5, arbiter=arbiter)  # type: ignore[arg-type]
    page = arbiter_client.get(f"/t/{tournament.slug}/manage/edit/").content.decode()
    assert (
        '<option value="BC">BC — Board count (team knock-out): recorded, not computed</option>'
        in page
    )
    data = {
        key: "" if value is None else str(value)
        for key, value in TournamentForm.initial_for(tournament).items()
    }
    data |= {"tiebreak_1": "BH", "tiebreak_2": "SB", "tiebreak_3": "BH"}

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/edit/", data)

    assert "A tie-break is listed twice: BH." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.tiebreaks != ["BH", "SB", "BH"]
