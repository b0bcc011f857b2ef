"""Keeping the local FIDE lists current (VCL4THP Q135, Q136): the site checks FIDE's combined
list by itself out of the box, and one action (`manage.py fetch_rating_lists`, or **Update
FIDE's lists now** on the Rating lists page) imports it whenever FIDE's file is newer than the
stored copy. The file is served by a real HTTP server on localhost that answers as FIDE's does
(`Last-Modified`, and 304 to a conditional request)."""

from __future__ import annotations

import datetime
import email.utils
import html as html_text
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.test import Client, override_settings

from tests.factories import UserFactory
from tests.tournaments.ratinglists.conftest import SAMPLES, import_sample
from tournaments.domain.ratinglists import ListKind
from tournaments.models import RatingList

pytestmark = pytest.mark.django_db

SAMPLE = (SAMPLES / "players_list.zip").read_bytes()
ROOT = Path(__file__).resolve().parents[3]


@dataclass
class Fide:
    """The test's FIDE: the file's date, and what was asked of it."""

    url: str
    modified: datetime.datetime = datetime.datetime(2026, 12, 1, 6, 0, tzinfo=datetime.UTC)
    downloads: int = 0
    not_modified: int = 0
    asked_since: list[str] = field(default_factory=list)


@pytest.fixture
def fide() -> Iterator[Fide]:
    served = Fide(url="")

    class FideLike(http.server.BaseHTTPRequestHandler):
        """Serves the sample as FIDE serves players_list.zip."""

        def do_GET(self) -> None:
            if self.path != "/download/players_list.zip":
                self.send_error(404)
                return
            since = self.headers.get("If-Modified-Since")
            if since:
                served.asked_since.append(since)
                if served.modified <= email.utils.parsedate_to_datetime(since):
                    served.not_modified += 1
                    self.send_response(304)
                    self.end_headers()
                    return
            served.downloads += 1
            self.send_response(200)
            self.send_header("Content-Type", "application/zip")
            self.send_header("Content-Length", str(len(SAMPLE)))
            modified = email.utils.format_datetime(served.modified, usegmt=True)
            self.send_header("Last-Modified", modified)
            self.end_headers()
            self.wfile.write(SAMPLE)

        def log_message(self, format: str, *args: object) -> None:  # quiet
            return

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FideLike)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    served.url = f"http://127.0.0.1:{server.server_address[1]}/download/players_list.zip"
    yield served
    server.shutdown()
    server.server_close()


def fetch(url: str, *extra: str) -> str:
    out = StringIO()
    call_command("fetch_rating_lists", "--url", url, *extra, stdout=out)
    return out.getvalue()


def stored() -> list[tuple[str, datetime.date, int]]:
    return [(x.kind, x.date, x.player_count) for x in RatingList.objects.order_by("date")]


DECEMBER = datetime.date(2026, 12, 1)
JANUARY = datetime.date(2027, 1, 1)


def test_one_action_imports_the_month_s_combined_list_once(fide: Fide) -> None:
    with time_machine.travel(datetime.datetime(2026, 12, 2, 8, 0, tzinfo=datetime.UTC)):
        said = fetch(fide.url)
    assert stored() == [("fide", DECEMBER, 16)]
    assert "Imported FIDE combined list" in said
    with time_machine.travel(datetime.datetime(2026, 12, 2, 14, 0, tzinfo=datetime.UTC)):
        said = fetch(fide.url)
        assert "is current: FIDE's file has not changed" in said
        assert (fide.downloads, fide.not_modified) == (1, 1)  # asked, not downloaded again
        assert "Imported" in fetch(fide.url, "--force")  # replaced, still one list
    assert stored() == [("fide", DECEMBER, 16)]


