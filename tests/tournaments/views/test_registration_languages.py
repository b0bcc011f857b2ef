"""The login, sign-up and password-reset pages and the reset e-mail in Italian, French and
Russian (templates/registration, the project's catalogue)."""

from __future__ import annotations

import pytest
from django.core import mail
from django.test import Client

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PAGES = {
    "/accounts/login/": {
        "it": "Solo gli arbitri hanno bisogno di un account",
        "fr": "Seuls les arbitres ont besoin",
        "ru": "Учётная запись нужна только арбитрам",
    },
    "/accounts/signup/": {
        "it": "Un account permette di creare tornei",
        "fr": "Un compte permet de créer des tournois",
        "ru": "Учётная запись позволяет создавать турниры",
    },
    "/accounts/password-reset/": {
        "it": "Reimposta la password",
        "fr": "Réinitialiser votre mot de passe",
        "ru": "Сброс пароля",
    },
}


@pytest.mark.parametrize("language", ["it", "fr", "ru"])
@pytest.mark.parametrize("path", sorted(PAGES))
def test_the_account_pages_read_in_the_language_asked_for(
    client: Client, path: str, language: str
) -> None:
    response = client.get(path, headers={"accept-language": language})

    assert response.status_code == 200
    assert PAGES[path][language] in response.content.decode()


def test_the_reset_e_mail_is_written_in_the_language_of_the_request(client: Client) -> None:
    UserFactory.create(username="chief", email="chief@example.org")

    client.post(
        "/accounts/password-reset/",
        {"email": "chief@example.org"},
        headers={"accept-language": "ru"},
    )

    assert len(mail.outbox) == 1
    assert mail.outbox[0].subject.startswith("Сброс пароля на")
    assert "Кто-то запросил сброс пароля учётной записи арбитра chief" in mail.outbox[0].body
