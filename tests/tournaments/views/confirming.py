"""Helpers of the tests that walk a confirmation dialog through the HTTP layer."""

from __future__ import annotations

import re
from typing import Protocol

from django.test import Client

from tests.tournaments.conftest import pair_round
from tournaments.models import Result, Round, RoundState, Tournament

HTMX = {"HX-Request": "true"}


class HttpResponse(Protocol):
    """What the tests read of the test client's response."""

    @property
    def status_code(self) -> int: ...

    @property
    def content(self) -> bytes: ...

    def __getitem__(self, header: str) -> str: ...


TOKEN = re.compile(r'name="confirmation" value="([^"]+)"')
LEVEL = re.compile(r"Level (\d) · ")


def html(response: HttpResponse) -> str:
    return response.content.decode()


def token(response: HttpResponse) -> str:
    """The confirmation token of the dialog in `response` (fails when there is none)."""
    found = TOKEN.search(html(response))
    assert found is not None, "no confirmation dialog in the response"
    return found.group(1)


def dialog_level(response: HttpResponse) -> int:
    """The level the dialog in `response` states."""
    found = LEVEL.search(html(response))
    assert found is not None, "no confirmation dialog in the response"
    return int(found.group(1))


def is_dialog(response: HttpResponse) -> bool:
    return response.status_code == 200 and 'id="confirmation"' in html(response)


def confirm(client: Client, url: str, data: dict[str, str], **headers: str) -> HttpResponse:
    """Post `data`, then confirm every step the dialogs ask for; the last answer."""
    response = client.post(url, data, headers=headers)
    for _ in range(3):
        if not is_dialog(response):
            return response
        response = client.post(url, {**data, "confirmation": token(response)}, headers=headers)
    raise AssertionError("the dialog kept coming back")


def play_rounds(tournament: Tournament, completed: int, *, published: bool = True) -> Round:
    """Rounds 1..`completed` paired 1-2, 3-4, ... with every game won by White; round
    `completed + 1` published without results when `published`. The last round touched."""
    last = None
    for number in range(1, completed + 1):
        last = pair_round(tournament, number, RoundState.COMPLETED)
        last.games.update(result=Result.WHITE_WINS)
    if published:
        last = pair_round(tournament, completed + 1, RoundState.PUBLISHED)
    assert last is not None
    return last
