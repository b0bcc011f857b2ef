"""Online entries' pages (issue 32): the public form and entry list (no e-mail address shown,
forged posts refused cleanly, rate limited), the arbiters' queue, the organisers' settings and
the treasurer's list and CSV (formula-safe)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

import pytest
import time_machine
from django.core import mail
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.factories import EventFactory, EventRoleFactory, TournamentFactory, UserFactory
from tests.tournaments.entries import IN_JUNE, EntryEvent, entry_event
from tournaments.models import EventRoleKind, Player
from tournaments.models.entries import Entry, EntryStatus

pytestmark = pytest.mark.django_db


@pytest.fixture
def world() -> Iterator[EntryEvent]:
    with time_machine.travel(IN_JUNE, tick=False):
        yield entry_event()


def form_url(world: EntryEvent) -> str:
    return reverse("event-enter", args=[world.event.slug])


def post_entry(client: Client, world: EntryEvent, **data: Any) -> Any:
    values = {"email": "player@example.org", **data}
    return client.post(form_url(world), values)


def test_the_form_looks_up_the_fide_id_and_offers_the_sections_the_rating_allows(
    world: EntryEvent, client: Client
) -> None:
    page = client.get(form_url(world), {"fide_id": "100003"}).text
    assert "Bianchi, Luca" in page
    assert f'<option value="{world.open_b.pk}"' in page
    assert f'<option value="{world.open_a.pk}"' not in page
    assert f'<option value="{world.open_c.pk}"' not in page
    unknown = client.get(form_url(world), {"fide_id": "999"}).text
    assert "is not on the rating list in force" in unknown
    assert 'name="name"' in unknown


def test_an_entry_is_saved_mailed_and_listed_without_its_email(
    world: EntryEvent, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = post_entry(
            client,
            world,
            fide_id="100003",
            section=world.open_b.pk,
            email="luca.bianchi@example.org",
            answer_0="Scacchi Bologna",
        )
    assert response.status_code == 302
    assert response["Location"] == reverse("event-entries", args=[world.event.slug])
    entry = Entry.objects.get()
    assert (entry.name, entry.answers) == ("Bianchi, Luca", {"Club": "Scacchi Bologna"})
    assert [message.to for message in mail.outbox] == [["luca.bianchi@example.org"]]
    listed = client.get(response["Location"])
    assert "Bianchi, Luca" in listed.text and "Entry received" in listed.text
    for public in (listed.text, client.get(form_url(world)).text):
        assert "@example.org" not in public
        assert "Scacchi Bologna" not in public


def test_forged_posts_are_refused_cleanly_and_save_nothing(
    world: EntryEvent, client: Client
) -> None:
    foreign = TournamentFactory.create(event=EventFactory.create(slug="other"))
    forged: list[tuple[dict[str, object], int]] = [
        # a rating and a name typed beside a listed FIDE ID are ignored; a section the rating
        # does not allow, another event's section, a section that is no number, no e-mail
        ({"fide_id": "100002", "section": world.open_c.pk}, 409),
        ({"fide_id": "100003", "section": foreign.pk}, 400),
        ({"fide_id": "100003", "section": "x"}, 400),
        ({"fide_id": "100003", "section": world.open_b.pk, "email": ""}, 400),
        ({"fide_id": "1e3", "section": world.open_b.pk}, 400),
        ({"name": '=HYPERLINK("x")', "section": world.open_c.pk}, 409),
        ({"name": "Dupont, Jean", "section": world.open_c.pk, "federation": "FRANCE"}, 400),
    ]
    for data, status in forged:
        response = post_entry(client, world, **data)
        assert response.status_code == status, data
    assert Entry.objects.count() == 0
    ok = post_entry(client, world, fide_id="100003", section=world.open_b.pk, rating="2900")
    assert ok.status_code == 302
    assert Entry.objects.get().rating == 1850
    assert post_entry(client, world, fide_id="100003", section=world.open_a.pk).status_code == 409
    assert Entry.objects.count() == 1


def test_a_post_without_a_csrf_token_is_refused(world: EntryEvent) -> None:
    client = Client(enforce_csrf_checks=True)
    response = client.post(form_url(world), {"fide_id": "100003", "section": world.open_b.pk})
    assert response.status_code == 403
    assert Entry.objects.count() == 0


def test_a_closed_form_takes_no_entry(world: EntryEvent, client: Client) -> None:
    with time_machine.travel("2026-07-10 08:00Z", tick=False):
        page = client.get(form_url(world))
        assert "The entry form is closed" in page.text
        response = post_entry(client, world, fide_id="100003", section=world.open_b.pk)
    assert response.status_code == 409
    assert Entry.objects.count() == 0


def test_the_form_is_rate_limited_per_address(
    world: EntryEvent, client: Client, settings: Any
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "entry": 2}
    statuses = [
        post_entry(client, world, section="x", email=f"p{n}@example.org").status_code
        for n in range(3)
    ]
    assert statuses == [400, 400, 429]
    assert client.get(form_url(world)).status_code == 200


def test_the_public_list_sorts_by_rating_name_or_federation(
    world: EntryEvent, client: Client
) -> None:
    for fide_id in ("100004", "100003", "100006"):
        post_entry(client, world, fide_id=fide_id, section=world.open_b.pk)
    url = reverse("event-entries", args=[world.event.slug])

    def order(sort: str) -> list[str]:
        page = client.get(url, {"sort": sort}).text
        text = page[page.index("<table") :]
        names = ["Bianchi, Luca", "Verdi, Paolo", "Gallo, Marco"]
        return sorted(names, key=text.index)

    assert order("rating") == ["Bianchi, Luca", "Verdi, Paolo", "Gallo, Marco"]
    assert order("name") == ["Bianchi, Luca", "Gallo, Marco", "Verdi, Paolo"]
    assert order("nonsense") == order("rating")


def login(client: Client, username: str, world: EntryEvent, role: EventRoleKind) -> None:
    user = UserFactory.create(username=username)
    EventRoleFactory.create(event=world.event, user=user, role=role)
    client.force_login(user)


def test_the_queue_is_for_arbiters_and_the_fees_for_organisers(
    world: EntryEvent, client: Client
) -> None:
    slug = world.event.slug
    queue = reverse("event-entry-queue", args=[slug])
    fees = reverse("event-entry-fees", args=[slug])
    fees_csv = reverse("event-entry-fees-csv", args=[slug])
    desk = reverse("event-entry-desk", args=[slug])
    assert client.get(queue).status_code == 302  # to the login page
    client.force_login(world.organiser)
    assert client.get(queue).status_code == 403
    assert [client.get(url).status_code for url in (fees, fees_csv, desk)] == [200, 200, 200]
    client.force_login(world.arbiter)
    assert client.get(queue).status_code == 200
    assert [client.get(url).status_code for url in (fees, fees_csv, desk)] == [403, 403, 403]
    login(client, "deputy", world, EventRoleKind.DEPUTY)
    assert client.get(queue).status_code == 200


def test_the_arbiter_approves_refuses_and_moves_entries_from_the_queue(
    world: EntryEvent, client: Client, django_capture_on_commit_callbacks: Any
) -> None:
    for fide_id in ("100003", "100004", "100005", "100006"):
        post_entry(client, world, fide_id=fide_id, section=world.open_b.pk)
    bianchi, verdi, neri, gallo = Entry.objects.order_by("created", "pk")
    assert gallo.status == EntryStatus.WAITING
    client.force_login(world.arbiter)
    decide = reverse("event-entry-decide", args=[world.event.slug])
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(decide, {"entry": bianchi.pk, "action": "approve"})
    assert response.status_code == 302
    assert Player.objects.get(tournament=world.open_b).name == "Bianchi, Luca"
    assert "approved" in mail.outbox[-1].subject
    client.post(decide, {"entry": verdi.pk, "action": "refuse"})
    gallo.refresh_from_db()
    assert gallo.status == EntryStatus.PENDING
    # a decided entry, a foreign id, an unknown action: refused with a message, nothing changes
    for data in (
        {"entry": bianchi.pk, "action": "refuse"},
        {"entry": 999_999, "action": "approve"},
        {"entry": neri.pk, "action": "delete"},
    ):
        page = client.post(decide, data, follow=True)
        assert page.status_code == 200 and 'class="message' in page.text
    assert Entry.objects.get(pk=bianchi.pk).status == EntryStatus.APPROVED
    assert Entry.objects.get(pk=neri.pk).status == EntryStatus.PENDING
    # a move outside the target's limits asks for a Level-3 confirmation first
    move = reverse("event-entry-move", args=[world.event.slug])
    dialog = client.post(move, {"entry": neri.pk, "section": world.open_c.pk})
    assert dialog.status_code == 200 and 'id="confirmation"' in dialog.text
    assert Entry.objects.get(pk=neri.pk).section == world.open_b
    queue = client.get(reverse("event-entry-queue", args=[world.event.slug])).text
    assert "player@example.org" in queue  # the arbiters see the e-mail address


def test_the_treasurers_csv_escapes_formulas(world: EntryEvent, client: Client) -> None:
    post_entry(client, world, fide_id="100003", section=world.open_b.pk, email="+cmd@example.org")
    entry = Entry.objects.get()
    client.force_login(world.organiser)
    fees = reverse("event-entry-fees", args=[world.event.slug])
    response = client.post(
        fees, {"entry": entry.pk, "fee_status": "paid", "amount": "30", "method": "cash"}
    )
    assert response.status_code == 302
    entry.refresh_from_db()
    assert (entry.fee_status, entry.fee_amount, entry.fee_method) == ("paid", 3000, "cash")
    forged = client.post(fees, {"entry": entry.pk, "fee_status": "paid", "amount": "-5"})
    assert forged.status_code == 302
    assert Entry.objects.get().fee_amount == 3000
    text = client.get(reverse("event-entry-fees-csv", args=[world.event.slug])).content.decode()
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0][:3] == ["Section", "Name", "FIDE ID"]
    assert rows[1][:2] == ["Open B", "Bianchi, Luca"]
    assert rows[1][6:9] == ["30.00", "3000", "EUR"]
    assert rows[1][-1] == "'+cmd@example.org"


def test_the_organiser_sets_the_window_questions_cap_and_fee(
    world: EntryEvent, client: Client
) -> None:
    client.force_login(world.organiser)
    desk = reverse("event-entry-desk", args=[world.event.slug])
    response = client.post(
        desk,
        {
            "opens_at": "2026-05-01T09:00",
            "closes_at": "2026-07-08T20:00",
            "questions": "Club\nCategory\n",
            "currency": "chf",
        },
    )
    assert response.status_code == 302
    world.event.entry_desk.refresh_from_db()
    assert world.event.entry_desk.questions == ["Club", "Category"]
    terms = reverse("event-entry-terms", args=[world.event.slug])
    prefix = f"s{world.open_c.pk}"
    client.post(terms, {"section": world.open_c.pk, f"{prefix}-cap": "40", f"{prefix}-fee": "15"})
    world.open_c.entry_terms.refresh_from_db()
    assert (world.open_c.entry_terms.cap, world.open_c.entry_terms.fee) == (40, 1500)
    foreign = TournamentFactory.create(event=EventFactory.create(slug="other"))
    page = client.post(terms, {"section": foreign.pk}, follow=True)
    assert "Choose a section of this event." in page.text


def test_the_public_list_costs_the_same_queries_for_3_or_30_entries(
    client: Client, settings: Any
) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "entry": 100}
    with time_machine.travel(IN_JUNE, tick=False):
        world = entry_event(cap_b=None, extra=30)
        url = reverse("event-entries", args=[world.event.slug])

        def queries() -> int:
            with CaptureQueriesContext(connection) as captured:
                assert client.get(url).status_code == 200
            return len(captured)

        for index in range(3):
            post_entry(client, world, fide_id=str(200001 + index), section=world.open_b.pk)
        few = queries()
        for index in range(3, 30):
            post_entry(client, world, fide_id=str(200001 + index), section=world.open_b.pk)
        assert Entry.objects.count() == 30
        assert queries() == few
