"""Standings kept by content and by version (issue 22): a result entered in the round in play
changes the arbiter's live standings at once, the public standings after the completed rounds
stay as they were, and a correction of a completed round changes them."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.factories import TournamentRoleFactory, UserFactory
from tests.standings.selectors.builders import round_in_play
from tests.standings.views.helpers import standings_rows
from tournaments.domain.warnings import Level
from tournaments.models import Game, Result
from tournaments.services.results import game_enter_result

pytestmark = pytest.mark.django_db


def _points(client: Client, url: str) -> dict[str, object]:
    return {row.name: row.values[0] for row in standings_rows(client.get(url).content.decode())}


def test_results_move_the_live_and_public_standings_as_they_should(client: Client) -> None:
    tournament, (anna, boris, chiara, dario) = round_in_play()
    arbiter = UserFactory.create()
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    public = Client()
    client.force_login(arbiter)
    live_url, public_url = "/t/small/manage/standings/", "/t/small/standings/"
    assert _points(client, live_url) == {"Anna": 2, "Boris": 0.5, "Chiara": 0.5, "Dario": 0}
    assert _points(public, public_url) == {"Anna": 1, "Boris": 0.5, "Chiara": 0.5, "Dario": 0}

    pending = Game.objects.get(round__tournament=tournament, round__number=2, board=2)
    game_enter_result(game=pending, result=Result.BLACK_WINS, by=arbiter, expected_previous="")

    assert _points(client, live_url) == {"Anna": 2, "Boris": 1.5, "Chiara": 0.5, "Dario": 0}
    after_two = _points(public, public_url)  # round 2 is completed now: the default
    assert after_two == {"Anna": 2, "Boris": 1.5, "Chiara": 0.5, "Dario": 0}
    after_one = f"{public_url}?round=1"
    assert _points(public, after_one) == {"Anna": 1, "Boris": 0.5, "Chiara": 0.5, "Dario": 0}

    first = Game.objects.get(round__tournament=tournament, round__number=1, board=1)
    game_enter_result(
        game=first,
        result=Result.DRAW,
        by=arbiter,
        expected_previous=Result.WHITE_WINS,
        confirmed=Level.DOUBLE_CONFIRM,
    )

    assert _points(public, after_one) == {"Anna": 0.5, "Boris": 0.5, "Chiara": 0.5, "Dario": 0.5}
