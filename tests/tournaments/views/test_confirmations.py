"""The warning framework through the HTTP layer: a risky POST without its confirmation shows the
dialog and changes nothing; a confirmation is bound to the exact action and cannot be forged,
replayed, reused after a change or downgraded (VCL4THP Q218-Q221)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import (
    HTMX,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tournaments.forms.tournament import TournamentForm
from tournaments.models import Game, PlayerStatus, Result, Tournament

pytestmark = pytest.mark.django_db


def correction_case(arbiter: User) -> tuple[Tournament, str, dict[str, str]]:
    """Round 1 completed (White won every game), round 2 published: the POST that corrects
    round 2's board 1... once entered; here round 1 board 1 from 1-0 to a draw."""
    tournament = tournament_with_players(4, rounds=3, arbiter=arbiter)
    play_rounds(tournament, 1)
    url = f"/t/{tournament.slug}/manage/round/1/results/1/"
    return tournament, url, {"result": Result.DRAW, "expected": Result.WHITE_WINS}


def board_one() -> str:
    return Game.objects.get(round__number=1, board=1).result


def test_a_risky_post_without_confirmation_shows_the_dialog_and_changes_nothing(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q219: a Level-3 warning cannot be skipped by posting the action directly."""
    tournament, url, data = correction_case(arbiter)
    before = snapshot()

    response = arbiter_client.post(url, data)

    assert is_dialog(response) and dialog_level(response) == 3
    page = html(response)
    assert 'name="result" value="1/2-1/2"' in page and 'name="expected" value="1-0"' in page
    assert "Correct round 1, board 1 (1 - 2): 1-0 → ½-½?" in page
    assert snapshot() == before


def test_an_htmx_post_gets_the_dialog_retargeted_into_the_dialog_slot(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament, url, data = correction_case(arbiter)

    response = arbiter_client.post(url, data, headers=HTMX)

    assert response["HX-Retarget"] == "#dialog-slot"
    assert response["HX-Reswap"] == "innerHTML"
    assert html(response).lstrip().startswith('<dialog id="confirmation"')
    assert 'hx-target="#board-1"' in html(response)
    assert board_one() == Result.WHITE_WINS


def test_the_confirmed_post_is_carried_out(arbiter_client: Client, arbiter: User) -> None:
    tournament, url, data = correction_case(arbiter)
    dialog = arbiter_client.post(url, data)

    response = arbiter_client.post(url, {**data, "confirmation": token(dialog)})

    assert response.status_code == 302
    assert board_one() == Result.DRAW


def test_a_forged_token_is_refused_with_a_message_and_changes_nothing(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament, url, data = correction_case(arbiter)
    before = snapshot()

    response = arbiter_client.post(url, {**data, "confirmation": "3:forged"}, follow=True)

    assert "That confirmation is not valid: nothing was done." in html(response)
    assert snapshot() == before


def test_a_token_goes_stale_when_the_tournament_changes_in_between(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament, url, data = correction_case(arbiter)
    dialog = arbiter_client.post(url, data)
    other = Game.objects.get(round__number=2, board=2)
    arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/2/results/{other.board}/",
        {"result": Result.DRAW, "expected": ""},
    )

    response = arbiter_client.post(url, {**data, "confirmation": token(dialog)}, follow=True)

    assert "The tournament or the request changed since you confirmed" in html(response)
    assert board_one() == Result.WHITE_WINS


def test_a_level_3_token_replayed_for_another_value_is_refused(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament, url, data = correction_case(arbiter)
    dialog = arbiter_client.post(url, data)

    response = arbiter_client.post(
        url, {**data, "result": Result.BLACK_WINS, "confirmation": token(dialog)}, follow=True
    )

    assert "The tournament or the request changed since you confirmed" in html(response)
    assert board_one() == Result.WHITE_WINS


def test_a_token_replayed_on_another_action_is_refused(
    arbiter_client: Client, arbiter: User
) -> None:
    tournament, url, data = correction_case(arbiter)
    dialog = arbiter_client.post(url, data)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/round/1/results/2/",
        {**data, "confirmation": token(dialog)},
        follow=True,
    )

    assert "The tournament or the request changed since you confirmed" in html(response)
    assert Game.objects.get(round__number=1, board=2).result == Result.WHITE_WINS


def test_a_level_2_notice_must_be_acknowledged(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q218: the Level-2 notice (here: reinstating a withdrawn player) cannot be skipped."""
    tournament = tournament_with_players(4, rounds=5, arbiter=arbiter)
    play_rounds(tournament, 1, published=False)
    player = tournament.players.get(pairing_number=4)
    player.status, player.withdrawn_from_round = PlayerStatus.WITHDRAWN, 2
    player.save()
    url = f"/t/{tournament.slug}/manage/player/4/reinstate/"
    before = snapshot()

    dialog = arbiter_client.post(url, {})

    assert is_dialog(dialog) and dialog_level(dialog) == 2
    assert "I have read this" in html(dialog)
    assert snapshot() == before
    arbiter_client.post(url, {"confirmation": token(dialog)})
    player.refresh_from_db()
    assert player.status == PlayerStatus.ACTIVE


def test_a_level_4_step_1_token_alone_brings_step_2_and_changes_nothing(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    """Q220, Q221: a Level-4 warning takes two confirmations; one (Level 3) is not enough."""
    tournament = tournament_with_players(4, arbiter=arbiter)
    url = f"/t/{tournament.slug}/manage/fide-mode/leave/"
    before = snapshot()

    first = arbiter_client.post(url, {})
    second = arbiter_client.post(url, {"confirmation": token(first)})

    assert dialog_level(first) == dialog_level(second) == 4
    assert "step 1 of 2" in html(first) and "step 2 of 2" in html(second)
    assert "this cannot be undone" in html(second)
    assert snapshot() == before


def test_a_level_3_confirmation_of_another_action_does_not_pass_a_level_4_one(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q221: no downgrade: a valid Level-3 token for the correction does not confirm leaving
    FIDE mode."""
    tournament, url, data = correction_case(arbiter)
    dialog = arbiter_client.post(url, data)

    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/fide-mode/leave/", {"confirmation": token(dialog)}
    )

    assert "nothing was done" in html(arbiter_client.get(response["Location"]))
    tournament.refresh_from_db()
    assert tournament.fide_mode


def test_no_setting_or_posted_field_switches_the_warnings_off(
    arbiter_client: Client, arbiter: User
) -> None:
    """Q218-Q220: neither the tournament's settings nor a posted field lowers a warning."""
    fields = {field.name for field in Tournament._meta.get_fields()} | set(TournamentForm().fields)
    assert not [name for name in fields if "warn" in name or "confirm" in name]
    tournament, url, data = correction_case(arbiter)

    for extra in ({"warnings": "off"}, {"level": "5"}, {"confirmation": ""}):
        response = arbiter_client.post(url, {**data, **extra})
        assert is_dialog(response) and dialog_level(response) == 3
    assert board_one() == Result.WHITE_WINS
