"""A live server whose result entries are slow, for the browser tests of the result entry
(issue 31): the real application behind a WSGI wrapper that waits before each result POST, as
a loaded server or a venue's Wi-Fi would. The client and the application are not touched."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.test.testcases import LiveServerThread
from django.test.utils import modify_settings

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIEnvironment
    from django.http.response import HttpResponseBase

RESULT_POST = re.compile(r"/manage/round/\d+/results/\d+/$")
DELAY_SECONDS = 0.4
"""How long each result POST waits before the application sees it (400 ms)."""


class SlowResultPosts(StaticFilesHandler):
    """The live server's handler, waiting `DELAY_SECONDS` before each result POST. The server
    is threaded, so requests on different boards wait side by side."""

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> HttpResponseBase:
        if environ["REQUEST_METHOD"] == "POST" and RESULT_POST.search(environ["PATH_INFO"]):
            time.sleep(DELAY_SECONDS)
        return super().__call__(environ, start_response)


class SlowServer:
    """The address of the running slow server."""

    def __init__(self, thread: Any) -> None:
        self.url = f"http://{thread.host}:{thread.port}"


@pytest.fixture
def slow_server() -> Iterator[SlowServer]:
    """A live server (its own thread, a free port) answering each result POST 400 ms late."""
    thread = LiveServerThread("127.0.0.1", SlowResultPosts)
    thread.daemon = True
    with modify_settings(ALLOWED_HOSTS={"append": "127.0.0.1"}):
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
        try:
            yield SlowServer(thread)
        finally:
            thread.terminate()
