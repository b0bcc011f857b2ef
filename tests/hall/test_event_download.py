"""Issue 34 deliverable 4: the whole event in one click (staff): each tournament's TRF-2026 file
as its export writes it, and, on the hall's SQLite, a snapshot of the database."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from config.hall.backups import check
from pairing.management.commands.load_demo import DEMO_FILE
from pairing.services.trf_import import tournament_import_trf
from standings.export_ranks import trf_ranks
from tests.factories import UserFactory
from tests.hall.servers import repository_hall
from tournaments.selectors.trf import tournament_trf_report

WRITE_ARCHIVE = (
    "from config.hall.event import event_archive; open({!r}, 'wb').write(event_archive())"
)


@pytest.mark.django_db
def test_the_event_download_holds_each_tournaments_trf_2026_file(client: Client) -> None:
    tournament = tournament_import_trf(text=DEMO_FILE.read_text(encoding="utf-8"), slug="demo")
    client.force_login(UserFactory.create(is_staff=True))

    response = client.get(reverse("hall-event"))

    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="event-')
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert archive.namelist() == ["demo.trf"]  # PostgreSQL: no SQLite snapshot to add
    expected = tournament_trf_report(tournament, "trf26", ranker=trf_ranks, mode="exchange")
    assert archive.read("demo.trf").decode() == expected


@pytest.mark.django_db
def test_the_exports_page_offers_the_event_to_staff_only(client: Client) -> None:
    link = reverse("hall-event").encode()
    client.force_login(UserFactory.create(is_staff=True))
    assert link in client.get(reverse("exports")).content


def test_on_the_halls_sqlite_the_event_holds_a_snapshot_of_the_database(tmp_path: Path) -> None:
    data, target = tmp_path / "data", tmp_path / "event.zip"
    for arguments in (
        ("manage", "migrate", "--verbosity", "0"),
        ("manage", "load_demo"),
        ("manage", "shell", "-c", WRITE_ARCHIVE.format(str(target))),
    ):
        done = repository_hall(data, *arguments)
        assert done.returncode == 0, done.stderr

    archive = zipfile.ZipFile(target)
    assert archive.namelist() == ["database.sqlite3", "worked-example.trf"]
    archive.extract("database.sqlite3", tmp_path)
    check(tmp_path / "database.sqlite3")
    assert archive.read("worked-example.trf").startswith(b"012 Worked example")