def test_a_file_fide_changes_during_the_month_replaces_the_copy(fide: Fide) -> None:
    """Never more than a check behind FIDE (Q135): a file FIDE changed after our import is
    imported again, as the same month's list."""
    with time_machine.travel(datetime.datetime(2026, 12, 2, 8, 0, tzinfo=datetime.UTC)):
        fetch(fide.url)
    first = RatingList.objects.get().imported_at
    fide.modified = datetime.datetime(2026, 12, 14, 9, 30, tzinfo=datetime.UTC)
    with time_machine.travel(datetime.datetime(2026, 12, 14, 12, 0, tzinfo=datetime.UTC)):
        assert "Imported" in fetch(fide.url)
    assert stored() == [("fide", DECEMBER, 16)]
    assert RatingList.objects.get().imported_at > first
    assert fide.downloads == 2


def test_the_january_list_put_up_on_31_december_is_january_s(fide: Fide) -> None:
    """FIDE puts the January lists up on 31 December: checked that evening, the file is
    January's list (December's stays the December tournaments' list); checked on 1 January,
    it is current, not "not published yet"."""
    with time_machine.travel(datetime.datetime(2026, 12, 2, 8, 0, tzinfo=datetime.UTC)):
        fetch(fide.url)
    fide.modified = datetime.datetime(2026, 12, 31, 18, 0, tzinfo=datetime.UTC)
    with time_machine.travel(datetime.datetime(2026, 12, 31, 20, 0, tzinfo=datetime.UTC)):
        assert "Imported FIDE combined list (standard, rapid, blitz) of 2027-01-01" in fetch(
            fide.url
        )
    assert stored() == [("fide", DECEMBER, 16), ("fide", JANUARY, 16)]
    with time_machine.travel(datetime.datetime(2027, 1, 1, 3, 0, tzinfo=datetime.UTC)):
        assert "of 2027-01-01 is current" in fetch(fide.url)
    assert fide.downloads == 2


def test_an_older_file_is_its_own_month_s_list_and_the_new_month_is_not_published_yet(
    fide: Fide,
) -> None:
    with time_machine.travel(datetime.datetime(2027, 1, 3, 3, 0, tzinfo=datetime.UTC)):
        assert "of 2026-12-01" in fetch(fide.url)  # FIDE's file still dates from 1 December
        assert stored() == [("fide", DECEMBER, 16)]
        said = fetch(fide.url)
    assert "FIDE has not published the list of 2027-01-01 yet" in said


def test_a_failed_download_changes_nothing_and_says_why(fide: Fide) -> None:
    with pytest.raises(CommandError, match="download failed"):
        fetch(fide.url.replace("players_list.zip", "missing.zip"))
    assert not RatingList.objects.exists()


