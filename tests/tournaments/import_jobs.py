"""Posting to the TRF import in tests: the preview and the import are background jobs sent when
the request's transaction commits (issue 30), which a test's transaction never does; `post`
runs the callbacks (the eager task) as the commit would."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django.test import Client, TestCase

if TYPE_CHECKING:
    from django.test.client import _MonkeyPatchedWSGIResponse as Response

JOB_URL = re.compile(r"/manage/jobs/(\d+)/")


def post(client: Client, url: str, data: dict[str, object], **headers: str) -> Response:
    """`client.post`, with the jobs it stores run (eagerly) as after a commit."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(url, data, headers=headers)


def followed(client: Client, response: Response) -> str:
    """The job's page a redirect (or an htmx client redirect) sends the browser to."""
    location = response.get("HX-Redirect") or response["Location"]
    assert JOB_URL.fullmatch(location), location
    page = client.get(location)
    assert page.status_code == 200
    return page.content.decode()
