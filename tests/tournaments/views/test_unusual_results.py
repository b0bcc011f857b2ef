"""Issue 15 (checklist Q180, Q185): the unusual results of a played game (½-0, 0-½, 0-0) and the
not-rated W/D/L results are entered through HTTP like the others, and reach the standings and
the TRF export as the two players' own codes."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.domain.state import Outcome
from tournaments.domain.trf import parse_trf
from tournaments.models import Game, Result, RoundState

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
# Each result, its key on the page, and the TRF codes it gives White and Black.
NEW_RESULTS = [
    (Result.HALF_ZERO, "q", ("=", "0")),
    (Result.ZERO_HALF, "p", ("0", "=")),
    (Result.ZERO_ZERO, "x", ("0", "0")),
    (Result.WHITE_WINS_UNRATED, "w", ("W", "L")),
    (Result.DRAW_UNRATED, "d", ("D", "D")),
    (Result.BLACK_WINS_UNRATED, "l", ("L", "W")),
]


def test_the_page_offers_each_new_result_with_its_key(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    html = arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/results/").content.decode()

    for result, key, _ in NEW_RESULTS:
        assert f'value="{result.value}" data-key="{key}"' in html


@pytest.mark.parametrize(("result", "key", "codes"), NEW_RESULTS, ids=lambda v: str(v))
def test_each_new_result_is_entered_scored_and_exported(
    arbiter_client: Client, arbiter: User, result: Result, key: str, codes: tuple[str, str]
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/",
        {"result": result.value, "expected": ""},
        headers=HTMX,
    )
    export = arbiter_client.get(f"/t/{tournament.slug}/export.trf")

    assert response.status_code == 200 and 'role="alert"' not in response.content.decode()
    assert Game.objects.get().result == result
    doc = parse_trf(export.content.decode())
    white, black = sorted(doc.players, key=lambda player: player.pairing_number)
    assert (white.rounds[0].outcome.value, black.rounds[0].outcome.value) == codes
    scoring = doc.scoring
    assert (white.points, black.points) == tuple(scoring.points(Outcome(code)) for code in codes)