def _settings_in_a_new_process(**environment: str) -> subprocess.CompletedProcess[str]:
    """The production settings as a fresh process reads them from this environment."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("RATING_LISTS_", "DJANGO_SETTINGS"))
    }
    env.update(SECRET_KEY="settings-check", DJANGO_SETTINGS_MODULE="config.settings")
    env.update(environment)
    script = (
        "from django.conf import settings\n"
        "entry = settings.CELERY_BEAT_SCHEDULE.get('rating-lists-fetch')\n"
        "print(settings.RATING_LISTS_FETCH_URL)\n"
        "print(entry and (entry['task'], entry['schedule']))\n"
    )
    return subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )


def test_out_of_the_box_the_site_checks_fide_s_list_every_six_hours() -> None:
    """Q135 with nothing configured: FIDE's address, and Celery beat's check within the day."""
    done = _settings_in_a_new_process()
    assert done.returncode == 0, done.stderr
    url, entry = done.stdout.splitlines()
    assert url == "https://ratings.fide.com/download/players_list.zip"
    assert entry == "('tournaments.tasks.fetch_rating_lists_task', 21600.0)"
    off = _settings_in_a_new_process(RATING_LISTS_FETCH_URL="")
    assert off.stdout.splitlines() == ["", "None"]  # a site without Internet turns it off
    refused = _settings_in_a_new_process(RATING_LISTS_FETCH_HOURS="48")
    assert refused.returncode != 0
    assert "RATING_LISTS_FETCH_HOURS=48: from 1 to 24" in refused.stderr
    hall = _settings_in_a_new_process(HALL_WORKER="1")  # the laptop's one in-process worker
    assert hall.stdout.splitlines()[1] == "None"  # checked when an officer asks


def test_on_request_only_the_page_says_so_and_the_action_still_updates(
    client: Client, fide: Fide
) -> None:
    """RATING_LISTS_FETCH_HOURS=0 (the hall's default): no automatic check, the page says
    so, and the one action still brings the lists up to date."""
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    with override_settings(RATING_LISTS_FETCH_URL=fide.url, RATING_LISTS_FETCH_AUTOMATIC=False):
        page = html_text.unescape(client.get("/rating-lists/").content.decode())
        assert "only when an officer asks, with the button below" in page
        client.post("/rating-lists/update/")
    assert stored() == [("fide", DECEMBER, 16)]


def test_an_officer_updates_fide_s_lists_in_one_action_and_sees_the_outcome(
    client: Client, fide: Fide
) -> None:
    """Q136 through the site: the button sends the check to the worker (run in-process here);
    the page shows what the last check did."""
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    with override_settings(RATING_LISTS_FETCH_URL=fide.url, RATING_LISTS_FETCH_AUTOMATIC=True):
        page = html_text.unescape(client.get("/rating-lists/").content.decode())
        assert "every 6 hours and imports it whenever FIDE has changed it" in page
        assert "Update FIDE's lists now" in page
        assert "No FIDE list is stored yet." in page
        response = client.post("/rating-lists/update/", follow=True)
    html = html_text.unescape(response.content.decode())
    assert response.redirect_chain == [("/rating-lists/", 302)]
    assert "The update of FIDE's lists was started." in html
    assert "imported FIDE combined list (standard, rapid, blitz) of 2026-12-01: 16 players" in html
    assert RatingList.objects.get().imported_by is not None


def test_a_failed_check_is_shown_on_the_page(client: Client, fide: Fide) -> None:
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    missing = fide.url.replace("players_list.zip", "missing.zip")
    with override_settings(RATING_LISTS_FETCH_URL=missing):
        html = html_text.unescape(
            client.post("/rating-lists/update/", follow=True).content.decode()
        )
    assert "failed: " in html and "download failed" in html
    assert not RatingList.objects.exists()


def test_with_the_download_turned_off_the_page_says_so_and_the_action_does_nothing(
    client: Client,
) -> None:
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    page = html_text.unescape(client.get("/rating-lists/").content.decode())
    assert "The download from FIDE is turned off on this site" in page
    assert "Update FIDE's lists now" not in page
    html = html_text.unescape(client.post("/rating-lists/update/", follow=True).content.decode())
    assert "is turned off on this site (RATING_LISTS_FETCH_URL is empty)" in html
    assert not RatingList.objects.exists()


def test_the_page_warns_when_the_newest_fide_list_is_older_than_this_month_s(
    client: Client,
) -> None:
    """Q135 seen by the officer: October's list in December is behind; a list FIDE put up
    early for next month is not."""
    client.force_login(UserFactory.create(username="officer", is_staff=True))
    import_sample("players_list.zip", ListKind.FIDE_COMBINED, datetime.date(2026, 10, 1))
    behind = "is the FIDE combined list (standard, rapid, blitz) of 2026-10-01: it is older than"
    with time_machine.travel(datetime.datetime(2026, 12, 5, 9, 0, tzinfo=datetime.UTC)):
        assert behind in html_text.unescape(client.get("/rating-lists/").content.decode())
        import_sample("players_list.zip", ListKind.FIDE_COMBINED, JANUARY)
        page = html_text.unescape(client.get("/rating-lists/").content.decode())
    assert "older than the list valid today" not in page
