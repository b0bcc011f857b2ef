"""Registering from the list in force: which list a tournament uses, the search as the arbiter
types (ID or name), the form it fills, the consistency check and its update (recorded)."""

from __future__ import annotations

import datetime
import json

import pytest
from django.test import Client

from tests.factories import PlayerFactory, TournamentRoleFactory, UserFactory
from tests.tournaments.conftest import pair_round, tournament_with_players
from tests.tournaments.ratinglists.conftest import OCTOBER, SAMPLES, import_sample
from tests.tournaments.ratinglists.fide_files import SAMPLE_PLAYERS
from tests.tournaments.views.confirming import confirm, dialog_level, is_dialog
from tournaments.domain.ratinglists import ListKind
from tournaments.models import AuditEntry, RatedPlayer, RatingList, RoundState, Tournament
from tournaments.selectors.ratinglists import list_in_force, rated_players_search
from tournaments.services.ratinglists import rating_list_import

pytestmark = pytest.mark.django_db


def names(found: list[RatedPlayer]) -> list[str]:
    return [rated.name for rated in found]


def test_the_list_in_force_is_the_latest_before_the_start_of_the_tournaments_rate() -> None:
    combined = import_sample("players_list.zip", ListKind.FIDE_COMBINED)
    rapid = import_sample("rapid_oct26frl.zip", ListKind.FIDE_RAPID)
    later = import_sample("players_list.zip", ListKind.FIDE_COMBINED, datetime.date(2026, 12, 1))
    tournament = tournament_with_players(0)
    tournament.start_date = datetime.date(2026, 11, 15)
    assert list_in_force(tournament) == combined
    tournament.rating_kind = "rapid"
    assert list_in_force(tournament) == rapid
    tournament.start_date = None
    assert list_in_force(tournament) == later


def test_the_search_finds_by_id_prefix_by_name_prefix_and_by_several_words(
    combined_list: RatingList,
) -> None:
    assert names(rated_players_search(combined_list, "41000")) == ["Aalto, Mikko"]
    assert names(rated_players_search(combined_list, "lamb")) == [
        "Lambert, Sophie",
        "Lamberti, Paolo",
    ]
    assert names(rated_players_search(combined_list, "Lambert, s")) == ["Lambert, Sophie"]
    assert names(rated_players_search(combined_list, "garcia lo")) == ["Garcia Lopez, Maria"]
    assert rated_players_search(combined_list, "l") == []
    assert rated_players_search(combined_list, "zz") == []


def arbiter_page(client: Client, tournament: Tournament) -> str:
    arbiter = UserFactory.create(username="chief")
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    return f"/t/{tournament.slug}/manage/players/"


def test_the_search_fragment_lists_the_matches_with_the_rating_of_the_tournaments_rate(
    client: Client, combined_list: RatingList
) -> None:
    tournament = tournament_with_players(0)
    tournament.rating_kind = "blitz"
    tournament.save()
    page = arbiter_page(client, tournament)
    response = client.get(page + "list-search/", {"q": "aalto"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    aalto = combined_list.players.get(fide_id="4100011")
    assert f"?from_list={aalto.pk}" in html and "2655" in html  # the blitz rating
    assert (
        "No player of the list matches"
        in client.get(page + "list-search/", {"q": "qq"}).content.decode()
    )


def test_choosing_a_match_fills_every_field_of_the_registration_form(
    client: Client, combined_list: RatingList
) -> None:
    tournament = tournament_with_players(0)
    page = arbiter_page(client, tournament)
    barros = combined_list.players.get(fide_id="5200042")
    response = client.get(page, {"from_list": barros.pk}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<form method="post"')  # the fragment only
    for value in (
        'value="Barros, Ines"',
        'value="2422"',
        'value="POR"',
        'value="5200042"',
        'value="1996"',
    ):
        assert value in html
    assert '<option value="IM" selected>' in html and '<option value="w" selected>' in html


def test_the_consistency_check_lists_the_players_who_differ_and_updates_them_recorded(
    client: Client, combined_list: RatingList
) -> None:
    tournament = tournament_with_players(0)
    page = arbiter_page(client, tournament)
    aalto, barros, castell = SAMPLE_PLAYERS[:3]
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=1,
        name=aalto.name,
        fide_id="4100011",
        fide_rating=2634,
        title="GM",
        federation="FIN",
    )
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=2,
        name=barros.name,
        fide_id="5200042",
        fide_rating=2400,
        title="WGM",
        federation="POR",
    )
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=3,
        name=castell.name,
        fide_id="3300107",
        fide_rating=2301,
        title="FM",
        federation="AND",
    )
    html = client.get(page).content.decode()
    assert "Differences from the rating list" in html
    assert (
        "(rating, title)" in html
        and "(federation)" in html
        and "Aalto" not in html.split("Differences")[1].split("Registered players")[0]
    )
    response = client.post(page + "update-from-list/")
    assert response.status_code == 302
    players = {
        p.fide_id: (p.fide_rating, p.title, p.federation, p.pairing_number)
        for p in tournament.players.all()
    }
    assert players["5200042"] == (2422, "IM", "POR", 2)  # now rated above Castell
    assert players["3300107"] == (2301, "FM", "ESP", 3)
    notes = list(
        AuditEntry.objects.filter(tournament=tournament, entity="player").values_list(
            "note", flat=True
        )
    )
    assert (
        notes.count("updated from the FIDE combined list (standard, rapid, blitz) of 2026-10-01")
        == 2
    )
    assert "Differences from the rating lists" not in client.get(page).content.decode()


