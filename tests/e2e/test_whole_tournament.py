"""A whole tournament in a real Chromium: the seeds' worked example (14 players, 6 rounds, 2017
Dutch rules) run from an empty database by an arbiter at the keyboard, every round paired by a
real Celery worker on Redis.

The arbiter logs in, creates the tournament, registers the 14 players (in reverse order, so that
assigning the pairing numbers matters), records player 12's absence in round 2, then pairs,
publishes and enters the results of every round. Each published round must equal
`rounds/round-N-expected.txt`, and the final standings must give the reference points and the
ranking of `python -m standings` on the reference TRF. Screenshots of the main pages at 1280 and
390 pixels are taken (e2e-*.png, tests/screenshots.py; `make screenshots` keeps them in
var/screenshots/).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect
from pytest_django.live_server_helper import LiveServer

from standings.selectors import standings_codes, standings_edition, standings_lots_seed
from tests.e2e.worked_example import (
    ABSENT_PLAYER,
    ABSENT_ROUND,
    FINAL_POINTS,
    RESULT_KEYS,
    RESULT_TEXTS,
    ROUNDS,
    TOURNAMENT_TRF,
    entrants,
    expected_pairing,
    results,
)
from tests.integration.worker import Worker
from tests.screenshots import screenshot
from tournaments.models import RoundState, Tournament, TournamentStatus

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
WIDTHS = (1280, 390)
HEIGHT = 900
PAGE_TIMEOUT_MS = 30_000
WORKER_TIMEOUT_MS = 120_000
PASSWORD = "an-arbiter-password"
NAME = "Worked example 2017"
PAIRING_BYE = "Pairing-allocated bye"
ABSENCE = "Zero-point bye (absence)"
KEYS_AND_CLEAR = ("1", "=", "0", "+", "-", "*", "Backspace")
MORE_KEYS = ("q", "p", "x", "w", "d", "l", "a")
"""The rarer results behind "More" on each board (½-0, 0-½, 0-0, not rated, adjourned)."""


def screenshots(page: Page, name: str) -> None:
    """`e2e-<name>-<width>.png` of the whole page at each width."""
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": HEIGHT})
        screenshot(page, f"e2e-{name}-{width}")
    page.set_viewport_size({"width": WIDTHS[0], "height": HEIGHT})


def log_in(page: Page) -> None:
    page.goto("/accounts/login/?next=/manage/new/")
    page.get_by_label("Username").fill("arbiter")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"/manage/new/$"))


def create_tournament(page: Page) -> str:
    """Fill in /manage/new/ (6 rounds, White entered, standard scoring, 2017 rules); the slug."""
    page.get_by_label("Name", exact=True).fill(NAME)
    page.get_by_label("City").fill("Milano")
    page.get_by_label("Start date").fill("2017-07-14")
    page.get_by_label("End date").fill("2017-07-16")
    page.get_by_label("Rounds", exact=True).fill(str(ROUNDS))
    page.get_by_label("Rules edition").select_option(label="FIDE Dutch system (2017 rules)")
    page.get_by_label("Initial colour").select_option(label="White (entered)")
    for label, points in (("Win", "1"), ("Draw", "0.5"), ("Loss", "0")):
        expect(page.get_by_label(label, exact=True)).to_have_value(points)
    page.get_by_role("button", name="Create the tournament").click()
    expect(page).to_have_url(re.compile(r"/t/[-\w]+/manage/players/$"))
    match = re.search(r"/t/([-\w]+)/manage/players/$", page.url)
    assert match is not None
    return match.group(1)


def register_players(page: Page) -> None:
    """Register the players one by one (the last first), then assign the pairing numbers."""
    rows = page.locator("table.players tbody tr")
    for count, entrant in enumerate(reversed(entrants()), start=1):
        page.get_by_label("Name", exact=True).fill(entrant.name)
        page.get_by_label("FIDE rating").fill(str(entrant.rating))
        page.get_by_label("Title", exact=True).select_option(value=entrant.title)
        page.get_by_role("button", name="Register", exact=True).click()
        expect(page.locator(".message-success")).to_contain_text(f"{entrant.name} is registered.")
        expect(rows).to_have_count(count)
    page.get_by_role("button", name="Assign pairing numbers in initial order").click()
    expect(page.locator(".message-success")).to_contain_text(
        "Pairing numbers follow the initial ranking order."
    )
    table = [  # a typed rating is marked as such: "2500 manual" (rating sources, issue 29)
        (int(number), title, name, int(rating.split()[0]))
        for number, title, name, rating in rows.evaluate_all(
            "rows => rows.map(row => [0, 1, 2, 3].map(i => row.cells[i].textContent.trim()))"
        )
    ]
    assert table == [
        (entrant.pairing_number, entrant.title, entrant.name, entrant.rating)
        for entrant in entrants()
    ]


def record_absence(page: Page, slug: str) -> None:
    """Player 12 announces he will miss round 2: a zero-point bye, before round 2 is paired."""
    page.goto(f"/t/{slug}/manage/player/{ABSENT_PLAYER}/")
    page.get_by_label("Round", exact=True).fill(str(ABSENT_ROUND))
    page.get_by_label("Bye", exact=True).select_option(label="Zero-point")
    page.get_by_role("button", name="Request the bye").click()
    expect(page.locator(".message-success")).to_contain_text(
        f"Bye recorded for round {ABSENT_ROUND}."
    )


def pair_and_publish(page: Page, public: Page, slug: str, number: int, worker: Worker) -> None:
    """Ask for the pairing, wait for the worker's draft to come in by polling, check that the
    public does not see the draft, publish it."""
    page.goto(f"/t/{slug}/manage/round/{number}/pairing/")
    page.get_by_role("button", name=f"Pair round {number}", exact=True).click()
    publish = page.get_by_role("button", name=f"Publish round {number}")
    try:
        expect(publish).to_be_visible(timeout=WORKER_TIMEOUT_MS)
    except AssertionError as error:
        pytest.fail(f"round {number} was not paired: {error}\nworker log:\n{worker.output()}")
    expect(page.locator("#pairing-status .round-state").first).to_contain_text("Paired (draft)")
    if number == 1:
        screenshots(page, "pairing-draft")
    public.goto(f"/t/{slug}/round/{number}/")
    expect(public.locator("#round-boards")).to_contain_text(
        f"The pairings of round {number} are not published yet."
    )
    publish.click()
    expect(page.locator(".message-success")).to_contain_text(f"Round {number} is published.")


def published_round(page: Page, slug: str, number: int) -> tuple[list[tuple[int, int]], list[str]]:
    """The public round page: the boards as (white, black) in board order, and its lines in
    the format of `round-N-expected.txt` (absentees left out), after checking the byes."""
    page.goto(f"/t/{slug}/round/{number}/")
    rows: list[list[str]] = page.locator("table.pairings tbody tr").evaluate_all(
        """rows => rows.map(row => [
            row.classList.contains('bye') ? 'bye' : row.cells[0].textContent.trim(),
            ...Array.from(row.querySelectorAll('td.name a[href*="/player/"]')).map(
                link => link.pathname.split('/').filter(Boolean).pop()),
            row.cells[row.cells.length - 1].textContent.trim(),
        ])"""
    )
    games = [row for row in rows if row[0] != "bye"]
    byes = [(int(row[1]), row[2]) for row in rows if row[0] == "bye"]
    assert [int(row[0]) for row in games] == list(range(1, len(games) + 1))
    boards = [(int(row[1]), int(row[2])) for row in games]
    absent = [player for player, kind in byes if kind == ABSENCE]
    assert absent == ([ABSENT_PLAYER] if number == ABSENT_ROUND else []), byes
    lines = [f"{white} {black}" for white, black in boards]
    lines += [f"{player} 0" for player, kind in byes if kind == PAIRING_BYE]
    assert len(byes) == len(absent) + (len(lines) - len(boards)), byes
    return boards, lines


def enter_results(page: Page, slug: str, number: int, boards: list[tuple[int, int]]) -> None:
    """Type each board's result on the result entry page; the focus moves on by itself."""
    page.goto(f"/t/{slug}/manage/round/{number}/results/")
    expect(page.locator("tr.result-row")).to_have_count(len(boards))
    reference = results(number)
    page.locator("#board-1").focus()
    for board, pair in enumerate(boards, start=1):
        row = page.locator(f"#board-{board}")
        expect(row).to_be_focused()
        white, black = row.locator("td.name .muted").all()
        expect(white).to_have_text(str(pair[0]))
        expect(black).to_have_text(str(pair[1]))
        letter = reference[pair]
        page.keyboard.type(RESULT_KEYS[letter])
        expect(row.locator("td.result strong")).to_have_text(RESULT_TEXTS[letter])
        # The row that came back still offers every key, to correct the result.
        expect(row.locator("button[data-key]")).to_have_count(len(KEYS_AND_CLEAR + MORE_KEYS))
    expect(page.locator("#round-status")).to_have_text("Completed")


