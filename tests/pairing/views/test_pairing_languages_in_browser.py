"""The arbiter's pairing page in a real Chromium in English, Italian, French and Russian: a draft
whose first board has its colours swapped, so that it breaks rules, with the engine's explanation
open; the rules broken and the explanation read in the page's language. Screenshots in
var/screenshots/pairing-<language>-1280.png (to be looked at)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from pytest_django.live_server_helper import LiveServer

from pairing import tasks
from pairing.services.rounds import round_draft_swap_colours, round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.browser import session_context
from tests.factories import TournamentRoleFactory, UserFactory
from tests.pairing.fixtures import import_round_input
from tests.screenshots import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WORDS = {
    "en": ("This pairing breaks 2 rules:", "Board 1: ", "Bracket 1 (homogeneous"),
    "it": ("Questo abbinamento viola 2 regole:", "Scacchiera 1: ", "Bracket 1 (omogenea"),
    "fr": ("Cet appariement enfreint 2 règles :", "Échiquier 1 : ", "Groupe 1 (homogène"),
    "ru": ("Эта жеребьёвка нарушает 2 правила:", "Доска 1: ", "Группа 1 (однородная"),
}


def test_the_draft_its_warnings_and_the_explanation_read_in_each_language(
    live_server: LiveServer, chromium: Any, client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tasks.pair_round_task, "delay", lambda run_id: None)
    arbiter = UserFactory.create(username="arbiter")
    tournament = import_round_input(3)
    TournamentRoleFactory.create(tournament=tournament, user=arbiter)
    rnd = tournament.round_set.get(number=3)
    pairing_run_execute(run_id=round_request_pairing(rnd=rnd, by=arbiter).pk)
    round_draft_swap_colours(game=rnd.games.get(board=1), by=arbiter)
    client.force_login(arbiter)
    url = f"{live_server.url}/t/{tournament.slug}/manage/round/3/pairing/"
    session = client.cookies["sessionid"].value
    for language, words in WORDS.items():
        context = session_context(chromium, live_server.url, session, 1280)
        context.add_cookies([{"name": "django_language", "value": language, "url": url}])
        page = context.new_page()
        page.goto(url)
        page.locator(".engine-details summary").click()
        assert page.get_attribute("html", "lang") == language
        text = page.text_content("body") or ""
        for expected in words:
            assert expected in text, (language, expected)
        screenshot(page, f"pairing-{language}-1280")
        context.close()
