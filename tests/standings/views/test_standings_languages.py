"""The standings pages, their CSV and PDFs in Italian, French and Russian: the tie-breaks by
FIDE's names in each language, the working's notes and words, and English by default."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from standings import selectors, tables
from standings.templatetags.standings_tags import note_words
from tests.factories import TournamentRoleFactory, UserFactory
from tests.messages import untranslated
from tests.pdf import pdf_text
from tournaments.domain.messages import Message
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

PAGES = {
    "standings": "/t/worked-example/standings/",
    "crosstable": "/t/worked-example/crosstable/",
    "player": "/t/worked-example/standings/12/",
}
WORDS = {
    "it": {
        "standings": ("Classifica dopo il turno 6", "Buchholz Cut 1", '<td class="num">14,75</td>'),
        "crosstable": ("Tabellone dopo il turno 6", "Turno 1: Nero contro"),
        "player": ("Avversario virtuale", "Bye a zero punti", "arrotondato per eccesso da ½"),
    },
    "fr": {
        "standings": ("Classement après la ronde 6", "Buchholz tronqué 1", "<strong>4,5</strong>"),
        "crosstable": ("Grille américaine après la ronde 6", "Ronde 1 : Noirs contre"),
        "player": ("Adversaire virtuel", "Exemption à zéro point", "Confrontation directe"),
    },
    "ru": {
        "standings": ("Турнирная таблица после тура 6", "Бухгольц, усечение 1", "Личная встреча"),
        "crosstable": ("Таблица после тура 6", "Тур 1: чёрными против"),
        "player": ("Виртуальный соперник", "Освобождение без очков", "Средний рейтинг соперников"),
    },
    "en": {
        "standings": ("Standings after round 6", "Buchholz cut 1", "Tie-breaks, in order"),
        "crosstable": ("Crosstable after round 6", "Round 1: black against"),
        "player": ("Virtual opponent", "Zero-point bye", "2160 = 2160.00 rounded half up"),
    },
}


@pytest.mark.parametrize("language", sorted(WORDS))
@pytest.mark.parametrize("name", sorted(PAGES))
def test_each_standings_page_reads_in_the_language_asked_for(
    client: Client, worked_example: Tournament, language: str, name: str
) -> None:
    response = client.get(PAGES[name], headers={"accept-language": language})

    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in html
    for words in WORDS[language][name]:
        assert words in html, words


def test_the_language_cookie_wins_and_the_pages_kept_in_the_cache_stay_apart(
    client: Client, worked_example: Tournament
) -> None:
    english = client.get(PAGES["standings"]).content.decode()
    client.cookies["django_language"] = "ru"
    russian = client.get(PAGES["standings"], headers={"accept-language": "it"}).content.decode()

    assert "Standings after round 6" in english
    assert "Турнирная таблица после тура 6" in russian


def test_the_csv_headings_follow_the_language_and_the_codes_stay(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get("/t/worked-example/standings.csv", headers={"accept-language": "it"})

    header = next(csv.reader(io.StringIO(response.content.decode())))
    assert header == ["Posizione", "N.", "Nome", "Titolo", "Fed", "Rating", "Punti"] + [
        "BH/C1",
        "BH",
        "SB",
        "DE",
        "WIN",
        "ARO",
    ]


def test_a_refusal_reads_in_the_language_asked_for(
    client: Client, worked_example: Tournament
) -> None:
    response = client.get(PAGES["standings"] + "?round=9", headers={"accept-language": "fr"})

    assert response.status_code == 404
    assert "Il n&#x27;y a pas de classement après la ronde 9" in response.content.decode()


@pytest.fixture
def reader(client: Client, worked_example: Tournament) -> Client:
    arbiter: User = UserFactory.create()
    TournamentRoleFactory.create(tournament=worked_example, user=arbiter)
    client.force_login(arbiter)
    return client


def test_the_standings_and_report_pdfs_in_russian_and_italian(reader: Client) -> None:
    russian = pdf_text(
        reader.get("/t/worked-example/pdf/standings.pdf", headers={"accept-language": "ru"}).content
    )
    italian = pdf_text(
        reader.get("/t/worked-example/pdf/report.pdf", headers={"accept-language": "it"}).content
    )
    english = pdf_text(reader.get("/t/worked-example/pdf/standings.pdf").content)

    assert "Турнирная таблица после тура 6" in russian
    assert "Дополнительные показатели (C.07, 2026): BH/C1: Бухгольц, усечение 1" in russian
    assert "Страница 1" in russian
    assert "Standings after round 6" in english and "Page 1" in english
    for words in ("Rapporto del torneo", "Impostazioni", "Classifica finale dopo il turno 6"):
        assert words in italian, words
    assert "Punteggio (punti): vittoria 1, patta 0,5, sconfitta 0" in italian


NOTES_LIST = [
    "DE", "WIN", "WON", "BPG", "BWG", "PS", "GE", "REP", "BH/C1", "AOB", "FB", "SB", "KS",
    "ARO", "TPR", "PTP", "APRO", "APPO", "STD", "TPN", "RTNG", "MAN",
]  # fmt: skip
NOTATION = re.compile(r"ARO \d+ \+ dp\(\d\.\d\d\) [+-]\d+")
"""TPR's note is notation only (C.07 10.2), the same in every language."""


def test_every_note_of_every_computed_tie_break_is_a_translated_message(
    worked_example: Tournament,
) -> None:
    worked_example.tiebreaks = NOTES_LIST
    worked_example.save(update_fields=["tiebreaks"])
    standings = selectors.tournament_standings(tournament=worked_example)

    notes = {
        working.breakdown.note
        for line in standings.lines
        for working in tables.player_workings(standings, line.player.pairing_number)
        if working.breakdown.note
    }

    assert len(notes) > 10
    assert (
        sorted(n for n in notes if not isinstance(n, Message) and not NOTATION.fullmatch(n)) == []
    )
    assert untranslated(notes) == []
    koya = next(n for n in notes if isinstance(n, Message) and n.startswith("opponents with"))
    with translation.override("ru"):
        assert note_words(koya) == "соперники, набравшие не меньше 3 очков"
