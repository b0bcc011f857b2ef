"""A tournament's FIDE lists through the HTTP layer (issue 29; VCL4THP Q118, Q123-Q144): the
effective rapid list, the sequence of lists, the ratings of the other lists for a player missing
from the first, the source kept per rating (manual marked), the warning when a list is not the
one valid at the start, and the update of chosen players after a preview."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from tests.factories import PlayerFactory, TournamentRoleFactory, UserFactory
from tests.tournaments.conftest import tournament_with_players
from tests.tournaments.ratinglists.conftest import OCTOBER, import_sample
from tournaments.domain.ratinglists import ListKind
from tournaments.models import AuditEntry, Player, RatingList, Tournament

pytestmark = pytest.mark.django_db

FISCHER, JENSEN, NGUYEN, AALTO = "6600409", "9900801", "1101306", "4100011"
"""Fischer: standard 2087, no rapid, blitz 1994. Jensen: standard 1824 only. Nguyen: rapid
1620, blitz 1599, no standard. Aalto: 2634 / 2601 / 2655."""


@pytest.fixture
def per_rate_lists(db: None) -> dict[str, RatingList]:
    """FIDE's three per-rate lists of October 2026 (a player is on a list only when rated)."""
    return {
        rate: import_sample(f"{rate}_oct26frl.zip", ListKind(f"fide_{rate}"))
        for rate in ("standard", "rapid", "blitz")
    }


def players_page(client: Client, tournament: Tournament) -> str:
    arbiter = UserFactory.create(username="chief")
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    client.force_login(arbiter)
    return f"/t/{tournament.slug}/manage/players/"


def tournament_of(rate: str, start: datetime.date | None = OCTOBER) -> Tournament:
    tournament = tournament_with_players(0)
    Tournament.objects.filter(pk=tournament.pk).update(rating_kind=rate, start_date=start)
    tournament.refresh_from_db()
    return tournament


def register(client: Client, page: str, fide_id: str, name: str, rating: int) -> Player:
    response = client.post(page, {"name": name, "fide_id": fide_id, "rating": str(rating)})
    assert response.status_code == 302, response.content.decode()[:2000]
    return Player.objects.get(fide_id=fide_id)


