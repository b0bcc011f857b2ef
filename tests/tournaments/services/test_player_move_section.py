"""Moving a player between the sections of an event before round 1 (issue 32)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from tests.factories import (
    ByeFactory,
    EventFactory,
    EventRoleFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tests.tournaments.conftest import Snapshot, pair_round
from tournaments.domain.warnings import Level
from tournaments.exceptions import ConfirmationRequired, SectionMoveRefused
from tournaments.models import (
    AuditEntry,
    ByeKind,
    Event,
    EventRoleKind,
    ForbiddenPair,
    Player,
    RoundState,
    Tournament,
)
from tournaments.services.sections import player_move_section

pytestmark = pytest.mark.django_db


@pytest.fixture
def arbiter() -> User:
    return UserFactory.create(username="chief")


@pytest.fixture
def event(arbiter: User) -> Event:
    event = EventFactory.create(name="Bologna Open")
    EventRoleFactory.create(event=event, user=arbiter, role=EventRoleKind.CHIEF)
    return event


def section(event: Event, name: str, ratings: list[int], **limits: int) -> Tournament:
    tournament = TournamentFactory.create(event=event, name=name, rounds=5, **limits)
    for number in range(1, 6):
        RoundFactory.create(tournament=tournament, number=number)
    for number, rating in enumerate(ratings, start=1):
        PlayerFactory.create(
            tournament=tournament,
            pairing_number=number,
            fide_rating=rating,
            name=f"{name} Player{number}, Test",
        )
    return tournament


@pytest.fixture
def open_a(event: Event) -> Tournament:
    return section(event, "Open A", [2300, 2150, 2050, 1980], lowest_rating=2000)


@pytest.fixture
def open_b(event: Event) -> Tournament:
    return section(
        event, "Open B", [1990, 1800, 1700, 1650], lowest_rating=1600, highest_rating=1999
    )


def numbers(tournament: Tournament) -> list[tuple[int, int]]:
    return list(tournament.players.values_list("pairing_number", "fide_rating"))


def test_a_player_moves_within_the_limits_and_both_sections_renumber(
    open_a: Tournament, open_b: Tournament, arbiter: User
) -> None:
    mover = open_a.players.get(fide_rating=1980)  # below Open A's 2000, fits Open B
    moved = player_move_section(player=mover, target=open_b, by=arbiter)
    assert moved.tournament_id == open_b.pk
    assert numbers(open_a) == [(1, 2300), (2, 2150), (3, 2050)]
    assert numbers(open_b) == [(1, 1990), (2, 1980), (3, 1800), (4, 1700), (5, 1650)]
    assert moved.pairing_number == 2
    source_note = AuditEntry.objects.filter(tournament=open_a, entity="player").first()
    target_note = AuditEntry.objects.filter(tournament=open_b, entity="player").first()
    assert source_note is not None and source_note.new_value == "moved to section Open B"
    assert target_note is not None
    assert target_note.new_value.endswith("moved in from section Open A")


def test_outside_the_limits_it_asks_a_level_3_confirmation_first(
    open_a: Tournament, open_b: Tournament, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    strong = open_a.players.get(fide_rating=2300)
    before = snapshot()
    with pytest.raises(ConfirmationRequired) as required:
        player_move_section(player=strong, target=open_b, by=arbiter)
    assert required.value.warning.level is Level.CONFIRM
    assert "outside the limits of Open B" in required.value.warning.title
    assert snapshot() == before
    with pytest.raises(ConfirmationRequired):
        player_move_section(player=strong, target=open_b, by=arbiter, confirmed=Level.NOTICE)
    moved = player_move_section(player=strong, target=open_b, by=arbiter, confirmed=Level.CONFIRM)
    assert moved.tournament_id == open_b.pk and moved.pairing_number == 1
    note = AuditEntry.objects.filter(tournament=open_b, entity="player").first()
    assert note is not None and note.new_value.endswith("(outside its rating limits, confirmed)")


@pytest.mark.parametrize("paired", ["source", "target"])
@pytest.mark.parametrize("state", [RoundState.PAIRED, RoundState.PUBLISHED])
def test_after_round_1_is_paired_the_move_is_refused_and_nothing_changes(
    open_a: Tournament,
    open_b: Tournament,
    arbiter: User,
    snapshot: Callable[[], Snapshot],
    paired: str,
    state: RoundState,
) -> None:
    pair_round(open_a if paired == "source" else open_b, 1, state)
    before = snapshot()
    mover = open_a.players.get(fide_rating=1980)
    name = "Open A" if paired == "source" else "Open B"
    with pytest.raises(SectionMoveRefused, match=f"Round 1 of {name} is paired"):
        player_move_section(player=mover, target=open_b, by=arbiter, confirmed=Level.CONFIRM)
    assert snapshot() == before


def test_only_between_sections_of_one_event(
    open_a: Tournament, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    other = section(EventFactory.create(), "Elsewhere", [])
    alone = TournamentFactory.create(name="Alone")
    mover = open_a.players.get(fide_rating=2300)
    before = snapshot()
    for target in (other, alone):
        with pytest.raises(SectionMoveRefused, match="only between sections of one event"):
            player_move_section(player=mover, target=target, by=arbiter, confirmed=Level.CONFIRM)
    assert snapshot() == before


def test_the_same_player_already_in_the_target_is_refused(
    open_a: Tournament, open_b: Tournament, arbiter: User
) -> None:
    mover = open_a.players.get(fide_rating=1980)
    mover.fide_id = "12345678"
    mover.save()
    Player.objects.filter(tournament=open_b, fide_rating=1650).update(fide_id="12345678")
    with pytest.raises(SectionMoveRefused, match="already registered in Open B"):
        player_move_section(player=mover, target=open_b, by=arbiter)
    assert Player.objects.get(pk=mover.pk).tournament_id == open_a.pk


def test_requested_byes_and_prohibited_pairings_stay_behind(
    open_a: Tournament, open_b: Tournament, arbiter: User
) -> None:
    mover = open_a.players.get(fide_rating=1980)
    ByeFactory.create(round=open_a.round_set.get(number=3), player=mover, kind=ByeKind.HALF_POINT)
    ForbiddenPair.objects.create(
        tournament=open_a, first=open_a.players.get(fide_rating=2300), second=mover
    )
    player_move_section(player=mover, target=open_b, by=arbiter)
    assert not mover.byes.exists()
    assert not ForbiddenPair.objects.exists()
    note = AuditEntry.objects.filter(tournament=open_a, entity="player").first()
    assert note is not None
    assert note.new_value == (
        "moved to section Open B; requested byes cancelled (rounds 3); "
        "1 prohibited pairing(s) cancelled"
    )


def test_an_unrated_player_needs_a_confirmation_for_a_section_with_a_lowest_limit(
    event: Event, open_b: Tournament, arbiter: User
) -> None:
    open_c = section(event, "Open C", [1500, 0], highest_rating=1599)
    unrated = open_c.players.get(fide_rating=0)
    with pytest.raises(ConfirmationRequired, match="unrated"):
        player_move_section(player=unrated, target=open_b, by=arbiter)


def test_a_round_robin_s_drawn_numbers_are_drawn_again(
    open_a: Tournament, open_b: Tournament, arbiter: User
) -> None:
    Tournament.objects.filter(pk=open_b.pk).update(numbers_drawn=True)
    player_move_section(player=open_a.players.get(fide_rating=1980), target=open_b, by=arbiter)
    open_b.refresh_from_db()
    assert not open_b.numbers_drawn


def test_a_move_to_the_player_s_own_section_is_refused(
    open_a: Tournament, arbiter: User, snapshot: Callable[[], Snapshot]
) -> None:
    before = snapshot()
    with pytest.raises(SectionMoveRefused, match="already in Open A"):
        player_move_section(player=open_a.players.get(pairing_number=1), target=open_a, by=arbiter)
    assert snapshot() == before
