"""The manual's pictures of the arbiter's rarer workflows, walked in Chromium as the manual tells
them: a late entry and the renumbering, requested byes and a withdrawal
(docs/manual/registration.md, byes-and-withdrawals.md); adjourned games, forfeits, a locked
round and a rating-only correction (results.md); the exports and the printed documents
(exports.md, printing.md); a file imported whole, refused or differing from the engine
(importing-a-trf.md). Each step checks what the manual says the page does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
import time_machine
from django.db import connection
from django.test import Client
from playwright.sync_api import APIResponse, Browser, Locator, Page, expect
from pytest_django.live_server_helper import LiveServer

from tests.factories import TournamentRoleFactory, UserFactory
from tests.manual.test_screenshots import CLOCK, confirm_all_steps, shoot, signed_in
from tests.pairing.fixtures import import_round_input
from tests.tournaments.views.test_import_in_browser import altered_worked_example
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SLUG = "manual-rounds"
LATE_ENTRY = "Sala, Teresa"


@pytest.fixture
def arbiter_walk(
    chromium: Browser, live_server: LiveServer, client: Client
) -> Iterator[tuple[Page, str]]:
    """The worked example before round 3, a browser signed in as its arbiter, and the address of
    the tournament's pages; at a fixed time."""
    with time_machine.travel(CLOCK, tick=False):
        arbiter = UserFactory.create(username="arbiter")
        tournament = import_round_input(3, slug=SLUG)
        TournamentRoleFactory.create(tournament=tournament, user=arbiter)
        page = signed_in(chromium, live_server, client, arbiter)
        yield page, f"{live_server.url}/t/{tournament.slug}"
        page.context.close()
    connection.close()


def test_a_late_entry_byes_a_withdrawal_adjourned_games_and_corrections(
    arbiter_walk: tuple[Page, str],
) -> None:
    page, base = arbiter_walk
    register_a_late_entry(page, base)
    request_byes_and_withdraw(page, base)
    pair_and_publish(page, base, 3)
    enter_results_with_an_adjournment(page, base)
    correct_a_locked_round_for_the_rating_report(page, base)
    download_the_exports_and_the_printed_documents(page, base)


def register_a_late_entry(page: Page, base: str) -> None:
    """registration.md: a player registered after round 1 was paired, then renumbered."""
    page.goto(f"{base}/manage/players/")
    expect(page.locator("main")).to_contain_text(
        "Round 1 is paired: a new player is a late entry with the next free pairing number."
    )
    page.get_by_label("Name", exact=True).fill(LATE_ENTRY)
    page.get_by_label("FIDE rating").fill("2320")
    page.get_by_label("Rounds missed by a late entry").select_option(label="Half a point")
    page.get_by_role("button", name="Register", exact=True).click()
    players = page.locator("table.players")
    late = players.locator("tr", has_text=LATE_ENTRY)
    expect(late).to_contain_text("late entry, rd 3")
    expect(late.locator("td").first).to_have_text("15")
    expect(page.locator(".renumber")).to_contain_text(
        "Late entries have provisional numbers: renumber until round 4 is paired"
    )
    shoot(players, "late-entry")

    page.get_by_role("button", name="Assign pairing numbers in initial order").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Recorded in the tournament report as “### TPN @ Round 2”.")
    shoot(dialog, "renumber-dialog")
    dialog.get_by_role("button", name="Confirm").click()
    expect(late.locator("td").first).to_have_text("6")
    expect(page.locator(".renumber")).to_contain_text("Pairing numbers follow the initial ranking")


def request_byes_and_withdraw(page: Page, base: str) -> None:
    """byes-and-withdrawals.md: a half-point bye, the notice of a full-point bye, the refusal
    of a bye in the last round, a second half-point bye's confirmation, a withdrawal."""
    page.goto(f"{base}/manage/player/5/")
    request_bye(page, 3, "Half-point")
    byes = page.locator("section[aria-labelledby=byes-heading]")
    expect(byes).to_contain_text("Round 3: Half-point bye")
    shoot(byes, "bye-requested")

    request_bye(page, 4, "Full-point (recorded)")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Level 2 · Notice", ignore_case=True)
    expect(dialog).to_contain_text("### FPB @ Round 4")
    shoot(dialog, "full-point-bye-notice")
    dialog.get_by_role("link", name="Cancel").click()
    expect(dialog).to_have_count(0)

    request_bye(page, 5, "Half-point")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Level 3 · Confirm", ignore_case=True)
    expect(dialog).to_contain_text("beyond the limit of 1")
    dialog.get_by_role("link", name="Cancel").click()

    request_bye(page, 6, "Half-point")
    expect(page.locator("main")).to_contain_text("No byes in the last 1 round(s): round 6")

    page.goto(f"{base}/manage/player/8/")
    page.get_by_label("From round").fill("3")
    page.get_by_role("button", name="Withdraw").click()
    status = page.locator("section[aria-labelledby=status-heading]")
    expect(status.get_by_role("button", name="Reinstate")).to_be_visible()
    expect(page.locator("dl.facts")).to_contain_text("withdrawn from round 3")
    page.goto(f"{base}/manage/players/")
    withdrawn = page.locator("table.players tr", has_text="Giorgia")
    expect(withdrawn).to_contain_text("withdrawn from rd 3")


