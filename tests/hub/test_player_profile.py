"""A player's profile: their tournaments with score, rank and performance (issue 35)."""

from __future__ import annotations

import pytest
from django.test import Client

from hub.selectors import player_profile
from standings.selectors import tournament_standings
from tests.factories import PlayerFactory, TournamentFactory
from tests.hub.fixtures import BEFORE_ROUND_3, imported
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_profile_gives_the_public_standings_of_each_tournament() -> None:
    finished = imported("finished", fide_ids={1: "4100018"})
    running = imported("running", BEFORE_ROUND_3, fide_ids={1: "4100018"})

    profile = player_profile(fide_id="4100018")

    assert profile is not None
    by_slug = {entry.tournament.slug: entry for entry in profile.entries}
    for tournament, rounds in ((finished, 6), (running, 2)):
        line = tournament_standings(tournament=tournament).line(1)
        entry = by_slug[tournament.slug]
        assert (entry.after_round, entry.rank, entry.points) == (rounds, line.rank, line.points)
        assert entry.ranked == 14
    assert by_slug["finished"].final
    assert not by_slug["running"].final


def test_the_performance_is_the_tpr_of_c07_10_2() -> None:
    fide_ids = {number: f"41{number:05}" for number in range(1, 15)}
    tournament = imported("finished", fide_ids=fide_ids)
    # The same tournament ranked with TPR as its tie-break: the standings' own column
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["TPR"])
    tournament.refresh_from_db()
    standings = tournament_standings(tournament=tournament)

    for line in standings.lines:
        profile = player_profile(fide_id=line.player.fide_id)
        assert profile is not None
        assert profile.entries[0].performance == line.values[0], line.player.name
    assert {line.values[0] for line in standings.lines} != {None}


def test_a_tournament_without_a_completed_round_shows_no_standing() -> None:
    tournament = TournamentFactory.create()
    PlayerFactory.create(tournament=tournament, fide_id="777", pairing_number=1)

    profile = player_profile(fide_id="777")

    assert profile is not None
    assert (profile.entries[0].after_round, profile.entries[0].rank) == (0, None)


def test_an_unknown_or_malformed_fide_id_has_no_profile() -> None:
    imported("finished", fide_ids={1: "4100018"})

    assert player_profile(fide_id="4100019") is None
    assert player_profile(fide_id="41000１8") is None
    assert player_profile(fide_id="x") is None


def test_a_name_profile_holds_only_entries_without_a_fide_id() -> None:
    first, second = TournamentFactory.create(), TournamentFactory.create()
    PlayerFactory.create(tournament=first, name="Rossi, Mario", fide_id="", pairing_number=1)
    PlayerFactory.create(tournament=second, name="Rossi, Mario", fide_id="861", pairing_number=1)

    profile = player_profile(name="Rossi, Mario")

    assert profile is not None
    assert profile.by_name
    assert [entry.tournament for entry in profile.entries] == [first]


def test_the_page_links_each_tournament_to_the_players_card(client: Client) -> None:
    imported("finished", fide_ids={3: "4100018"})

    response = client.get("/players/fide/4100018/")

    assert response.status_code == 200
    assert 'href="/t/finished/player/3/"' in response.content.decode()


def test_the_page_of_a_name_profile_says_it_is_matched_by_name(client: Client) -> None:
    imported("finished")

    response = client.get("/players/name/Bruno/")

    assert response.status_code == 200
    assert "matched by the name alone" in response.content.decode()


@pytest.mark.parametrize("url", ["/players/fide/123/", "/players/fide/abc/", "/players/name/Zed/"])
def test_an_unknown_player_is_404(client: Client, url: str) -> None:
    imported("finished")

    assert client.get(url).status_code == 404


def test_the_profile_page_is_revalidated_with_304(client: Client) -> None:
    imported("finished", fide_ids={1: "4100018"})
    etag = client.get("/players/fide/4100018/")["ETag"]

    assert client.get("/players/fide/4100018/", headers={"if-none-match": etag}).status_code == 304
