"""Keeping the local FIDE list current (VCL4THP Q135, Q136): `manage.py fetch_rating_lists`
downloads the combined list of the month from a real HTTP server (here one on localhost serving
the sample), once, and leaves an unpublished month alone."""

from __future__ import annotations

import datetime
import email.utils
import http.server
import threading
from collections.abc import Iterator
from io import StringIO

import pytest
import time_machine
from django.core.management import CommandError, call_command

from tests.tournaments.ratinglists.conftest import SAMPLES
from tournaments.models import RatingList

pytestmark = pytest.mark.django_db

SAMPLE = (SAMPLES / "players_list.zip").read_bytes()


class FideLike(http.server.BaseHTTPRequestHandler):
    """Serves the sample as FIDE serves players_list.zip, with its Last-Modified date."""

    modified = datetime.datetime(2026, 12, 1, 6, 0, tzinfo=datetime.UTC)

    def do_GET(self) -> None:
        if self.path != "/download/players_list.zip":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/zip")
        self.send_header("Content-Length", str(len(SAMPLE)))
        self.send_header("Last-Modified", email.utils.format_datetime(self.modified, usegmt=True))
        self.end_headers()
        self.wfile.write(SAMPLE)

    def log_message(self, format: str, *args: object) -> None:  # quiet
        return


@pytest.fixture
def fide() -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FideLike)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/download/players_list.zip"
    server.shutdown()
    server.server_close()


def fetch(url: str, *extra: str) -> str:
    out = StringIO()
    call_command("fetch_rating_lists", "--url", url, *extra, stdout=out)
    return out.getvalue()


@time_machine.travel(datetime.datetime(2026, 12, 2, 8, 0, tzinfo=datetime.UTC), tick=False)
def test_one_action_imports_the_month_s_combined_list_once(fide: str) -> None:
    said = fetch(fide)

    stored = RatingList.objects.get()
    assert (stored.kind, stored.date, stored.player_count) == (
        "fide",
        datetime.date(2026, 12, 1),
        16,
    )
    assert "Imported FIDE combined list" in said
    assert "is stored already" in fetch(fide)
    assert RatingList.objects.count() == 1
    assert "Imported" in fetch(fide, "--force")  # replaced, still one list
    assert RatingList.objects.count() == 1


@time_machine.travel(datetime.datetime(2027, 1, 1, 3, 0, tzinfo=datetime.UTC), tick=False)
def test_a_file_older_than_the_month_is_not_taken_for_the_new_list(fide: str) -> None:
    said = fetch(fide)  # FIDE's file still dates from 1 December
    assert "not published yet" in said
    assert not RatingList.objects.exists()


def test_a_failed_download_changes_nothing_and_says_why(fide: str) -> None:
    with pytest.raises(CommandError, match="download failed"):
        fetch(fide.replace("players_list.zip", "missing.zip"))
    assert not RatingList.objects.exists()
