"""The public pages (a round's pairings, the standings, a player's card, the crosstable) in a
real Chromium set to English, Italian, French and Russian: each page comes in the browser's
language, and the standings page of each language is saved as a screenshot in var/screenshots/
(to be looked at)."""

from __future__ import annotations

from typing import Any

import pytest
from pytest_django.live_server_helper import LiveServer

from tests.screenshots import screenshot
from tests.standings.selectors.builders import import_worked_example

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PAGES = {
    "round": "/t/worked-example/round/6/",
    "standings": "/t/worked-example/standings/",
    "player": "/t/worked-example/player/12/",
    "crosstable": "/t/worked-example/crosstable/",
}
WORDS = {
    "en": {
        "round": ("Round 6", "White"),
        "standings": ("Tie-breaks, in order", "Buchholz cut 1"),
        "player": ("Pairing number",),
        "crosstable": ("Crosstable", "forfeit win"),
    },
    "it": {
        "round": ("Turno 6", "Bianco"),
        "standings": ("Spareggi, in ordine", "Buchholz Cut 1"),
        "player": ("Numero di abbinamento",),
        "crosstable": ("Tabellone", "vittoria / sconfitta per forfait"),
    },
    "fr": {
        "round": ("Ronde 6", "Blancs"),
        "standings": ("Départages, dans l'ordre", "Buchholz tronqué 1"),
        "player": ("Numéro d'appariement",),
        "crosstable": ("Grille américaine", "gain / perte par forfait"),
    },
    "ru": {
        "round": ("Тур 6", "Белые"),
        "standings": ("Дополнительные показатели по порядку", "Бухгольц, усечение 1"),
        "player": ("Стартовый номер",),
        "crosstable": ("Таблица", "победа / поражение из-за неявки"),
    },
}


def test_the_public_pages_come_in_the_language_of_the_browser(
    live_server: LiveServer, chromium: Any
) -> None:
    import_worked_example()
    for language, pages in WORDS.items():
        context = chromium.new_context(locale=language, viewport={"width": 1280, "height": 900})
        page = context.new_page()
        for name, path in PAGES.items():
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, (language, name)
            assert page.get_attribute("html", "lang") == language, (language, name)
            text = page.text_content("body") or ""
            for words in pages[name]:
                assert words in text, (language, name, words)
            if name == "standings":
                screenshot(page, f"standings-{language}")
        context.close()
