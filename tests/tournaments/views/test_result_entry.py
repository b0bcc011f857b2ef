"""Result entry page: one row per board, htmx rows, compare-and-set conflicts told."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from pytest_django import DjangoAssertNumQueries

from tests.tournaments.conftest import pair_round, tournament_with_players
from tournaments.models import Game, Result, RoundState

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def test_the_page_lists_every_board_with_its_keys(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(6, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    html = arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/results/").content.decode()

    for board in (1, 2, 3):
        assert f'id="board-{board}"' in html
    assert 'data-key="*"' in html and "double forfeit" in html
    assert "js/result-keys" in html


def test_an_htmx_entry_answers_the_row_and_the_round_state(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/",
        {"result": "1-0", "expected": ""},
        headers=HTMX,
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<tr id="board-1"')
    assert re.search(r'id="round-status" data-version="\d+" hx-swap-oob="true"', html)
    assert "Completed" in html
    assert html.count("data-key=") == 14  # the row keeps its keys (7, and 7 under More)
    assert 'id="results-progress"' in html and "1 of 1 result in" in html
    assert Game.objects.get().result == Result.WHITE_WINS


def test_each_answer_carries_a_later_version_of_the_round_status(
    arbiter_client: Client, arbiter: User
) -> None:
    """The page orders answers arriving out of order by this version (result-keys.js)."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)
    versions = []
    for board in (1, 2):
        html = arbiter_client.post(
            f"/t/{tournament.slug}/manage/round/1/results/{board}/",
            {"result": "1-0", "expected": ""},
            headers=HTMX,
        ).content.decode()
        found = re.findall(r'id="results-progress" class="muted small" data-version="(\d+)"', html)
        versions.append(int(found[0]))
    assert versions[0] < versions[1]


def test_a_stale_entry_is_told_and_keeps_the_stored_result(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED).games.update(result=Result.DRAW)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/",
        {"result": "0-1", "expected": ""},
        headers=HTMX,
    )

    html = response.content.decode()
    assert "changed meanwhile" in html and 'role="alert"' in html
    assert 'name="expected" value="1/2-1/2"' in html
    assert Game.objects.get().result == Result.DRAW


def test_an_unpublished_round_has_no_result_entry(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PAIRED)

    page = arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/results/").content.decode()
    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/",
        {"result": "1-0", "expected": ""},
        follow=True,
    )

    assert "is not published" in page and "board-1" not in page
    assert "is not published" in response.content.decode()
    assert Game.objects.get().result == Result.NOT_PLAYED


def test_an_unknown_result_is_refused(arbiter_client: Client, arbiter: User) -> None:
    tournament = tournament_with_players(2, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/1/",
        {"result": "2-0", "expected": ""},
        headers=HTMX,
    )

    assert "Unknown result" in response.content.decode()
    assert Game.objects.get().result == Result.NOT_PLAYED


def test_the_page_needs_a_fixed_number_of_queries(
    arbiter_client: Client, arbiter: User, django_assert_num_queries: DjangoAssertNumQueries
) -> None:
    tournament = tournament_with_players(40, arbiter=arbiter)
    pair_round(tournament, 1, RoundState.PUBLISHED)

    # session, user, tournament, arbiter check, round, results entered, games with players,
    # the last published round (which rounds may still be corrected in FIDE mode)
    with django_assert_num_queries(8):
        arbiter_client.get(f"/t/{tournament.slug}/manage/round/1/results/")
