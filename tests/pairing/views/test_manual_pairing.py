"""Pairing a round by hand through HTTP (VCL4THP Q63-Q69), on the worked example before round 3:
"Edit pairings", boards and the bye by hand, a Level-3 dialog before any rule break is saved,
refusals, then "Validate pairings" compared with the engine (Level 4 when it differs, an MPA).

Round 3 of the worked example: 1 and 3 are due White, 2 and 4 due Black; 5 played White twice;
2 and 9 met in round 1; 14 had the pairing-allocated bye in round 2. The engine pairs
2-5 3-4 11-6 14-1 7-10 12-8 9-13.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.tournaments.views.confirming import confirm, dialog_level, html, is_dialog, token
from tournaments.models import (
    AuditEntry,
    Bye,
    ByeKind,
    ForbiddenPair,
    Game,
    IntegrityEvent,
    IntegrityEventKind,
    Player,
    Round,
    RoundState,
)
from tournaments.services.availability import bye_request

pytestmark = pytest.mark.django_db

ENGINE = [(2, 5), (3, 4), (11, 6), (14, 1), (7, 10), (12, 8), (9, 13)]


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


def url(rnd: Round, action: str = "") -> str:
    return f"/t/{rnd.tournament.slug}/manage/round/{rnd.number}/pairing/{action}"


def pk(rnd: Round, number: int) -> str:
    return str(Player.objects.get(tournament=rnd.tournament, pairing_number=number).pk)


def pairs(rnd: Round) -> list[tuple[int, int]]:
    return list(
        rnd.games.order_by("board").values_list("white__pairing_number", "black__pairing_number")
    )


def mpa_events() -> list[str]:
    return list(
        IntegrityEvent.objects.filter(kind=IntegrityEventKind.MANUAL_PAIRING)
        .order_by("id")
        .values_list("details", flat=True)
    )


@pytest.fixture
def absent_13(round3: Round, arbiter: User) -> None:
    """Player 13 asked for a half-point bye in round 3: 13 players to pair."""
    bye_request(
        player=Player.objects.get(pk=pk(round3, 13)),
        round_number=3,
        kind=ByeKind.HALF_POINT,
        by=arbiter,
    )


@pytest.fixture
def editing(round3: Round, arbiter_client: Client) -> Round:
    """Round 3 opened with "Edit pairings": an empty draft."""
    response = arbiter_client.post(url(round3, "edit/"))
    assert response.status_code == 302
    assert response["Location"].endswith("/pairing/?edit=1")
    round3.refresh_from_db()
    assert round3.state == RoundState.PAIRED
    assert not round3.games.exists()
    return round3


def pair(client: Client, rnd: Round, white: int, black: int, **headers: str) -> object:
    data = {"white": pk(rnd, white), "black": pk(rnd, black)}
    return client.post(url(rnd, "edit/pair/"), data, headers=headers)


def pair_by_hand(client: Client, rnd: Round, boards: list[tuple[int, int]]) -> None:
    for white, black in boards:
        data = {"white": pk(rnd, white), "black": pk(rnd, black)}
        confirm(client, url(rnd, "edit/pair/"), data)


def test_edit_pairings_opens_an_empty_draft_listing_the_players_to_pair(
    editing: Round, arbiter_client: Client
) -> None:
    page = html(arbiter_client.get(url(editing) + "?edit=1"))

    assert "Validate pairings" in page
    assert "14 players to pair" in page
    assert AuditEntry.objects.filter(note="round 3: pairing by hand started").exists()


def test_a_board_that_breaks_no_rule_is_saved_and_recorded_at_once(
    editing: Round, arbiter_client: Client
) -> None:
    response = pair(arbiter_client, editing, 3, 4)

    assert response.status_code == 302  # type: ignore[attr-defined]
    assert pairs(editing) == [(3, 4)]
    assert mpa_events() == ["board 1: paired by hand, 3-4"]


@pytest.mark.parametrize(
    ("white", "black", "broken"),
    [
        (2, 9, "2 and 9 already played (C.04.3 C.1)"),
        (5, 6, "5 would have a colour difference of +3 (C.04.3 A.6)"),
        (5, 6, "5 would have white three times in a row (C.04.3 A.6)"),
        (2, 1, "2 is due black and 1 is due white: both get the wrong colour (C.04.3 C.10)"),
    ],
    ids=["rematch", "colour-difference", "third-colour-in-a-row", "both-wrong-colours"],
)
def test_a_board_that_breaks_a_rule_takes_a_level_3_confirmation(
    editing: Round, arbiter_client: Client, white: int, black: int, broken: str
) -> None:
    data = {"white": pk(editing, white), "black": pk(editing, black)}
    dialog = arbiter_client.post(url(editing, "edit/pair/"), data)

    assert is_dialog(dialog) and dialog_level(dialog) == 3
    assert broken in html(dialog)
    assert pairs(editing) == [] and mpa_events() == []

    arbiter_client.post(url(editing, "edit/pair/"), {**data, "confirmation": token(dialog)})
    assert pairs(editing) == [(white, black)]
    assert len(mpa_events()) == 1 and mpa_events()[0].startswith(
        f"board 1: paired by hand, {white}-{black} ("
    )


def test_a_prohibited_pair_takes_a_level_3_confirmation(
    editing: Round, arbiter_client: Client
) -> None:
    first, second = (Player.objects.get(pk=pk(editing, n)) for n in (3, 4))
    ForbiddenPair.objects.create(tournament=editing.tournament, first=first, second=second)

    dialog = pair(arbiter_client, editing, 3, 4, **{"HX-Request": "true"})

    assert is_dialog(dialog) and dialog_level(dialog) == 3  # type: ignore[arg-type]
    assert "3 and 4 must not be paired together" in html(dialog)  # type: ignore[arg-type]
    assert pairs(editing) == []


@pytest.mark.usefixtures("absent_13")
def test_a_bye_to_a_player_who_had_one_takes_a_level_3_confirmation(
    editing: Round, arbiter_client: Client
) -> None:
    data = {"player": pk(editing, 14)}
    dialog = arbiter_client.post(url(editing, "edit/bye/"), data)

    assert is_dialog(dialog) and dialog_level(dialog) == 3
    assert "14 already had a pairing-allocated bye" in html(dialog)
    assert not editing.byes.filter(kind=ByeKind.PAIRING_ALLOCATED).exists()

    arbiter_client.post(url(editing, "edit/bye/"), {**data, "confirmation": token(dialog)})
    arbiter_client.post(url(editing, "edit/bye/"), {"player": pk(editing, 12)})
    bye = Bye.objects.get(round=editing, kind=ByeKind.PAIRING_ALLOCATED)
    assert bye.player.pairing_number == 12
    assert mpa_events()[-1] == "bye: 12 (was 14)"


@pytest.mark.parametrize(
    ("white", "black", "message"),
    [
        (3, 3, "cannot be paired with themselves"),
        (3, 5, "is already paired in round 3"),
        (6, 13, "is not to be paired in round 3"),
    ],
    ids=["same-player-twice", "already-paired", "not-to-be-paired"],
)
@pytest.mark.usefixtures("absent_13")
def test_a_player_who_cannot_be_paired_is_refused(
    editing: Round, arbiter_client: Client, white: int, black: int, message: str
) -> None:
    pair(arbiter_client, editing, 3, 4)

    page = html(
        arbiter_client.post(url(editing, "edit/pair/"), _data(editing, white, black), follow=True)
    )

    assert message in page
    assert pairs(editing) == [(3, 4)]


def _data(rnd: Round, white: int, black: int) -> dict[str, str]:
    return {"white": pk(rnd, white), "black": pk(rnd, black)}


def test_an_even_round_gets_no_bye(editing: Round, arbiter_client: Client) -> None:
    page = html(
        arbiter_client.post(url(editing, "edit/bye/"), {"player": pk(editing, 1)}, follow=True)
    )

    assert "even number of players to pair: no bye" in page
    assert not editing.byes.exists()


def test_unpairing_a_board_frees_its_players_and_is_recorded(
    editing: Round, arbiter_client: Client
) -> None:
    pair(arbiter_client, editing, 3, 4)
    game = Game.objects.get(round=editing)

    arbiter_client.post(url(editing, f"edit/unpair/{game.pk}/"))

    assert pairs(editing) == []
    assert mpa_events()[-1] == "board 1: unpaired by hand, 3-4"


def test_validating_an_incomplete_round_is_refused(editing: Round, arbiter_client: Client) -> None:
    pair(arbiter_client, editing, 3, 4)

    page = html(arbiter_client.post(url(editing, "edit/validate/"), follow=True))

    assert "Players 1, 2, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 not paired yet" in page
    editing.refresh_from_db()
    assert editing.state == RoundState.PAIRED


def test_the_engines_pairing_made_by_hand_is_published_without_a_warning(
    editing: Round, arbiter_client: Client
) -> None:
    pair_by_hand(arbiter_client, editing, ENGINE)
    before = mpa_events()

    response = arbiter_client.post(url(editing, "edit/validate/"))

    assert not is_dialog(response)
    editing.refresh_from_db()
    assert editing.state == RoundState.PUBLISHED
    assert sorted(pairs(editing)) == sorted(ENGINE)
    assert mpa_events() == before


def test_a_pairing_that_differs_from_the_engine_takes_level_4_and_is_an_mpa(
    editing: Round, arbiter_client: Client
) -> None:
    mine = [(5, 2), (3, 4), (11, 6), (14, 1), (7, 8), (12, 10), (9, 13)]
    pair_by_hand(arbiter_client, editing, mine)

    step1 = arbiter_client.post(url(editing, "edit/validate/"))
    assert is_dialog(step1) and dialog_level(step1) == 4
    text = html(step1)
    assert "boards the engine does not pair: 7-8, 12-10" in text
    assert "engine boards left out: 7-10, 12-8" in text
    assert "colours other than the engine&#x27;s: 5-2" in text
    step2 = arbiter_client.post(url(editing, "edit/validate/"), {"confirmation": token(step1)})
    assert is_dialog(step2)
    editing.refresh_from_db()
    assert editing.state == RoundState.PAIRED

    arbiter_client.post(url(editing, "edit/validate/"), {"confirmation": token(step2)})

    editing.refresh_from_db()
    assert editing.state == RoundState.PUBLISHED
    event = IntegrityEvent.objects.order_by("id").last()
    assert event is not None and event.kind == IntegrityEventKind.MANUAL_PAIRING
    assert str(event).startswith("### MPA @ Round 3: validated by hand; ")


def test_a_published_round_is_not_paired_by_hand(editing: Round, arbiter_client: Client) -> None:
    pair_by_hand(arbiter_client, editing, ENGINE)
    arbiter_client.post(url(editing, "edit/validate/"))

    start = html(arbiter_client.post(url(editing, "edit/"), follow=True))
    paired = html(
        arbiter_client.post(url(editing, "edit/pair/"), _data(editing, 3, 4), follow=True)
    )

    assert "already published" in start
    assert "is published: it can no longer be paired by hand" in paired


def test_an_edited_engine_draft_is_compared_with_the_engine_when_published_from_the_page(
    round3: Round, arbiter: User, arbiter_client: Client, enqueued: list[int]
) -> None:
    from pairing.services.rounds import round_draft_swap_colours, round_request_pairing
    from pairing.services.runs import pairing_run_execute

    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    page = html(arbiter_client.get(url(round3)))
    assert f'action="{url(round3, "edit/validate/")}"' in page
    round_draft_swap_colours(game=round3.games.get(board=1), by=arbiter)

    dialog = arbiter_client.post(url(round3, "edit/validate/"))

    assert is_dialog(dialog) and dialog_level(dialog) == 4
    assert "colours other than the engine&#x27;s: 5-2" in html(dialog)
    confirm(arbiter_client, url(round3, "edit/validate/"), {})
    round3.refresh_from_db()
    assert round3.state == RoundState.PUBLISHED