def request_bye(page: Page, round_number: int, bye: str) -> None:
    page.get_by_label("Round", exact=True).fill(str(round_number))
    page.get_by_label("Bye", exact=True).select_option(label=bye)
    page.get_by_role("button", name="Request the bye").click()


def pair_and_publish(page: Page, base: str, number: int) -> None:
    page.goto(f"{base}/manage/round/{number}/pairing/")
    page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
    confirm_all_steps(page)
    publish = page.get_by_role("button", name=f"Publish round {number}")
    expect(publish).to_be_visible()
    publish.click()
    confirm_all_steps(page)
    expect(page.locator(".message-success")).to_contain_text(f"Round {number} is published.")


def enter_results_with_an_adjournment(page: Page, base: str) -> None:
    """results.md: a forfeit, an adjourned game, missing results turned into adjourned games
    by pairing the next round, and an adjourned game's result entered later."""
    page.goto(f"{base}/round/3/")
    byes = page.locator("table tr", has_text="Half-point bye")
    expect(byes).to_contain_text("Elisa")
    expect(page.locator("main")).not_to_contain_text("Giorgia")

    page.goto(f"{base}/manage/round/3/results/")
    page.locator("#board-1").focus()
    for board, (key, shown) in enumerate(
        (("1", "1-0"), ("a", "Adjourned"), ("+", "+/− (forfeit)"), ("=", "½-½")), start=1
    ):
        expect(page.locator(f"#board-{board}")).to_be_focused()
        page.keyboard.type(key)
        expect(page.locator(f"#board-{board} td.result strong")).to_have_text(shown)
    expect(page.locator("main")).to_contain_text("4 of 6 results in")

    page.goto(f"{base}/manage/round/4/pairing/")
    page.get_by_role("button", name="Pair round 4", exact=True).click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Pair round 4 with adjourned games?")
    expect(dialog).to_contain_text("round 3 board 5 (13 - 11), round 3 board 6 (10 - 9)")
    shoot(dialog, "missing-results-notice")
    dialog.get_by_label("I have read this").check()
    dialog.get_by_role("button", name="Go on").click()
    publish = page.get_by_role("button", name="Publish round 4")
    expect(publish).to_be_visible()
    publish.click()
    expect(page.locator(".message-success")).to_contain_text("Round 4 is published.")

    refused = page.request.get(f"{base}/export.trf?format=trf16")
    assert refused.status == 409
    assert "round 3 board 2, round 3 board 5, round 3 board 6" in refused.text()

    page.goto(f"{base}/manage/round/3/results/")
    expect(page.locator("#round-status")).to_contain_text("Completed")
    page.locator("#board-2").focus()
    page.keyboard.type("1")
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("the adjourned game ended 1-0?")
    shoot(dialog, "adjournment-dialog")
    dialog.get_by_role("button", name="Confirm").click()
    expect(page.locator("#board-2 td.result strong")).to_have_text("1-0")
    expect(page.locator("#board-2")).to_be_focused()  # the dialog gives the board back its focus
    for board in (5, 6):
        page.locator(f"#board-{board}").focus()
        page.keyboard.type("=")
        expect(page.locator(f"#board-{board} td.result strong")).to_have_text("½-½")
    expect(page.locator("dialog[open]")).to_have_count(0)


