"""The whole-tournament import in the browser's HTTP: upload, preview (the report and the
engine's check of every round), confirm or cancel; refusals change nothing (issue 13, Q47-Q55).
The preview and the import are background jobs (issue 30), run eagerly here: the upload and the
confirmation send the browser to the job's page."""

from __future__ import annotations

import datetime
import re
from typing import TYPE_CHECKING

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.factories import UserFactory
from tests.tournaments.fuzz.counts import row_counts
from tests.tournaments.import_jobs import followed, post
from tournaments.forms.uploads import MAX_UPLOAD_BYTES
from tournaments.models import (
    ArbiterRole,
    BackgroundJob,
    IntegrityEvent,
    IntegrityEventKind,
    JobKind,
    Tournament,
)
from tournaments.services.jobs import PREVIEW_MAX_AGE

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as TestResponse

pytestmark = pytest.mark.django_db

IMPORT = "/manage/import/"
CONFIRM = "/manage/import/confirm/"
HTMX = {"HX-Request": "true"}


def token_of(html: str) -> str:
    """The preview job's id the Import button posts."""
    match = re.search(r'name="job" value="([^"]+)"', html)
    assert match, "the preview has no Confirm form"
    return match.group(1)


def job_page(client: Client, response: TestResponse) -> str:
    return followed(client, response)


def swap_last_round_colours(text: str) -> tuple[str, tuple[str, str]]:
    """The worked example with one game of round 6 (its last) with the colours swapped."""
    column = 96 + 50
    game = next(
        (line[4:8].strip(), line[column - 5 : column - 1].strip())
        for line in text.splitlines()
        if line.startswith("001") and line[column] == "w"
    )
    lines = [
        line[:column] + ("b" if line[column] == "w" else "w") + line[column + 1 :]
        if line.startswith("001") and line[4:8].strip() in game
        else line
        for line in text.splitlines()
    ]
    return "\n".join(lines) + "\n", game


def upload(client: Client, text: str, **headers: str) -> str:
    trf = SimpleUploadedFile("tournament.trf", text.encode(), content_type="text/plain")
    response = post(client, IMPORT, {"file": trf}, **headers)
    assert response.status_code == 302
    return job_page(client, response)


def test_anonymous_users_are_sent_to_the_login_page(client: Client) -> None:
    assert client.get(IMPORT)["Location"].startswith("/accounts/login/")
    assert post(client, CONFIRM, {"job": "1"})["Location"].startswith("/accounts/login/")
    assert client.get("/manage/jobs/1/")["Location"].startswith("/accounts/login/")


def test_the_new_tournament_page_links_to_the_import(arbiter_client: Client) -> None:
    assert f'href="{IMPORT}"' in arbiter_client.get("/manage/new/").content.decode()


def test_upload_preview_confirm_creates_the_tournament_with_its_chief_arbiter(
    arbiter_client: Client, arbiter: object, worked_example_text: str
) -> None:
    before = row_counts()

    page = upload(arbiter_client, worked_example_text)

    assert row_counts() == before  # the preview keeps nothing
    assert "Preview: Worked example - FIDE (Dutch) Swiss System, 6 rounds" in page
    assert "All 6 paired rounds agree with the engine." in page
    assert "the tournament type (092) is not kept" in page
    assert "<td>line 3</td>" in page
    response = post(arbiter_client, CONFIRM, {"job": token_of(page)})
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    done = job_page(arbiter_client, response)
    assert "is imported: you are its chief arbiter" in done
    assert f'href="/t/{tournament.slug}/manage/"' in done
    assert tournament.players.count() == 14
    assert list(tournament.roles.values_list("user", "role")) == [
        (arbiter.pk, ArbiterRole.CHIEF)  # type: ignore[attr-defined]
    ]
    # a second click on Import imports once: the same job's page
    again = post(arbiter_client, CONFIRM, {"job": token_of(page)})
    assert again["Location"] == response["Location"]
    assert Tournament.objects.count() == 1


def test_pasted_text_through_htmx_goes_to_the_job_whose_poll_stops_when_done(
    arbiter_client: Client, worked_example_text: str
) -> None:
    response = post(arbiter_client, IMPORT, {"text": worked_example_text}, **HTMX)

    job = BackgroundJob.objects.get()
    assert response["HX-Redirect"] == f"/manage/jobs/{job.pk}/"
    poll = arbiter_client.get(f"/manage/jobs/{job.pk}/", headers=HTMX)
    fragment = poll.content.decode()
    assert poll.status_code == 286  # htmx stops polling: the job is done
    assert fragment.lstrip().startswith('<section id="job-status"')
    assert "<html" not in fragment and "hx-trigger" not in fragment
    assert "Preview: Worked example" in fragment
    confirmed = post(arbiter_client, CONFIRM, {"job": token_of(fragment)}, **HTMX)
    imported = BackgroundJob.objects.get(kind=JobKind.TRF_IMPORT)
    assert confirmed["HX-Redirect"] == f"/manage/jobs/{imported.pk}/"
    assert imported.tournament == Tournament.objects.get()


def test_a_round_that_differs_from_the_engine_is_shown_and_recorded(
    arbiter_client: Client, worked_example_text: str
) -> None:
    text, (white, black) = swap_last_round_colours(worked_example_text)

    page = upload(arbiter_client, text)

    assert "Level 3 · warning:" in page
    assert "1 of 6 paired rounds differ from the engine" in page
    assert "<h4>Round 6</h4>" in page
    row = re.search(r'<tr class="warned">(.*?)</tr>', page, re.S)
    assert row is not None
    cells = re.findall(r"<td[^>]*>(.*?)</td>", row.group(1))
    assert cells[1:] == [f"{black} - {white}", f"{white} - {black}", "differs"]
    assert "Import anyway" in page
    post(arbiter_client, CONFIRM, {"job": token_of(page)})
    events = IntegrityEvent.objects.filter(kind=IntegrityEventKind.IMPORT).order_by("pk")
    assert [event.round_number for event in events] == [6, 6]
    assert events[1].details.startswith("the recorded pairing differs from the engine's")