def qr_code_fits(page: Page) -> bool:
    """Whether the QR code's drawing lies wholly inside its SVG box (scaled, not clipped)."""
    fits: bool = page.locator(".qr svg").evaluate(
        """svg => {
            const box = svg.getBoundingClientRect();
            const drawing = svg.querySelector('g').getBoundingClientRect();
            return drawing.width > 0 && drawing.left >= box.left - 0.5
                && drawing.right <= box.right + 0.5 && drawing.bottom <= box.bottom + 0.5;
        }"""
    )
    return fits


def python_m_standings(tournament: Tournament) -> list[dict[str, object]]:
    """`python -m standings` on the reference TRF with the tournament's tie-break list,
    C.07 edition and seed of the drawing of lots."""
    codes, _ = standings_codes(tournament)
    command = [
        sys.executable,
        "-m",
        "standings",
        str(TOURNAMENT_TRF),
        "--tiebreaks",
        ",".join(["PTS", *(code.text for code in codes)]),
        "--edition",
        standings_edition(tournament).value,
        "--lots-seed",
        standings_lots_seed(tournament),
        "--json",
    ]
    output = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=True)
    players: list[dict[str, object]] = json.loads(output.stdout)["players"]
    return players


def final_standings(page: Page, slug: str) -> list[list[str]]:
    """The standings page's rows: rank, pairing number, points, then each tie-break value."""
    page.goto(f"/t/{slug}/standings/")
    rows: list[list[str]] = page.locator("table.standings tbody tr").evaluate_all(
        """rows => rows.map(row => {
            const cells = Array.from(row.cells);
            const points = cells.findIndex(cell => cell.classList.contains('col-points'));
            return [
                row.querySelector('.col-rank').firstChild.textContent.trim(),
                row.querySelector('.col-number').textContent.trim(),
                ...cells.slice(points).map(cell => cell.textContent.trim()),
            ];
        })"""
    )
    return rows


