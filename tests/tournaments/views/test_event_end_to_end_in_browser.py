"""Issue 32's first acceptance point: an event of three sections run end to end in a real
Chromium. 60 entries through the public entry form (a phone 390 px wide), refusals (a
duplicate, a rating too high for the section by a forged post, a player rated over 2700 after
FIDE's registration deadline, a full section putting the entry on its waiting list), every
pending entry approved in the arbiter's queue, a player moved between sections (outside the
limits: the confirmation dialog), check-in before round 1 at the desk with two absentees marked
from the pairing page's panel (withdrawn: one absence without notice, C.04.2 D.2) and one
player's own check-in by phone with the badge's code, then rounds 1 and 2 of each section
paired (the pairing page's button, the task run eagerly as in the other browser tests) and
published, and the public event page at 390 and 1280 px. Screenshots (event-e2e-*.png,
var/screenshots/ under `make screenshots`) to be looked at.

Seeded, not done through pages: the event with its three sections, the entry desk's dates and
Open B's cap (`tests.tournaments.entries.entry_event`, and the five rounds of each section; the
organiser's set-up pages have their own tests); the FIDE rating list the form looks players up
on (normally an import of FIDE's file); the check-in code read as the badge prints it; the
results of round 1 (entered through `game_enter_result`, the service the result pages call).
The entry form's rate limit is raised for the test: its 60 entries come from one address.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.utils import timezone
from pytest_django.live_server_helper import LiveServer

from tests.browser import session_context
from tests.factories import RoundFactory
from tests.screenshots import screenshot
from tests.tournaments.entries import entry_event
from tournaments.domain.check_in import shown_code
from tournaments.models import (
    CheckIn,
    CheckInSource,
    CheckInStatus,
    Player,
    PlayerStatus,
    RatedPlayer,
    RatingList,
    Result,
    RoundState,
    Tournament,
)
from tournaments.models.entries import Entry, EntryDesk, SectionEntryTerms
from tournaments.selectors.check_in import player_code
from tournaments.services.results import game_enter_result

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from playwright.sync_api import Browser, Page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = 390
WIDE = 1280
# FIDE ID, rating: 20 for Open A, 21 for Open B (capped at 20: the last waits), 19 for Open C
ENTRANTS = (
    [(f"3000{index:02d}", 2000 + 20 * index) for index in range(20)]
    + [(f"3100{index:02d}", 1600 + 18 * index) for index in range(21)]
    + [(f"3200{index:02d}", 1000 + 30 * index) for index in range(19)]
)


def _rating_list() -> None:
    """The players of `ENTRANTS` on the June 2026 list (besides `entries.LISTED`)."""
    listed = RatingList.objects.get()
    RatedPlayer.objects.bulk_create(
        RatedPlayer(
            rating_list=listed,
            fide_id=fide_id,
            name=f"Player{fide_id}, Test",
            search_name=f"PLAYER{fide_id}, TEST",
            federation=("ITA", "FRA", "GER")[index % 3],
            sex="m",
            birth_year=1990,
            standard_rating=rating,
        )
        for index, (fide_id, rating) in enumerate(ENTRANTS)
    )


def _no_sideways_scroll(page: Page, width: int) -> None:
    scrolled = page.evaluate("document.documentElement.scrollWidth")
    assert scrolled <= width, f"the page is {scrolled} px wide on a {width} px screen"


def _enter(page: Page, form_url: str, fide_id: str) -> None:
    """Look the player up by FIDE ID, give an e-mail address and the club, send the entry in
    the one section the form offers."""
    page.goto(f"{form_url}?fide_id={fide_id}")
    page.get_by_label("E-mail").fill(f"p{fide_id}@example.org")
    page.get_by_label("Club").fill("Circolo")
    page.get_by_role("button", name="Send my entry").click()


def _arbiter_page(browser: Browser, server: str, client: Client, user: User, width: int) -> Page:
    client.force_login(user)
    return session_context(browser, server, client.cookies["sessionid"].value, width).new_page()


def _pair_and_publish(page: Page, server: str, section: Tournament, number: int) -> None:
    from playwright.sync_api import expect

    page.goto(f"{server}/t/{section.slug}/manage/round/{number}/pairing/")
    page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
    publish = page.get_by_role("button", name=f"Publish round {number}")
    expect(publish).to_be_visible()
    publish.click()
    expect(page.locator(".message-success")).to_contain_text(f"Round {number} is published.")


def _round_1_results(section: Tournament, by: User) -> None:
    """White wins every board of round 1 (a PAB or a bye has no board to enter)."""
    rnd = section.round_set.get(number=1)
    for game in rnd.games.filter(black__isnull=False, result=Result.NOT_PLAYED):
        game_enter_result(game=game, result=Result.WHITE_WINS, by=by, expected_previous="")


def test_an_event_of_three_sections_from_the_entries_to_round_2(
    live_server: LiveServer, chromium: Browser, client: Client, settings: Any
) -> None:
    from playwright.sync_api import expect

    cache.clear()
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "entry": 1000}
    world = entry_event(cap_b=20)
    _rating_list()
    for section in (world.open_a, world.open_b, world.open_c):  # as `tournament_create` does
        for number in range(1, 6):
            RoundFactory.create(tournament=section, number=number)
    now = timezone.now()
    # 20 days before the start: past the deadline for players rated over 2700 (B.02 0.2.1)
    start = (now + datetime.timedelta(days=20)).date()
    Tournament.objects.filter(event=world.event).update(start_date=start)
    world.event.__class__.objects.filter(pk=world.event.pk).update(start_date=start)
    EntryDesk.objects.filter(event=world.event).update(
        opens_at=now - datetime.timedelta(days=1), closes_at=now + datetime.timedelta(days=15)
    )
    assert SectionEntryTerms.objects.get(section=world.open_b).cap == 20
    form_url = f"{live_server.url}/e/{world.event.slug}/enter/"
    phone = chromium.new_context(viewport={"width": PHONE, "height": 900})
    page = phone.new_page()

    # 60 entries; the 21st of Open B waits.
    for fide_id, _rating in ENTRANTS:
        _enter(page, form_url, fide_id)
        expect(page.locator(".message-success")).to_contain_text(f"Player{fide_id}, Test")
    expect(page.locator(".message-success")).to_contain_text(
        "Player320018, Test, Open C. The arbiter checks it"
    )
    assert Entry.objects.get(fide_id="310020").status == "waiting"
    _no_sideways_scroll(page, PHONE)
    screenshot(page, f"event-e2e-entry-list-{PHONE}")

    # A duplicate: the first player of Open A again.
    _enter(page, form_url, "300000")
    expect(page.locator(".message-error")).to_contain_text(
        "Player300000, Test has already entered this event: one entry per player."
    )
    # Rating too high: Bianchi (1850, Open B) posts Open C, an option the form never offered.
    page.goto(f"{form_url}?fide_id=100003")
    expect(page.get_by_label("Section").locator("option")).to_have_text(
        ["Open B (full: waiting list)"]
    )
    page.get_by_label("E-mail").fill("forged@example.org")
    page.evaluate(
        """section => { const select = document.querySelector('select[name=section]');
             select.add(new Option('Open C', section, true, true)); }""",
        str(world.open_c.pk),
    )
    page.get_by_role("button", name="Send my entry").click()
    expect(page.locator(".message-error")).to_contain_text(
        "A rating of 1850 is above the limit of Open C (1599): choose another section."
    )
    # After the deadline: Carlsen (2830) 20 days before a FIDE-rated start.
    page.goto(f"{form_url}?fide_id=100001")
    expect(page.locator(".entry-sections")).to_contain_text(
        "Closed for your rating: FIDE's registration deadline has passed"
    )
    expect(page.get_by_text("No section takes your entry.")).to_be_visible()
    screenshot(page, f"event-e2e-entry-refused-deadline-{PHONE}")
    assert Entry.objects.count() == 60

    # The arbiter's queue: every pending entry approved; the waiting one stays.
    desk = _arbiter_page(chromium, live_server.url, client, world.arbiter, WIDE)
    desk.context.set_default_navigation_timeout(30_000)
    queue_url = f"{live_server.url}/e/{world.event.slug}/manage/entries/"
    desk.goto(queue_url)
    screenshot(desk, f"event-e2e-queue-{WIDE}", full_page=False)
    approve = desk.get_by_role("button", name="Approve")
    expect(approve).to_have_count(59)
    for _left in range(59):
        approve.first.click()
        expect(desk.locator(".message-success")).to_contain_text("is registered")
    expect(approve).to_have_count(0)
    counts = {
        section.name: section.players.count()
        for section in (world.open_a, world.open_b, world.open_c)
    }
    assert counts == {"Open A": 20, "Open B": 20, "Open C": 19}

    # A move between sections: Open B's highest rated (1942) plays up in Open A.
    desk.goto(f"{live_server.url}/e/{world.event.slug}/manage/")
    desk.locator("#id_move_player").select_option(label="Player310019, Test (1942)")
    desk.locator("#id_move_section").select_option(value=str(world.open_a.pk))
    desk.get_by_role("button", name="Move", exact=True).click()
    dialog = desk.locator("dialog#confirmation")
    expect(dialog).to_be_visible()
    screenshot(desk, f"event-e2e-move-confirm-{WIDE}", full_page=False)
    dialog.locator("button[type=submit]").click()
    expect(desk.locator(".message-success")).to_contain_text(
        "Player310019, Test is moved to Open A"
    )
    assert world.open_a.players.count() == 21

    # Check-in before round 1: Open A's last two are not checked in; Open B's last checks in
    # from a phone; everyone else is present at the desk.
    for section in (world.open_a, world.open_b, world.open_c):
        desk.goto(f"{live_server.url}/t/{section.slug}/manage/round/1/check-in/")
        rows = desk.locator("tr.check-in-row")
        total = section.players.count()
        expect(rows).to_have_count(total)
        ids = rows.evaluate_all("rows => rows.map(row => row.id)")
        typed = (
            total - 2
            if section == world.open_a
            else total - 1
            if section == world.open_b
            else total
        )
        desk.focus(f"#{ids[0]}")
        for _index in range(typed):
            desk.keyboard.press("p")
            desk.wait_for_timeout(30)
        expect(desk.locator("tr.check-in-row[data-entry=saved]")).to_have_count(typed)
        if section == world.open_b:
            desk.locator("input[name=self_check_in]").check()
            desk.get_by_role("button", name="Save the check-in settings").click()
            expect(desk.locator(".message-success")).to_be_visible()
            number = int(ids[-1].removeprefix("player-"))
            last = section.players.get(pairing_number=number)
            code = shown_code(player_code(last))
            mobile = chromium.new_context(viewport={"width": PHONE, "height": 800}).new_page()
            mobile.goto(f"{live_server.url}/t/{section.slug}/check-in/")
            mobile.fill("input[name=code]", code)
            mobile.click(".check-in-form button[type=submit]")
            expect(mobile.locator(".check-in-done")).to_contain_text(
                "you are checked in for round 1"
            )
            screenshot(mobile, f"event-e2e-phone-check-in-{PHONE}", full_page=False)
            mobile.context.close()
    screenshot(desk, f"event-e2e-check-in-desk-{WIDE}", full_page=False)

    desk.goto(f"{live_server.url}/t/{world.open_a.slug}/manage/round/1/pairing/")
    panel = desk.locator("#check-in-panel")
    expect(panel).to_contain_text("19 of 21 players checked in.")
    screenshot(desk, f"event-e2e-absentees-{WIDE}")
    panel.locator("button[type=submit]").click()
    expect(desk.locator(".message-success")).to_contain_text("2 players are left out of round 1.")

    # Rounds 1 and 2 of each section, paired and published.
    desk.context.set_default_timeout(30_000)
    sections = (world.open_a, world.open_b, world.open_c)
    for section in sections:
        _pair_and_publish(desk, live_server.url, section, 1)
        _round_1_results(section, world.arbiter)
    for section in sections:
        _pair_and_publish(desk, live_server.url, section, 2)
    screenshot(desk, f"event-e2e-round-2-published-{WIDE}")
    desk.context.close()

    # The public event page.
    for width in (PHONE, WIDE):
        visitor = chromium.new_context(viewport={"width": width, "height": 900}).new_page()
        visitor.goto(f"{live_server.url}/e/{world.event.slug}/")
        table = visitor.locator("table.event-sections")
        for name in ("Open A", "Open B", "Open C"):
            expect(table).to_contain_text(name)
        expect(visitor.locator("main")).not_to_contain_text("@example.org")
        _no_sideways_scroll(visitor, width)
        hidden = visitor.evaluate(
            "() => [...document.querySelectorAll('.table-wrap')]"
            ".filter(wrap => wrap.scrollWidth > wrap.clientWidth).length"
        )
        assert hidden == 0, f"{hidden} tables hide columns at {width} px"  # the ratings, say
        screenshot(visitor, f"event-e2e-event-page-{width}")
        visitor.context.close()
    phone.close()

    rounds = {
        (section.name, number): section.round_set.get(number=number).state
        for section in sections
        for number in (1, 2)
    }
    absentees = set(
        CheckIn.objects.filter(
            round__tournament=world.open_a, status=CheckInStatus.NO_SHOW
        ).values_list("player_id", flat=True)
    )
    withdrawn = set(
        world.open_a.players.filter(status=PlayerStatus.WITHDRAWN).values_list("pk", flat=True)
    )
    round_1 = world.open_a.round_set.get(number=1)
    on_boards = {
        player for pair in round_1.games.values_list("white_id", "black_id") for player in pair
    }
    phone_check_in = CheckIn.objects.filter(source=CheckInSource.PHONE).count()
    moved = Player.objects.get(fide_id="310019").tournament_id
    connection.close()
    cache.clear()
    assert rounds == {
        (name, number): (RoundState.COMPLETED if number == 1 else RoundState.PUBLISHED)
        for name in ("Open A", "Open B", "Open C")
        for number in (1, 2)
    }
    assert len(absentees) == 2
    assert not absentees & on_boards
    # absent without notice from round 1: withdrawn, the default of one absence (C.04.2 D.2)
    assert withdrawn == absentees
    assert (phone_check_in, moved) == (1, world.open_a.pk)