def correct_a_locked_round_for_the_rating_report(page: Page, base: str) -> None:
    """results.md: round 2 is older than the last two published rounds, so locked (Level 5);
    its result goes to the rating report only (Level 3)."""
    page.goto(f"{base}/manage/round/2/results/")
    expect(page.locator("main")).to_contain_text("Round 2 is locked (FIDE mode)")
    page.locator("#board-1").focus()
    page.keyboard.type("0")
    row = page.locator("#board-1")
    expect(row).to_contain_text("Round 2 can no longer be corrected")
    expect(row.locator("td.result strong")).to_have_text("1-0")
    shoot(row, "results-locked")

    rating_only = page.locator("section[aria-labelledby=rating-heading]")
    rating_only.get_by_label("Board", exact=True).fill("1")
    rating_only.get_by_label("Result for the rating report").select_option(label="0-1")
    rating_only.get_by_label("Note").fill("Reported late")
    rating_only.get_by_label("Note").blur()
    shoot(rating_only, "rating-only-correction")
    rating_only.get_by_role("button", name="Record for the rating report").click()
    dialog = page.locator("dialog[open]")
    expect(dialog).to_contain_text("Report round 2, board 1 (5 - 1) as 0-1 for rating?")
    dialog.get_by_role("button", name="Confirm").click()
    expect(page.locator("main")).to_contain_text(
        "Board 1: the rating report will give the corrected result."
    )
    expect(row.locator("td.result strong")).to_have_text("1-0")


def download_the_exports_and_the_printed_documents(page: Page, base: str) -> None:
    """exports.md and printing.md: the dashboard's TRF files, the standings CSV and every PDF
    of the Print menus."""
    page.goto(f"{base}/manage/")
    actions = page.locator("nav.action-bar")
    shoot(actions, "dashboard-exports")
    report = download(page, actions.get_by_role("link", name="TRF-2026"))
    events = [line for line in report.text().splitlines() if line.startswith("###")]
    assert [event.split(":")[0] for event in events] == [
        "### Import @ Round 2",
        "### TPN @ Round 2",
        "### Adjournment @ Round 3",
        "### Rating-only correction @ Round 2",
    ]
    trf16 = download(page, actions.get_by_role("link", name="TRF16"))
    assert trf16.status == 200 and trf16.text().startswith("012 ")

    page.goto(f"{base}/standings/")
    csv = download(page, page.get_by_role("link", name="CSV"))
    assert csv.text().splitlines()[0].startswith("Rank,No,Name,Title,Fed,Rating,Points,")

    documents = set()
    for address in ("/manage/", "/manage/round/4/pairing/", "/manage/standings/"):
        page.goto(f"{base}{address}")
        documents |= {
            urljoin(page.url, link.get_attribute("href") or "")
            for link in page.locator(".print-menu a").all()
        }
    assert len(documents) == 20  # ten documents (the check-in badges too), on A4 and on Letter
    for document in documents:
        response = page.request.get(document)
        assert response.headers["content-type"] == "application/pdf", document

    page.goto(f"{base}/round/4/")
    in_play = page.get_by_text("In play: results appear as they come in.")
    expect(in_play).to_be_visible()
    page.emulate_media(media="print")
    expect(in_play).to_be_hidden()  # the printed list holds the heading and the table only
    shoot(page.locator("main"), "print-round")
    page.emulate_media(media="screen")


def download(page: Page, link: Locator) -> APIResponse:
    """What the link leads to, fetched with the page's session."""
    return page.request.get(urljoin(page.url, link.get_attribute("href") or ""))


def test_a_tournament_imported_whole_after_a_refusal_and_a_warning(
    chromium: Browser, live_server: LiveServer, client: Client, tmp_path: Path
) -> None:
    """importing-a-trf.md: a file refused with its line, then a file whose round 6 differs from
    the engine's pairing, imported anyway."""
    differing, broken = altered_worked_example(tmp_path)
    page = signed_in(chromium, live_server, client, UserFactory.create(username="arbiter"))
    page.goto(live_server.url)
    page.get_by_role("link", name="Import a tournament").click()

    page.set_input_files("input[name=file]", str(broken))
    page.get_by_role("button", name="Preview the import").click()
    refusal = page.locator("#job-status [role=alert]")
    expect(refusal).to_contain_text("line 6, column 97: round 1: unknown colour 'x'")
    refusal.locator(".table-wrap").evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    shoot(refusal, "import-refused")

    page.get_by_role("link", name="Upload a file again").click()
    page.set_input_files("input[name=file]", str(differing))
    page.get_by_role("button", name="Preview the import").click()
    warning = page.locator("#job-status [role=alert]")
    expect(warning).to_contain_text("Level 3 · warning:")
    expect(page.locator("tr.warned")).to_have_count(1)
    shoot(page.locator("#job-status table.draft"), "import-warning")
    page.get_by_role("button", name="Import anyway").click()
    expect(page.locator(".message-success")).to_contain_text("you are its chief arbiter")
    page.get_by_role("link", name="Open the tournament").click()
    page.wait_for_url("**/t/*/manage/")
    tournament = Tournament.objects.get()
    assert tournament.fide_mode
    page.context.close()
    connection.close()