def test_after_round_one_the_update_asks_level_3_and_keeps_the_pairing_numbers(
    client: Client, combined_list: RatingList
) -> None:
    """VCL Q143-Q144: the consistency check stays after round 1; the update then needs a
    Level-3 confirmation, and the pairing numbers stay as they are."""
    tournament = tournament_with_players(2)
    page = arbiter_page(client, tournament)
    tournament.players.filter(pairing_number=2).update(fide_id="4100011")
    pair_round(tournament, 1, RoundState.PUBLISHED)
    assert "Differences from the rating lists" in client.get(page).content.decode()

    asked = client.post(page + "update-from-list/")
    assert is_dialog(asked) and dialog_level(asked) == 3
    assert tournament.players.get(pairing_number=2).fide_rating == 2480  # nothing yet

    done = confirm(client, page + "update-from-list/", {})
    assert done.status_code == 302
    aalto = tournament.players.get(fide_id="4100011")
    assert (aalto.fide_rating, aalto.pairing_number) == (2634, 2)  # above no. 1, not renumbered


def test_the_rate_is_chosen_before_round_one_and_recorded(client: Client) -> None:
    tournament = tournament_with_players(2)
    page = arbiter_page(client, tournament)
    client.post(page + "initial-ranking/", {"rating_kind": "rapid", "criterion": "name"})
    tournament.refresh_from_db()
    assert tournament.rating_kind == "rapid"
    new_value = "Rapid ratings, then Alphabetical order"
    assert AuditEntry.objects.filter(tournament=tournament, new_value=new_value).exists()
    pair_round(tournament, 1, RoundState.PUBLISHED)
    response = client.post(
        page + "initial-ranking/", {"rating_kind": "blitz", "criterion": "name"}, follow=True
    )
    assert "Round 1 is paired: the rating and the order" in response.content.decode()


def test_only_officers_import_lists(client: Client) -> None:
    client.force_login(UserFactory.create(username="someone"))
    assert client.get("/rating-lists/").status_code == 403
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    assert client.get("/rating-lists/").status_code == 200


def test_an_officer_uploads_a_list_and_a_bad_file_is_refused_with_its_lines(client: Client) -> None:
    from tests.tournaments.ratinglists.conftest import SAMPLES

    client.force_login(UserFactory.create(username="officer", is_staff=True))
    with (SAMPLES / "standard_oct26frl_xml.zip").open("rb") as upload:
        response = client.post(
            "/rating-lists/", {"file": upload, "kind": "fide_standard"}, follow=True
        )
    assert "FIDE standard list of 2026-10-01 imported: 14 players." in response.content.decode()
    bad = SAMPLES / "national_fra.csv"
    with bad.open("rb") as upload:
        response = client.post(
            "/rating-lists/", {"file": upload, "kind": "fide", "date": "2026-10-01"}
        )
    assert response.status_code == 400
    assert "line 1: not a FIDE TXT list header" in response.content.decode()
    assert RatingList.objects.get().date == OCTOBER


def test_a_player_no_longer_on_the_list_gives_an_empty_form_fragment(
    client: Client, combined_list: RatingList
) -> None:
    tournament = tournament_with_players(0)
    page = arbiter_page(client, tournament)
    response = client.get(page, {"from_list": "999999999"}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.lstrip().startswith('<form method="post"') and "<html" not in html
    assert 'id="id_name"' in html and "Aalto" not in html


def test_a_national_list_in_force_fills_the_national_rating(
    client: Client, combined_list: RatingList
) -> None:
    """VCL Q145: the national rating the NRO/FIDON/NIDOF/HBFN methods read comes from the
    national list of the tournament's federation, found by FIDE ID."""
    mapping = json.loads((SAMPLES / "national_fra.mapping.json").read_text())
    with (SAMPLES / "national_fra.csv").open("rb") as stream:
        rating_list_import(
            stream=stream,
            kind=ListKind.NATIONAL,
            date=OCTOBER,
            source_name="national_fra.csv",
            by=None,
            federation="FRA",
            mapping=mapping,
        )
    french = tournament_with_players(0)
    Tournament.objects.filter(pk=french.pk).update(federation="FRA", rating_method="NIDOF")
    dubois = combined_list.players.get(fide_id="1100203")

    filled = client.get(arbiter_page(client, french), {"from_list": dubois.pk}).content.decode()
    italian = tournament_with_players(0)
    other = client.get(arbiter_page(client, italian), {"from_list": dubois.pk}).content.decode()

    assert (
        'value="2218"' in filled and 'value="2231"' in filled
    )  # the national standard rating (FIDE: 2218)
    assert 'value="2218"' in other and 'value="2231"' not in other