def test_a_rapid_tournament_finds_a_player_missing_from_the_rapid_list_at_his_standard_rating(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q118 (effective rapid list), Q128 (the other lists' ratings shown), Q129 (one picked)."""
    page = players_page(client, tournament_of("rapid"))
    rapid_list = per_rate_lists["rapid"]
    assert not rapid_list.players.filter(fide_id=FISCHER).exists()

    found = client.get(page + "list-search/", {"q": "fisch"}).content.decode()

    assert "Fischer, Jonas" in found and "2087 (standard)" in found
    assert "1994 (blitz)" in found and "rate=blitz" in found  # another list, to pick
    standard_entry = per_rate_lists["standard"].players.get(fide_id=FISCHER)
    filled = client.get(page, {"from_list": standard_entry.pk}).content.decode()
    assert 'value="2087"' in filled
    picked = client.get(
        page, {"from_list": str(standard_entry.pk), "rate": "blitz"}
    ).content.decode()
    assert 'value="1994"' in picked and 'value="2087"' not in picked


def test_the_default_sequences_are_the_checklists_and_the_page_shows_them(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q123: standard → rapid → blitz; effective rapid → blitz; effective blitz → rapid."""
    standard = client.get(players_page(client, tournament_of("standard"))).content.decode()
    assert "FIDE standard → FIDE rapid → FIDE blitz" in standard
    client.logout()
    blitz_tournament = tournament_of("blitz")
    blitz_tournament.slug += "-b"
    blitz_tournament.save()
    arbiter = UserFactory.create(username="second")
    TournamentRoleFactory.create(tournament=blitz_tournament, user=arbiter)
    client.force_login(arbiter)
    blitz = client.get(f"/t/{blitz_tournament.slug}/manage/players/").content.decode()
    assert "Effective blitz (blitz, else standard) → FIDE rapid" in blitz


def test_the_sequence_is_reordered_narrowed_and_extended_recorded_and_checked(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q124, Q126: lists excluded, added and reordered; a list given twice is refused."""
    tournament = tournament_of("standard")
    page = players_page(client, tournament)

    client.post(
        page + "rating-sequence/",
        {"list_1": "fide_blitz", "list_2": "fide_standard", "check": "on"},
    )
    tournament.refresh_from_db()
    assert tournament.rating_sequence == ["fide_blitz", "fide_standard"]
    assert AuditEntry.objects.filter(
        tournament=tournament, new_value="rating lists: fide_blitz → fide_standard"
    ).exists()
    # A player on both lists now gets the blitz rating; one only on the standard list, that one.
    assert register(client, page, AALTO, "Aalto, Mikko", 2655).rating_source == "blitz"
    assert register(client, page, JENSEN, "Jensen, Ole", 1824).rating_source == "standard"

    refused = client.post(
        page + "rating-sequence/", {"list_1": "fide_rapid", "list_2": "fide_rapid"}, follow=True
    ).content.decode()
    assert "fide_rapid is given twice" in refused
    tournament.refresh_from_db()
    assert tournament.rating_sequence == ["fide_blitz", "fide_standard"]
    client.post(page + "initial-ranking/", {"rating_kind": "rapid", "criterion": "name"})
    tournament.refresh_from_db()
    assert tournament.rating_sequence == []  # the new rate's default sequence


def test_the_source_of_each_rating_is_kept_and_shown_and_a_hand_typed_one_is_manual(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q127, Q131, Q132, Q134."""
    tournament = tournament_of("rapid")
    page = players_page(client, tournament)

    fischer = register(client, page, FISCHER, "Fischer, Jonas", 2087)
    aalto = register(client, page, AALTO, "Aalto, Mikko", 2500)
    unknown = register(client, page, "12345678", "Nobody, Anna", 1500)

    assert (fischer.rating_source, fischer.rating_list_date) == ("standard", OCTOBER)
    assert (aalto.rating_source, aalto.rating_list_date) == ("manual", None)
    assert unknown.rating_source == "manual"
    html = client.get(page).content.decode()
    assert "FIDE standard list, 2026-10" in html and ">manual</span>" in html
    player_page = f"{page.removesuffix('players/')}player/{aalto.pairing_number}/"
    assert ">manual</span>" in client.get(player_page).content.decode()


def test_a_december_tournament_with_the_october_list_is_warned(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q135, Q141: the list in force is not the one valid at the start."""
    late = tournament_of("standard", datetime.date(2026, 12, 5))
    html = client.get(players_page(client, late)).content.decode()
    assert "The FIDE standard list of 2026-10-01 is not the list valid on 2026-12-05" in html
    on_time = tournament_of("standard", datetime.date(2026, 10, 20))
    on_time.slug += "-x"
    on_time.save()
    TournamentRoleFactory.create(tournament=on_time, user=UserFactory.create(username="other"))
    client.force_login(on_time.roles.get().user)
    assert (
        "is not the list valid"
        not in client.get(f"/t/{on_time.slug}/manage/players/").content.decode()
    )


def test_chosen_players_are_previewed_then_only_they_are_updated(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q133, Q142, Q144: the preview names each change; only the chosen players change."""
    tournament = tournament_of("standard")
    page = players_page(client, tournament)
    fischer = PlayerFactory.create(
        tournament=tournament,
        pairing_number=1,
        name="Fischer, Jonas",
        fide_id=FISCHER,
        fide_rating=2000,
        federation="GER",
    )
    nguyen = PlayerFactory.create(
        tournament=tournament,
        pairing_number=2,
        name="Nguyen, Thi Lan",
        fide_id=NGUYEN,
        fide_rating=1500,
        federation="VIE",
    )
    listed = client.get(page).content.decode()
    assert f'name="player" value="{fischer.pk}"' in listed
    assert f'name="player" value="{nguyen.pk}"' in listed

    preview = client.get(page + "update-from-list/preview/", {"player": str(nguyen.pk)})
    text = preview.content.decode()
    assert "Nguyen, Thi Lan" in text and "Fischer" not in text
    assert "1500 → <strong>1620</strong>" in text  # no standard rating: the rapid list's
    assert Player.objects.get(pk=nguyen.pk).fide_rating == 1500  # nothing changed yet
    untouched = client.get(page + "update-from-list/preview/", {"ticked": "1"}).content.decode()
    assert "No chosen player differs" in untouched  # every box left unticked

    response = client.post(page + "update-from-list/", {"player": str(nguyen.pk)})
    assert response.status_code == 302
    nguyen.refresh_from_db()
    fischer.refresh_from_db()
    assert (nguyen.fide_rating, nguyen.rating_source) == (1620, "rapid")
    assert fischer.fide_rating == 2000  # not chosen
    note = AuditEntry.objects.get(tournament=tournament, entity_id=nguyen.pk).note
    assert note == "updated from the FIDE rapid list of 2026-10-01"


def test_the_check_against_the_lists_can_be_switched_off_and_on(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Q138: off, no differences are listed and the update is refused; on again, they are."""
    tournament = tournament_of("standard")
    page = players_page(client, tournament)
    PlayerFactory.create(
        tournament=tournament,
        pairing_number=1,
        name="Jensen, Ole",
        fide_id=JENSEN,
        fide_rating=1700,
    )
    assert "Differences from the rating lists" in client.get(page).content.decode()

    client.post(page + "rating-sequence/", {"list_1": "fide_standard"})  # box left unticked
    tournament.refresh_from_db()
    assert tournament.list_check is False
    html = client.get(page).content.decode()
    assert "Differences from the rating lists" not in html
    assert "not compared with the players" in html
    refused = client.post(page + "update-from-list/", follow=True).content.decode()
    assert "The check against the rating lists is switched off" in refused
    assert tournament.players.get().fide_rating == 1700

    client.post(page + "rating-sequence/", {"list_1": "fide_standard", "check": "on"})
    assert "Differences from the rating lists" in client.get(page).content.decode()


def test_a_rapid_tournament_with_only_the_standard_list_searches_it(client: Client) -> None:
    """Q118: the effective rapid list is the standard list when no rapid list is stored."""
    import_sample("standard_oct26frl.zip", ListKind.FIDE_STANDARD)
    page = players_page(client, tournament_of("rapid"))
    assert 'id="list-search-input"' in client.get(page).content.decode()
    found = client.get(page + "list-search/", {"q": "jens"}).content.decode()
    assert "Jensen, Ole" in found and "1824 (standard)" in found


def test_one_letter_gets_a_hint_instead_of_nothing(
    client: Client, per_rate_lists: dict[str, RatingList]
) -> None:
    """Issue 31: a single letter searched nothing, silently."""
    page = players_page(client, tournament_of("rapid"))

    found = client.get(page + "list-search/", {"q": "f"}).content.decode()

    assert "Type at least two letters of the name, or the FIDE ID." in found
