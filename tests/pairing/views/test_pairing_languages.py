"""The arbiter's pairing page in Italian, French and Russian: its buttons, the engine's
explanation and the messages, in the language the browser asks for."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from pairing.services.rounds import round_request_pairing
from pairing.services.runs import pairing_run_execute
from tournaments.models import Round

pytestmark = pytest.mark.django_db

WORDS = {
    "it": ("Pubblica il turno 3", "Spiegazione del motore", "Bracket 1 (omogenea", "Bianco"),
    "fr": ("Publier la ronde 3", "Explication du moteur", "Groupe 1 (homogène", "Blancs"),
    "ru": ("Опубликовать тур 3", "Пояснения программы", "Группа 1 (однородная", "Белые"),
}


@pytest.fixture
def draft(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    round3.refresh_from_db()
    return round3


@pytest.mark.parametrize("language", sorted(WORDS))
def test_the_draft_and_its_explanation_read_in_the_language_asked_for(
    client: Client, arbiter: User, draft: Round, language: str
) -> None:
    client.force_login(arbiter)
    url = reverse("pairing-round", args=(draft.tournament.slug, 3))

    response = client.get(url, headers={"accept-language": language})

    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}"' in html
    for words in WORDS[language]:
        assert words in html, words
    assert "Publish round 3" not in html
    assert "homogeneous" not in html


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("language", "message"),
    [
        ("it", "Il turno 3 è stato inviato al motore di abbinamento"),
        ("fr", "La ronde 3 a été envoyée au moteur d&#x27;appariement"),
        ("ru", "Тур 3 отправлен на жеребьёвку"),
    ],
)
def test_the_message_after_an_action_is_in_the_language_of_the_request(
    client: Client, arbiter: User, round3: Round, enqueued: list[int], language: str, message: str
) -> None:
    client.force_login(arbiter)
    url = reverse("pairing-request", args=(round3.tournament.slug, 3))

    response = client.post(url, follow=True, headers={"accept-language": language})

    assert message in response.content.decode()
