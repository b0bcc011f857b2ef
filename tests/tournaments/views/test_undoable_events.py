"""Events undone from the Integrity log through the HTTP layer (VCL4THP Q114): a change of the
number of rounds (the rounds added or removed come back), of the tie-breaks, of the pairing
numbers, and a requested full-point bye. Each undo takes a Level-3 confirmation, puts back only
what its event changed, and is recorded."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import ByeFactory
from tests.tournaments.conftest import Snapshot, tournament_with_players
from tests.tournaments.views.confirming import (
    confirm,
    dialog_level,
    html,
    is_dialog,
    play_rounds,
    token,
)
from tests.tournaments.views.test_configuration import edit_url, settings, started
from tournaments.models import Bye, ByeKind, IntegrityEvent, IntegrityEventKind, Tournament

pytestmark = pytest.mark.django_db


def last_event() -> IntegrityEvent:
    event = IntegrityEvent.objects.order_by("id").last()
    assert event is not None
    return event


def undone(client: Client, tournament: Tournament, snapshot: Callable[[], Snapshot]) -> str:
    """Undo the last event: a post without confirmation shows the Level-3 dialog and changes
    nothing; the post with its token undoes. The page after the undo."""
    url = f"/t/{tournament.slug}/manage/events/undo/"
    data = {"event": str(last_event().pk)}
    before, events = snapshot(), IntegrityEvent.objects.count()
    dialog = client.post(url, data)
    assert is_dialog(dialog) and dialog_level(dialog) == 3
    assert snapshot() == before and IntegrityEvent.objects.count() == events
    return html(client.post(url, {**data, "confirmation": token(dialog)}, follow=True))


def kinds() -> list[tuple[str, bool]]:
    return [(e.kind, e.undone_at is not None) for e in IntegrityEvent.objects.order_by("id")]


def test_undoing_more_rounds_removes_the_rounds_added(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = started(arbiter)
    confirm(arbiter_client, edit_url(tournament), settings(tournament, rounds="6"))

    page = undone(arbiter_client, tournament, snapshot)

    tournament.refresh_from_db()
    assert tournament.rounds == 5 and tournament.round_set.count() == 5
    assert kinds() == [(IntegrityEventKind.CONFIGURATION, True), (IntegrityEventKind.UNDO, False)]
    assert "### Undo @ Round 2: Configuration undone: Number of rounds changed" in page


def test_undoing_fewer_rounds_brings_back_the_rounds_removed_with_their_byes(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = started(arbiter)
    fifth = tournament.round_set.get(number=5)
    ByeFactory.create(
        round=fifth, player=tournament.players.get(pairing_number=2), kind=ByeKind.ZERO_POINT
    )
    confirm(arbiter_client, edit_url(tournament), settings(tournament, rounds="4"))
    assert not Bye.objects.exists()

    undone(arbiter_client, tournament, snapshot)

    tournament.refresh_from_db()
    assert tournament.rounds == 5
    assert tournament.round_set.get(number=5).pk == fifth.pk
    assert Bye.objects.get().round_id == fifth.pk


def test_undoing_a_change_of_rounds_keeps_a_later_change_of_other_settings(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = started(arbiter)
    confirm(arbiter_client, edit_url(tournament), settings(tournament, rounds="6"))
    tournament.refresh_from_db()
    confirm(arbiter_client, edit_url(tournament), settings(tournament, city="Ljubljana"))

    undone(arbiter_client, tournament, snapshot)

    tournament.refresh_from_db()
    assert (tournament.rounds, tournament.city) == (5, "Ljubljana")


def test_undoing_a_change_of_tie_breaks_restores_the_list_and_nothing_else(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = started(arbiter)
    announced = list(tournament.tiebreaks)
    data = settings(tournament, rounds="6")
    data |= {name: "" for name in data if name.startswith("tiebreak_")} | {"tiebreak_1": "SB"}
    confirm(arbiter_client, edit_url(tournament), data)
    tournament.refresh_from_db()
    assert tournament.tiebreaks == ["SB"] and tournament.rounds == 6

    undone(arbiter_client, tournament, snapshot)

    tournament.refresh_from_db()
    assert tournament.tiebreaks == announced and tournament.rounds == 6
    assert kinds() == [
        (IntegrityEventKind.CONFIGURATION, False),
        (IntegrityEventKind.TIEBREAKS, True),
        (IntegrityEventKind.UNDO, False),
    ]


def test_undoing_a_renumbering_gives_back_the_previous_pairing_numbers(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(5, arbiter=arbiter)
    play_rounds(tournament, 0)
    late = tournament.players.get(pairing_number=5)
    late.fide_rating = 2800
    late.save()
    numbers = dict(tournament.players.values_list("pk", "pairing_number"))
    confirm(arbiter_client, f"/t/{tournament.slug}/manage/players/renumber/", {})
    assert tournament.players.get(pk=late.pk).pairing_number == 1

    undone(arbiter_client, tournament, snapshot)

    assert dict(tournament.players.values_list("pk", "pairing_number")) == numbers
    assert kinds() == [(IntegrityEventKind.PAIRING_NUMBERS, True), (IntegrityEventKind.UNDO, False)]


def test_a_full_point_bye_asked_on_the_player_page_is_a_notice_and_undone_from_the_log(
    arbiter_client: Client, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    tournament = tournament_with_players(4, arbiter=arbiter)
    url = f"/t/{tournament.slug}/manage/player/3/bye/"
    data = {"round_number": "2", "kind": ByeKind.FULL_POINT}
    before = snapshot()

    dialog = arbiter_client.post(url, data)

    assert dialog_level(dialog) == 2 and "full-point bye in round 2" in html(dialog)
    assert snapshot() == before
    arbiter_client.post(url, {**data, "confirmation": token(dialog)})
    assert Bye.objects.get().kind == ByeKind.FULL_POINT
    assert str(last_event()).startswith("### FPB @ Round 2: ")

    undone(arbiter_client, tournament, snapshot)

    assert not Bye.objects.exists()
