"""Push (issue 22): server-sent events announce a tournament's new versions; off by default."""

from __future__ import annotations

from collections.abc import Iterator
from typing import cast

import pytest
from django.contrib.auth.models import User
from django.http import StreamingHttpResponse
from django.test import Client, override_settings

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Game, Result, RoundState, Tournament
from tournaments.services.results import game_enter_result
from tournaments.versions import forget_versions, tournament_version

pytestmark = pytest.mark.django_db


def _in_play(arbiter: User) -> Tournament:
    tournament = tournament_with_players(4, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    return tournament


@override_settings(PUBLIC_PUSH_SECONDS=3)
def test_the_stream_announces_the_version_then_each_change(client: Client, arbiter: User) -> None:
    tournament = _in_play(arbiter)
    response = cast(StreamingHttpResponse, client.get(f"/t/{tournament.slug}/events/"))
    assert response.streaming
    assert response["Content-Type"] == "text/event-stream"
    assert not response.cookies
    events = iter(cast(Iterator[bytes], response.streaming_content))
    first = next(events).decode()
    assert f"data: {tournament_version(tournament.slug)}\n" in first
    assert first.startswith("retry: ") and "event: version\n" in first

    game = Game.objects.get(round__tournament=tournament, board=1)
    game_enter_result(game=game, result=Result.DRAW, by=arbiter, expected_previous="")

    second = next(events).decode()
    assert second == f"event: version\ndata: {tournament_version(tournament.slug)}\n\n"
    assert second not in first


@override_settings(PUBLIC_PUSH_SECONDS=1)
def test_the_stream_ends_quietly_when_nothing_changes(client: Client, arbiter: User) -> None:
    tournament = _in_play(arbiter)

    response = cast(StreamingHttpResponse, client.get(f"/t/{tournament.slug}/events/"))

    assert response.streaming
    assert len(list(cast(Iterator[bytes], response.streaming_content))) == 1


@override_settings(PUBLIC_PUSH_SECONDS=1)
def test_a_page_in_play_listens_and_a_completed_one_does_not(client: Client, arbiter: User) -> None:
    tournament = _in_play(arbiter)
    url = f"/t/{tournament.slug}/round/1/"
    html = client.get(url).content.decode()
    assert f'data-events="/t/{tournament.slug}/events/"' in html
    assert "js/live-version" in html and "version-changed from:body" in html

    tournament.round_set.filter(number=1).update(state=RoundState.COMPLETED)
    Game.objects.filter(round__tournament=tournament).update(result=Result.DRAW)
    Tournament.objects.filter(pk=tournament.pk).update(revision=tournament.revision + 1)
    forget_versions(tournament)  # as audit()

    assert "data-events" not in client.get(url).content.decode()


def test_push_is_off_by_default(client: Client, arbiter: User) -> None:
    tournament = _in_play(arbiter)

    assert client.get(f"/t/{tournament.slug}/events/").status_code == 404
    assert "data-events" not in client.get(f"/t/{tournament.slug}/round/1/").content.decode()


@override_settings(PUBLIC_PUSH_SECONDS=1)
def test_an_unknown_tournament_has_no_stream(client: Client) -> None:
    assert client.get("/t/no-such-tournament/events/").status_code == 404
