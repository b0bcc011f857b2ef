"""The interface in English, Italian, French and Russian (issue 20, docs/translations.md): the
language comes from the switcher's cookie, else Accept-Language, else English; every page of the
tournaments app renders in each; the switcher sets the cookie; public pages are cached per
language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.import_jobs import followed, post
from tests.tournaments.views.test_pages_in_browser import running_tournament
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

HOME_TITLE = {"en": "Tournaments", "it": "Tornei", "fr": "Tournois", "ru": "Турниры"}
"""The home page's heading in each language."""

DASHBOARD_WORDS = {
    "en": ("Integrity log", "Recent changes", "Completed"),
    "it": ("Registro di integrità", "Modifiche recenti", "Completato"),
    "fr": ("Journal d'intégrité", "Modifications récentes", "Terminé"),
    "ru": ("Журнал целостности", "Последние изменения", "Завершён"),
}
"""Words of the arbiter's dashboard (a heading, a link, a round state from the model)."""

LANGUAGES = [code for code, _name in settings.LANGUAGES]

REFERENCE_TRF = (
    Path(__file__).resolve().parents[1] / "data" / "reference" / "worked-example" / "tournament.trf"
)
"""A valid TRF file, to spoil."""


def _lang(html: str) -> str:
    found = re.search(r'<html lang="([a-z-]+)"', html)
    assert found is not None
    return found.group(1)


def _h1(html: str) -> str:
    found = re.search(r"<h1>(.*?)</h1>", html, re.S)
    assert found is not None
    return found.group(1).strip()


@pytest.fixture
def arbiter() -> User:
    return UserFactory.create(username="arbiter", is_staff=True)


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    return running_tournament(arbiter)


def test_english_is_the_default(client: Client) -> None:
    html = client.get("/").content.decode()
    assert _lang(html) == "en"
    assert _h1(html) == "Tournaments"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_browser_language_chooses_the_page_language(client: Client, language: str) -> None:
    response = client.get("/", headers={"accept-language": f"{language},en;q=0.5"})
    html = response.content.decode()
    assert _lang(html) == language
    assert _h1(html) == HOME_TITLE[language]
    assert "Accept-Language" in response["Vary"]


def test_a_language_we_do_not_have_falls_back_to_english(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "de-DE,de;q=0.9"}).content.decode()
    assert _lang(html) == "en"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_switcher_sets_the_language_cookie_and_goes_back(client: Client, language: str) -> None:
    response = client.post(
        reverse("set_language"),
        {"language": language, "next": "/"},
        headers={"accept-language": "it"},
    )
    assert response.status_code == 302
    assert response["Location"] == "/"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == language
    html = client.get("/", headers={"accept-language": "it"}).content.decode()
    assert _lang(html) == language  # the cookie wins over the browser's language
    assert _h1(html) == HOME_TITLE[language]


def test_every_page_has_the_switcher_with_the_current_language_selected(client: Client) -> None:
    html = client.get("/", headers={"accept-language": "fr"}).content.decode()
    assert f'action="{reverse("set_language")}"' in html
    assert '<option value="fr" lang="fr" selected>Français</option>' in html
    assert '<option value="ru" lang="ru">Русский</option>' in html


