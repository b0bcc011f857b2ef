"""Events and their sections (issue 32): creation, sections with rating limits and a first
board, roles given per event, and who may arbitrate a section."""

from __future__ import annotations

import datetime

import pytest
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction

from tests.factories import EventRoleFactory, TournamentFactory, UserFactory
from tournaments.exceptions import EventRefused, RoleRefused
from tournaments.http import user_arbitrates_event, user_can_arbitrate, user_organises_event
from tournaments.models import (
    ArbiterRole,
    AuditEntry,
    Event,
    EventAuditEntry,
    EventRole,
    EventRoleKind,
    Tournament,
)
from tournaments.services.events import (
    EventDetails,
    SectionSetup,
    event_create,
    event_role_give,
    event_role_remove,
    event_section_attach,
    event_section_create,
    event_update,
    section_set_setup,
)
from tournaments.services.tournaments import TournamentSettings

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser() -> User:
    return UserFactory.create(username="organiser")


@pytest.fixture
def event(organiser: User) -> Event:
    return event_create(
        details=EventDetails(
            name="Bologna Open 2026",
            place="Bologna",
            start_date=datetime.date(2026, 7, 1),
            end_date=datetime.date(2026, 7, 9),
            organiser="Circolo Scacchistico Bolognese",
        ),
        by=organiser,
    )


def roles(event: Event) -> set[tuple[str, str]]:
    return {(role.user.username, role.role) for role in event.roles.select_related("user")}


def test_the_creator_is_organiser_and_chief_arbiter(event: Event, organiser: User) -> None:
    assert event.slug == "bologna-open-2026"
    assert roles(event) == {("organiser", "organiser"), ("organiser", "chief")}
    assert EventAuditEntry.objects.get(event=event).new_value.startswith("Bologna Open 2026")


def test_two_events_of_one_name_get_two_slugs(event: Event, organiser: User) -> None:
    again = event_create(details=EventDetails(name="Bologna Open 2026"), by=organiser)
    assert again.slug == "bologna-open-2026-2"


@pytest.mark.parametrize(
    ("name", "start", "end", "refusal"),
    [
        ("  ", None, None, "name is required"),
        ("=HYPERLINK()", None, None, "spreadsheet"),
        ("Open\x07", None, None, "control characters"),
        ("Open", datetime.date(2026, 7, 9), datetime.date(2026, 7, 1), "ends before it starts"),
    ],
)
def test_bad_details_are_refused_and_nothing_is_saved(
    organiser: User, name: str, start: datetime.date | None, end: datetime.date | None, refusal: str
) -> None:
    with pytest.raises(EventRefused, match=refusal):
        event_create(details=EventDetails(name=name, start_date=start, end_date=end), by=organiser)
    assert not Event.objects.exists()
    assert not EventRole.objects.exists()


def test_sections_hold_their_limits_and_first_board(event: Event, organiser: User) -> None:
    open_b = event_section_create(
        event=event,
        settings=TournamentSettings(name="Open B", rounds=7),
        setup=SectionSetup(lowest_rating=1600, highest_rating=1999, first_board=101),
        by=organiser,
    )
    open_b.refresh_from_db()
    assert open_b.event == event
    assert (open_b.lowest_rating, open_b.highest_rating, open_b.first_board) == (1600, 1999, 101)
    assert open_b.rating_limits.admits(1999) and not open_b.rating_limits.admits(2000)
    assert open_b.hall_board(3) == 103
    assert open_b.round_set.count() == 7
    assert open_b.roles.get().role == ArbiterRole.CHIEF
    latest = AuditEntry.objects.filter(tournament=open_b).first()
    assert latest is not None and "first board 101" in latest.new_value
    assert EventAuditEntry.objects.filter(event=event, entity="section").count() == 1


def test_limits_upside_down_add_no_section(event: Event, organiser: User) -> None:
    with pytest.raises(EventRefused, match="above the highest"):
        event_section_create(
            event=event,
            settings=TournamentSettings(name="Open B"),
            setup=SectionSetup(lowest_rating=2000, highest_rating=1600),
            by=organiser,
        )
    assert not Tournament.objects.exists()


def test_the_database_refuses_limits_upside_down_too() -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentFactory.create(lowest_rating=2000, highest_rating=1600)
    with pytest.raises(IntegrityError), transaction.atomic():
        TournamentFactory.create(first_board=0)


def test_only_organisers_add_sections(event: Event) -> None:
    deputy = UserFactory.create(username="deputy")
    EventRoleFactory.create(event=event, user=deputy, role=EventRoleKind.DEPUTY)
    with pytest.raises(RoleRefused):
        event_section_create(
            event=event, settings=TournamentSettings(name="C"), setup=SectionSetup(), by=deputy
        )
    assert not Tournament.objects.exists()


def test_section_setup_changes_are_audited(event: Event, organiser: User) -> None:
    section = event_section_create(
        event=event, settings=TournamentSettings(name="Open C"), setup=SectionSetup(), by=organiser
    )
    section_set_setup(
        section=section, setup=SectionSetup(highest_rating=1599, first_board=201), by=organiser
    )
    section.refresh_from_db()
    assert (section.lowest_rating, section.highest_rating, section.first_board) == (None, 1599, 201)
    entry = AuditEntry.objects.filter(tournament=section).first()
    assert entry is not None
    assert entry.old_value == "open to all ratings, first board 1"
    assert entry.new_value == "rated 1599 and under, first board 201"


