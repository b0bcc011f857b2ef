"""Online entries' services (issue 32): an entry through the form, the arbiter's approval,
refusal and move, the waiting list, fees, and the e-mails; nothing half-saved on a refusal."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

import pytest
from django.core import mail

from tests.factories import EventFactory, TournamentFactory
from tests.tournaments.entries import CLOSES, IN_JUNE, OPENS, EntryEvent, entry_event
from tournaments.domain.warnings import Level
from tournaments.exceptions import ConfirmationRequired, EntryError
from tournaments.models import AuditEntry, Player
from tournaments.models.entries import Entry, EntryStatus, FeeStatus
from tournaments.services.entries import (
    EntryData,
    entry_approve,
    entry_move,
    entry_refuse,
    entry_submit,
)
from tournaments.services.entry_desk import (
    entry_desk_update,
    entry_record_fee,
    section_entry_terms_update,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> EntryEvent:
    return entry_event()


def submit(world: EntryEvent, section_id: int, fide_id: str = "", **changes: Any) -> Entry:
    now = changes.pop("now", IN_JUNE)
    values: dict[str, Any] = {
        "section_id": section_id,
        "email": f"player{fide_id or 'x'}@example.org",
        "fide_id": fide_id,
    }
    values.update(changes)
    return entry_submit(event=world.event, data=EntryData(**values), now=now)


def refused_kind(call: Callable[[], object]) -> str:
    before = (Entry.objects.count(), Player.objects.count(), AuditEntry.objects.count())
    with pytest.raises(EntryError) as raised:
        call()
    assert (Entry.objects.count(), Player.objects.count(), AuditEntry.objects.count()) == before
    return raised.value.kind


def test_an_entry_takes_its_identity_and_rating_from_the_list_not_from_the_post(
    world: EntryEvent,
) -> None:
    entry = submit(world, world.open_b.pk, "100003", name="Forged, Name", federation="XXX")
    assert (entry.name, entry.federation, entry.rating, entry.birth_year) == (
        "Bianchi, Luca",
        "ITA",
        1850,
        1980,
    )
    assert entry.status == EntryStatus.PENDING
    assert (entry.fee_status, entry.fee_amount) == (FeeStatus.DUE, 3000)
    assert AuditEntry.objects.filter(tournament=world.open_b, entity="entry").count() == 1


def test_without_a_listed_fide_id_the_player_enters_unrated_with_the_typed_identity(
    world: EntryEvent,
) -> None:
    entry = submit(
        world, world.open_c.pk, name="  Dupont,   Jean ", sex="m", birth_year=2012, federation="fra"
    )
    assert (entry.name, entry.rating, entry.federation, entry.fide_id) == (
        "Dupont, Jean",
        0,
        "FRA",
        "",
    )
    # a section with a lowest limit refuses an unrated player
    kind = refused_kind(lambda: submit(world, world.open_b.pk, name="Martin, Paul"))
    assert kind == "rating_too_low"


def test_the_organisers_questions_keep_only_their_answers(world: EntryEvent) -> None:
    entry = submit(
        world,
        world.open_b.pk,
        "100004",
        answers={"Club": "Scacchi Bologna", "T-shirt size": "", "Injected": "x"},
    )
    assert entry.answers == {"Club": "Scacchi Bologna"}
    kind = refused_kind(lambda: submit(world, world.open_b.pk, "100005", answers={"Club": "a\nb"}))
    assert kind == "invalid"


def test_refusals_save_nothing(world: EntryEvent) -> None:
    submit(world, world.open_b.pk, "100003")
    cases = {
        "duplicate": lambda: submit(world, world.open_a.pk, "100003"),
        "rating_too_high": lambda: submit(world, world.open_c.pk, "100002"),
        "rating_too_low": lambda: submit(world, world.open_a.pk, "100004"),
        "not_open": lambda: submit(
            world, world.open_b.pk, "100005", now=OPENS.replace(day=1, month=4)
        ),
        "closed": lambda: submit(world, world.open_b.pk, "100005", now=CLOSES),
        "fide_deadline": lambda: submit(
            world,
            world.open_a.pk,
            "100001",
            now=datetime.datetime(2026, 6, 11, tzinfo=datetime.UTC),
        ),
        "invalid": lambda: submit(world, world.open_b.pk, "", name="=HYPERLINK(1)"),
    }
    for expected, call in cases.items():
        assert refused_kind(call) == expected, expected
    elsewhere = TournamentFactory.create(event=EventFactory.create(slug="elsewhere"))
    assert refused_kind(lambda: submit(world, elsewhere.pk, "100005")) == "invalid"
    assert refused_kind(lambda: submit(world, 999_999, "100005")) == "invalid"


def test_a_2700_player_enters_before_the_fide_deadline(world: EntryEvent) -> None:
    entry = submit(
        world,
        world.open_a.pk,
        "100001",
        now=datetime.datetime(2026, 6, 10, 22, tzinfo=datetime.UTC),
    )
    assert entry.rating == 2830


def test_a_full_section_puts_entries_on_its_waiting_list_and_a_refusal_frees_a_place(
    world: EntryEvent,
) -> None:
    first = [submit(world, world.open_b.pk, fide_id) for fide_id in ("100003", "100004", "100005")]
    late = submit(world, world.open_b.pk, "100006")
    assert late.status == EntryStatus.WAITING
    with pytest.raises(EntryError) as raised:
        entry_approve(entry=late, by=world.arbiter)
    assert raised.value.kind == "full"
    entry_refuse(entry=first[1], by=world.arbiter)
    late.refresh_from_db()
    assert late.status == EntryStatus.PENDING
    assert (
        Entry.objects.filter(section=world.open_b, status__in=["pending", "approved"]).count() == 3
    )


def test_approval_registers_the_player_and_mails_the_player_after_commit(
    world: EntryEvent, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        entry = submit(world, world.open_b.pk, "100003", email="luca@example.org")
    assert [message.to for message in mail.outbox] == [["luca@example.org"]]
    assert "Bologna Festival" in mail.outbox[0].subject
    assert "Entry fee due: 30 EUR." in mail.outbox[0].body
    with django_capture_on_commit_callbacks(execute=True):
        entry = entry_approve(entry=entry, by=world.arbiter)
    player = Player.objects.get(tournament=world.open_b)
    assert entry.player == player
    assert (player.name, player.fide_rating, player.fide_id, player.birth_date) == (
        "Bianchi, Luca",
        1850,
        "100003",
        "1980",
    )
    assert entry.status == EntryStatus.APPROVED and entry.decided_by == world.arbiter
    assert len(mail.outbox) == 2 and "approved" in mail.outbox[1].subject
    assert refused_kind(lambda: entry_approve(entry=entry, by=world.arbiter)) == "already_decided"
    assert refused_kind(lambda: entry_refuse(entry=entry, by=world.arbiter)) == "already_decided"
    # a registered player is a duplicate of any new entry
    assert refused_kind(lambda: submit(world, world.open_a.pk, "100003")) == "duplicate"


def test_a_move_outside_the_targets_limits_needs_a_level_3_confirmation_and_frees_a_place(
    world: EntryEvent,
) -> None:
    entries = [
        submit(world, world.open_b.pk, fide_id) for fide_id in ("100003", "100004", "100005")
    ]
    waiting = submit(world, world.open_b.pk, "100006")

    def move(confirmed: Level | None = None) -> Entry:
        return entry_move(
            entry=entries[0], target=world.open_a, by=world.arbiter, confirmed=confirmed
        )

    before = AuditEntry.objects.count()
    with pytest.raises(ConfirmationRequired) as required:
        move()
    assert required.value.warning.level is Level.CONFIRM
    assert AuditEntry.objects.count() == before
    assert (
        refused_kind(lambda: entry_move(entry=entries[1], target=world.open_b, by=world.arbiter))
        == "same_section"
    )
    elsewhere = TournamentFactory.create(event=EventFactory.create(slug="elsewhere"))
    assert (
        refused_kind(lambda: entry_move(entry=entries[1], target=elsewhere, by=world.arbiter))
        == "invalid"
    )
    moved = move(Level.CONFIRM)
    assert (moved.section, moved.status, moved.rating) == (world.open_a, "pending", 1850)
    note = AuditEntry.objects.filter(tournament=world.open_a, entity="entry").last()
    assert note is not None and "confirmed" in note.note
    waiting.refresh_from_db()
    assert waiting.status == EntryStatus.PENDING


def test_raising_the_cap_promotes_the_waiting_list_first_come_first_served(
    world: EntryEvent,
) -> None:
    for fide_id in ("100003", "100004", "100005"):
        submit(world, world.open_b.pk, fide_id)
    second = submit(world, world.open_b.pk, "100006")
    assert second.status == EntryStatus.WAITING
    section_entry_terms_update(section=world.open_b, cap=4, fee=3000, by=world.organiser)
    second.refresh_from_db()
    assert second.status == EntryStatus.PENDING


def test_fees_are_recorded_and_checked(world: EntryEvent) -> None:
    entry = submit(world, world.open_b.pk, "100003")
    entry = entry_record_fee(
        entry=entry, status="paid", amount=3000, method="cash", note="", by=world.organiser
    )
    assert (entry.fee_status, entry.fee_amount, entry.fee_method) == ("paid", 3000, "cash")
    entry = entry_record_fee(
        entry=entry, status="waived", amount=3000, method="", note="junior", by=world.organiser
    )
    assert (entry.fee_status, entry.fee_amount) == ("waived", 0)
    for status, amount, method in (("paid", 3000, ""), ("bogus", 0, ""), ("due", 0, "=SUM(A1)")):

        def record(status: str = status, amount: int = amount, method: str = method) -> Entry:
            return entry_record_fee(
                entry=entry,
                status=status,
                amount=amount,
                method=method,
                note="",
                by=world.organiser,
            )

        assert refused_kind(record) == "invalid"


def test_the_desk_refuses_a_window_closing_before_it_opens_and_bad_questions(
    world: EntryEvent,
) -> None:
    with pytest.raises(EntryError):
        entry_desk_update(
            event=world.event,
            opens_at=CLOSES,
            closes_at=OPENS,
            questions=[],
            currency="EUR",
            by=world.organiser,
        )
    with pytest.raises(EntryError):
        entry_desk_update(
            event=world.event,
            opens_at=OPENS,
            closes_at=CLOSES,
            questions=["=cmd"],
            currency="EUR",
            by=world.organiser,
        )
    desk = entry_desk_update(
        event=world.event,
        opens_at=OPENS,
        closes_at=None,
        questions=["Club", " Club "],
        currency="chf",
        by=world.organiser,
    )
    assert (desk.questions, desk.currency, desk.closes_at) == (["Club"], "CHF", None)