def test_cancel_goes_back_to_an_empty_upload_form_and_keeps_nothing(
    arbiter_client: Client, worked_example_text: str
) -> None:
    page = upload(arbiter_client, worked_example_text)
    cancel = re.search(r'<a class="button-link" href="([^"]+)">Cancel</a>', page)

    assert cancel is not None and cancel.group(1) == IMPORT
    assert "Preview the import" in arbiter_client.get(cancel.group(1)).content.decode()
    assert not Tournament.objects.exists()


def test_a_malformed_file_is_refused_with_its_line_and_column(
    arbiter_client: Client, worked_example_text: str
) -> None:
    text = worked_example_text.replace("8 w 1", "8 x 1", 1)
    before = row_counts()

    page = upload(arbiter_client, text)

    assert "The file is refused; nothing is saved." in page
    assert "line 6, column 97: round 1: unknown colour &#x27;x&#x27;" in page
    refused_line = text.splitlines()[5]
    marker = " " * 96 + "^"  # under column 97
    assert f'<pre class="refused-line">{refused_line}\n{marker}</pre>' in page
    assert 'name="job"' not in page
    assert row_counts() == before


def test_a_file_that_is_not_utf8_is_refused(arbiter_client: Client) -> None:
    latin1 = SimpleUploadedFile("t.trf", "012 Città\n".encode("latin-1"))

    page = arbiter_client.post(IMPORT, {"file": latin1}).content.decode()

    assert "The file is not UTF-8 text (byte 9 is not)" in page
    assert not Tournament.objects.exists()


def test_a_file_too_big_is_refused(arbiter_client: Client) -> None:
    big = SimpleUploadedFile("t.trf", b"### " + b"x" * MAX_UPLOAD_BYTES)

    page = arbiter_client.post(IMPORT, {"file": big}).content.decode()

    assert "The file is larger than 2 MB" in page
    assert not Tournament.objects.exists()


def test_nothing_posted_and_both_posted_are_refused(
    arbiter_client: Client, worked_example_text: str
) -> None:
    assert "Choose a TRF file or paste its text." in (
        arbiter_client.post(IMPORT, {"text": "  "}).content.decode()
    )
    trf = SimpleUploadedFile("t.trf", worked_example_text.encode())
    both = arbiter_client.post(IMPORT, {"file": trf, "text": worked_example_text})
    assert "Choose a file or paste its text, not both." in both.content.decode()


def test_a_forged_or_unfinished_job_is_refused_and_changes_nothing(
    arbiter_client: Client, worked_example_text: str
) -> None:
    page = upload(arbiter_client, worked_example_text)
    preview = int(token_of(page))

    for candidate in (str(preview + 100), "x", "", "１"):
        response = post(arbiter_client, CONFIRM, {"job": candidate})
        assert response.status_code == 400
        assert "This confirmation is not valid: upload the file again." in (
            response.content.decode()
        )
    BackgroundJob.objects.filter(pk=preview).update(status="running")
    waiting = post(arbiter_client, CONFIRM, {"job": str(preview)})
    assert waiting.status_code == 400
    assert "The preview is not finished" in waiting.content.decode()
    assert not Tournament.objects.exists()


def test_another_users_job_is_refused_and_hidden(
    client: Client, arbiter_client: Client, worked_example_text: str
) -> None:
    token = token_of(upload(arbiter_client, worked_example_text))
    client.force_login(UserFactory.create(username="other"))

    response = post(client, CONFIRM, {"job": token})

    assert response.status_code == 400
    assert client.get(f"/manage/jobs/{token}/").status_code == 404
    client.force_login(UserFactory.create(username="operator", is_staff=True))
    assert client.get(f"/manage/jobs/{token}/").status_code == 200  # staff see every job
    assert not Tournament.objects.exists()


def test_an_expired_preview_is_refused(arbiter_client: Client, worked_example_text: str) -> None:
    with time_machine.travel(datetime.datetime(2026, 5, 1, 12, tzinfo=datetime.UTC), tick=False):
        token = token_of(upload(arbiter_client, worked_example_text))
    later = datetime.datetime(2026, 5, 1, 12, tzinfo=datetime.UTC) + datetime.timedelta(
        seconds=PREVIEW_MAX_AGE + 1
    )
    with time_machine.travel(later, tick=False):
        response = post(arbiter_client, CONFIRM, {"job": token})

    assert response.status_code == 400
    assert "The preview has expired: upload the file again." in response.content.decode()
    assert not Tournament.objects.exists()


def test_pasted_text_too_long_is_refused_and_a_body_over_djangos_limit_is_a_400() -> None:
    client = Client(raise_request_exception=False)
    client.force_login(UserFactory.create())

    page = client.post(IMPORT, {"text": "### " + "x" * MAX_UPLOAD_BYTES}).content.decode()
    too_big = client.post(IMPORT, {"text": "x" * 3_000_000})

    assert "The text is longer than 2 MB" in page
    assert too_big.status_code == 400  # DATA_UPLOAD_MAX_MEMORY_SIZE, before the form
    assert not Tournament.objects.exists()