def test_a_standalone_tournament_has_no_section_setup(organiser: User) -> None:
    alone = TournamentFactory.create()
    with pytest.raises(EventRefused, match="not a section"):
        section_set_setup(section=alone, setup=SectionSetup(first_board=5), by=organiser)


def test_event_details_change_by_organisers_only(event: Event, organiser: User) -> None:
    event_update(event=event, details=EventDetails(name="Bologna Festival"), by=organiser)
    event.refresh_from_db()
    assert event.name == "Bologna Festival"
    assert event.slug == "bologna-open-2026"  # links stay valid
    stranger = UserFactory.create(username="stranger")
    with pytest.raises(RoleRefused):
        event_update(event=event, details=EventDetails(name="Mine"), by=stranger)


def test_event_arbiters_arbitrate_every_section(event: Event, organiser: User) -> None:
    open_a = event_section_create(
        event=event, settings=TournamentSettings(name="Open A"), setup=SectionSetup(), by=organiser
    )
    open_b = event_section_create(
        event=event, settings=TournamentSettings(name="Open B"), setup=SectionSetup(), by=organiser
    )
    deputy = UserFactory.create(username="deputy")
    treasurer = UserFactory.create(username="treasurer")
    event_role_give(event=event, username="deputy", role=EventRoleKind.DEPUTY, by=organiser)
    event_role_give(event=event, username="treasurer", role=EventRoleKind.ORGANISER, by=organiser)
    assert user_can_arbitrate(deputy, open_a) and user_can_arbitrate(deputy, open_b)
    assert user_arbitrates_event(deputy, event) and not user_organises_event(deputy, event)
    # an organiser who holds no arbiter's role changes no section
    assert not user_can_arbitrate(treasurer, open_a)
    assert user_organises_event(treasurer, event)
    # nor does the arbiter of another event, nor of a standalone tournament
    alone = TournamentFactory.create()
    assert not user_can_arbitrate(deputy, alone)


def test_one_chief_arbiter_per_event(event: Event, organiser: User) -> None:
    UserFactory.create(username="other")
    with pytest.raises(RoleRefused, match="chief arbiter already"):
        event_role_give(event=event, username="other", role=EventRoleKind.CHIEF, by=organiser)
    chief = event.roles.get(role=EventRoleKind.CHIEF)
    event_role_remove(event=event, role_id=chief.pk, by=organiser)
    event_role_give(event=event, username="other", role=EventRoleKind.CHIEF, by=organiser)
    assert ("other", "chief") in roles(event)


def test_roles_go_to_existing_accounts_only(event: Event, organiser: User) -> None:
    with pytest.raises(RoleRefused, match="create an account"):
        event_role_give(event=event, username="nobody", role=EventRoleKind.DEPUTY, by=organiser)


def test_the_last_organiser_stays(event: Event, organiser: User) -> None:
    role = event.roles.get(role=EventRoleKind.ORGANISER)
    with pytest.raises(RoleRefused, match="at least one organiser"):
        event_role_remove(event=event, role_id=role.pk, by=organiser)


def test_a_deputy_may_give_up_their_own_role_but_no_one_else_s(
    event: Event, organiser: User
) -> None:
    deputy = UserFactory.create(username="deputy")
    event_role_give(event=event, username="deputy", role=EventRoleKind.DEPUTY, by=organiser)
    chief = event.roles.get(role=EventRoleKind.CHIEF)
    with pytest.raises(RoleRefused):
        event_role_remove(event=event, role_id=chief.pk, by=deputy)
    own = event.roles.get(user=deputy)
    event_role_remove(event=event, role_id=own.pk, by=deputy)
    assert ("deputy", "deputy") not in roles(event)
    assert EventAuditEntry.objects.filter(event=event, new_value="given up").exists()


def test_a_tournament_with_no_event_works_as_before(organiser: User) -> None:
    alone = TournamentFactory.create()
    assert alone.event is None
    assert alone.rating_limits.unlimited
    assert alone.hall_board(1) == 1
    assert not Event.objects.exists()


def test_a_standalone_tournament_joins_an_event_as_it_is(event: Event, organiser: User) -> None:
    alone = TournamentFactory.create(name="Blitz")
    alone.roles.create(user=organiser, role=ArbiterRole.CHIEF)
    joined = event_section_attach(
        event=event, tournament=alone, setup=SectionSetup(first_board=301), by=organiser
    )
    assert (joined.event_id, joined.first_board, joined.rounds) == (event.pk, 301, alone.rounds)
    assert EventAuditEntry.objects.filter(
        event=event, new_value__startswith="Blitz joined"
    ).exists()
    with pytest.raises(EventRefused, match="already a section"):
        event_section_attach(event=event, tournament=alone, setup=SectionSetup(), by=organiser)


def test_only_the_tournament_s_chief_arbiter_brings_it_into_an_event(
    event: Event, organiser: User
) -> None:
    theirs = TournamentFactory.create(name="Theirs")
    theirs.roles.create(user=UserFactory.create(username="their-chief"), role=ArbiterRole.CHIEF)
    theirs.roles.create(user=organiser, role=ArbiterRole.DEPUTY)
    with pytest.raises(RoleRefused, match="Only the chief arbiter of Theirs"):
        event_section_attach(event=event, tournament=theirs, setup=SectionSetup(), by=organiser)
    theirs.refresh_from_db()
    assert theirs.event_id is None