def test_a_cached_public_page_is_kept_per_language(client: Client, tournament: Tournament) -> None:
    url = f"/t/{tournament.slug}/"
    english = client.get(url)
    french = client.get(url, headers={"accept-language": "fr"})
    assert english["ETag"] != french["ETag"]
    assert _lang(french.content.decode()) == "fr"
    assert "Classement" in french.content.decode()
    again = client.get(url)  # from the cache: still English
    assert _lang(again.content.decode()) == "en"
    assert client.get(url, headers={"If-None-Match": english["ETag"]}).status_code == 304
    revalidated = client.get(
        url, headers={"If-None-Match": english["ETag"], "accept-language": "fr"}
    )
    assert revalidated.status_code == 200


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_dashboard_speaks_the_language(
    client: Client, arbiter: User, tournament: Tournament, language: str
) -> None:
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    html = client.get(f"/t/{tournament.slug}/manage/").content.decode()
    assert _lang(html) == language
    for word in DASHBOARD_WORDS[language]:
        assert word in html, word


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_of_the_tournaments_app_renders_in_each_language(
    client: Client, arbiter: User, tournament: Tournament, language: str
) -> None:
    slug = tournament.slug
    pages = [
        "/",
        f"/t/{slug}/",
        f"/t/{slug}/round/1/",
        f"/t/{slug}/round/2/",
        f"/t/{slug}/round/3/",
        f"/t/{slug}/player/1/",
        f"/t/{slug}/player/5/",
        f"/t/{slug}/rating-report/",
        "/manage/new/",
        "/manage/import/",
        "/exports/",
        "/rating-lists/",
        f"/t/{slug}/manage/",
        f"/t/{slug}/manage/edit/",
        f"/t/{slug}/manage/players/",
        f"/t/{slug}/manage/player/5/",
        f"/t/{slug}/manage/round/1/results/",
        f"/t/{slug}/manage/round/2/results/",
        f"/t/{slug}/manage/round/3/results/",
        f"/t/{slug}/manage/fide-mode/",
        f"/t/{slug}/manage/events/",
        f"/t/{slug}/manage/arbiters/",
        reverse("manage-rating-report", args=[slug]),
        "/no-such-page/",
    ]
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for url in pages:
        response = client.get(url)
        assert response.status_code == (404 if url == "/no-such-page/" else 200), url
        assert _lang(response.content.decode()) == language, url


def test_an_invalid_form_answers_in_the_language(
    client: Client, arbiter: User, tournament: Tournament
) -> None:
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    response = client.post(
        f"/t/{tournament.slug}/manage/players/", {"name": "", "rating": "9999", "fide_id": "x"}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "Укажите рейтинг от 0 до" in html
    assert "ID ФИДЕ — не более 11 цифр." in html


def test_dates_follow_the_language(client: Client, tournament: Tournament) -> None:
    tournament.start_date = tournament.created.date().replace(year=2026, month=3, day=14)
    tournament.save()
    pages = {
        language: client.get("/", headers={"accept-language": language}).content.decode()
        for language in LANGUAGES
    }
    assert "14 Mar 2026" in pages["en"]
    assert "14 marzo 2026" in pages["it"].lower()
    assert "14 mars 2026" in pages["fr"]
    assert "14 марта 2026" in pages["ru"]


def test_the_domain_s_set_up_problems_are_translated(
    client: Client, arbiter: User, tournament: Tournament
) -> None:
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    response = client.post(
        f"/t/{tournament.slug}/manage/edit/",
        {"name": tournament.name, "rounds": "9", "tiebreak_1": "BH", "tiebreak_2": "BH"},
    )
    assert "Un départage figure deux fois : BH." in response.content.decode()


def test_a_trf_import_refusal_is_translated(client: Client, arbiter: User) -> None:
    text = (REFERENCE_TRF.read_text(encoding="utf-8")) + "XXA 0001 x\n"
    line = text.count("\n")
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    trf = SimpleUploadedFile("tournament.trf", text.encode(), content_type="text/plain")
    page = followed(client, post(client, "/manage/import/", {"file": trf}))
    assert f"riga {line}, colonna 10: accelerazione &#x27;x&#x27; non è un numero" in page, (
        "the location, the sentence and the field's name in Italian"
    )


def test_a_trf_import_preview_s_adjustments_are_translated(client: Client, arbiter: User) -> None:
    text = REFERENCE_TRF.read_text(encoding="utf-8") + "### a comment\n"
    client.force_login(arbiter)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    trf = SimpleUploadedFile("tournament.trf", text.encode(), content_type="text/plain")
    page = followed(client, post(client, "/manage/import/", {"file": trf}))
    line = text.count("\n")
    assert f"<td>riga {line}</td>" in page and "<td>ignorato</td>" in page
    assert "i commenti (###) non vengono conservati" in page