def test_an_arbiter_runs_the_worked_example_in_the_browser_from_an_empty_database(
    live_server: LiveServer, chromium: Browser, celery_worker: Worker
) -> None:
    assert not Tournament.objects.exists()
    User.objects.create_user("arbiter", password=PASSWORD)
    arbiter = chromium.new_context(
        base_url=live_server.url, viewport={"width": WIDTHS[0], "height": HEIGHT}
    )
    arbiter.set_default_timeout(PAGE_TIMEOUT_MS)
    page = arbiter.new_page()
    visitor = chromium.new_context(
        base_url=live_server.url, viewport={"width": WIDTHS[0], "height": HEIGHT}
    )
    visitor.set_default_timeout(PAGE_TIMEOUT_MS)
    public = visitor.new_page()

    log_in(page)
    slug = create_tournament(page)
    register_players(page)
    screenshots(page, "registration")

    for number in range(1, ROUNDS + 1):
        if number == ABSENT_ROUND:
            record_absence(page, slug)
        pair_and_publish(page, public, slug, number, celery_worker)
        boards, lines = published_round(public, slug, number)
        assert lines == expected_pairing(number), f"round {number}"
        enter_results(page, slug, number, boards)
        if number == 3:  # the forfeit: 11 did not appear, 6 wins
            screenshots(page, "result-entry")
            public.goto(f"/t/{slug}/round/{number}/")
            expect(public.locator("table.pairings")).to_contain_text("−/+ (forfeit)")
            screenshots(public, "public-round")

    tournament = Tournament.objects.get(slug=slug)
    assert tournament.pairing_system == "FIDE_DUTCH"
    states = list(tournament.round_set.order_by("number").values_list("state", flat=True))
    assert states == [RoundState.COMPLETED] * ROUNDS
    assert tournament.status == TournamentStatus.FINISHED

    standings = final_standings(public, slug)
    screenshots(public, "standings")
    assert {int(row[1]): row[2] for row in standings} == FINAL_POINTS
    reference = python_m_standings(tournament)
    assert [(int(row[0]), int(row[1])) for row in standings] == [
        (player["rank"], player["startno"]) for player in reference
    ]
    for row, player in zip(standings, reference, strict=True):
        values = player["values"]
        assert isinstance(values, dict)
        page_values = [None if text == "–" else float(text) for text in row[2:]]
        assert page_values == list(values.values()), f"player {player['startno']}"

    public.goto(f"/t/{slug}/player/{ABSENT_PLAYER}/")
    expect(public.locator("h1")).to_contain_text("Oscar")
    screenshots(public, "player-card")
    public.goto(f"/t/{slug}/")
    expect(public.locator("h1")).to_contain_text(NAME)
    screenshots(public, "tournament")
    assert qr_code_fits(public), "the QR code is clipped"
    public.goto("/")
    expect(public.locator("#tournament-list")).to_contain_text(NAME)
    screenshots(public, "home")
    visitor.close()
    arbiter.close()
