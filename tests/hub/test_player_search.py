"""The search for players across every public tournament (issue 35, deliverable 1)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client

from hub.selectors import MAX_RESULTS, player_search
from tests.factories import PlayerFactory, TournamentFactory
from tests.hub.fixtures import BEFORE_ROUND_3, imported

pytestmark = pytest.mark.django_db


def test_it_finds_a_name_by_any_part_in_any_case_across_tournaments() -> None:
    imported("first", fide_ids={1: "4100018"})
    imported("second", BEFORE_ROUND_3, fide_ids={1: "4100018"})

    search = player_search("LIC")

    assert [(person.name, person.fide_id, person.tournaments) for person in search.found] == [
        ("Alice", "4100018", 2)
    ]
    assert not search.more


def test_every_word_must_be_in_the_name_in_any_order() -> None:
    tournament = TournamentFactory.create()
    PlayerFactory.create(tournament=tournament, name="Carlsen, Magnus", pairing_number=1)
    PlayerFactory.create(tournament=tournament, name="Carlsen, Henrik", pairing_number=2)

    assert [person.name for person in player_search("magnus carl").found] == ["Carlsen, Magnus"]
    assert [person.name for person in player_search("carlsen,").found] == [
        "Carlsen, Henrik",
        "Carlsen, Magnus",
    ]


def test_a_fide_id_is_found_by_its_first_digits() -> None:
    imported("first", fide_ids={1: "4100018", 2: "4100026", 3: "5100018"})

    assert [person.name for person in player_search("41000").found] == ["Alice", "Bruno"]
    assert [person.name for person in player_search(" 5100018 ").found] == ["Carla"]


def test_entries_without_a_fide_id_are_one_person_by_name_apart_from_those_with_one() -> None:
    first, second = TournamentFactory.create(), TournamentFactory.create()
    PlayerFactory.create(tournament=first, name="Rossi, Mario", fide_id="", pairing_number=1)
    PlayerFactory.create(tournament=second, name="Rossi, Mario", fide_id="", pairing_number=1)
    PlayerFactory.create(tournament=second, name="Rossi, Mario", fide_id="861", pairing_number=2)

    found = player_search("rossi").found

    assert sorted((person.fide_id, person.tournaments) for person in found) == [("", 2), ("861", 1)]


def test_a_query_without_a_three_letter_word_searches_nothing() -> None:
    imported("first")

    assert player_search("al").too_short
    assert player_search("a b c").too_short
    # Digits of another script are no FIDE ID: a name, which nobody has
    assert player_search("٤١٠").found == ()


def test_a_wildcard_in_the_query_is_a_plain_character() -> None:
    imported("first")

    assert player_search("%%%").found == ()
    assert player_search("___").found == ()


def test_a_common_word_lists_the_first_people_and_says_there_are_more() -> None:
    tournament = TournamentFactory.create()
    for number in range(1, MAX_RESULTS + 6):
        PlayerFactory.create(
            tournament=tournament, name=f"Petrov, Ivan {number:03}", pairing_number=number
        )

    search = player_search("petrov")

    assert len(search.found) == MAX_RESULTS
    assert search.found[0].name == "Petrov, Ivan 001"
    assert search.more


@pytest.mark.usefixtures("postgresql_required")
def test_postgresql_has_the_search_indexes() -> None:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'tournaments_player' "
            "AND indexname LIKE 'hub_%%' ORDER BY indexname"
        )
        names = [row[0] for row in cursor.fetchall()]

    assert names == [
        "hub_player_fide_id_prefix",
        "hub_player_name_order",
        "hub_player_name_trigram",
    ]


def test_the_page_lists_each_person_linked_to_the_profile(client: Client) -> None:
    imported("first", fide_ids={1: "4100018"})

    response = client.get("/players/", {"q": "ali"})

    assert response.status_code == 200
    assert 'href="/players/fide/4100018/"' in response.content.decode()


def test_the_page_links_a_player_without_fide_id_to_the_profile_by_name(client: Client) -> None:
    imported("first")

    response = client.get("/players/", {"q": "bruno"})

    assert 'href="/players/name/Bruno/"' in response.content.decode()


def test_the_page_says_when_the_query_is_too_short(client: Client) -> None:
    response = client.get("/players/", {"q": "x"})

    assert "Type at least three letters" in response.content.decode()


def test_an_unchanged_search_is_answered_304(client: Client) -> None:
    imported("first")
    etag = client.get("/players/", {"q": "alice"})["ETag"]

    again = client.get("/players/", {"q": "alice"}, headers={"if-none-match": etag})

    assert again.status_code == 304
