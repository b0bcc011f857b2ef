"""Issue 34 deliverable 2: with the hall's address (`swiss-arbiter hall --lan`), the QR code of
a tournament's page and the footer of its printed sheets name that address and the Wi-Fi, not
the address the arbiter's own browser used."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from pairing.management.commands.load_demo import DEMO_FILE
from pairing.services.trf_import import tournament_import_trf
from tests.factories import UserFactory
from tests.pdf import pdf_text

HALL = "http://192.168.1.20:8000"


@pytest.fixture
def demo(db: None) -> str:
    tournament = tournament_import_trf(text=DEMO_FILE.read_text(encoding="utf-8"), slug="demo")
    return tournament.slug


def test_without_a_hall_address_the_qr_code_names_the_address_asked(
    client: Client, demo: str
) -> None:
    response = client.get(reverse("tournament-detail", args=[demo]))

    assert response.context["page_url"] == "http://testserver/t/demo/"
    assert b"Wi-Fi" not in response.content


@override_settings(PUBLIC_ADDRESS=HALL, HALL_WIFI="Chess-Hall")
def test_the_qr_code_names_the_halls_address_and_its_wifi(client: Client, demo: str) -> None:
    response = client.get(reverse("tournament-detail", args=[demo]))

    assert response.context["page_url"] == f"{HALL}/t/demo/"
    assert b"Wi-Fi: Chess-Hall" in response.content


@override_settings(PUBLIC_ADDRESS=HALL, HALL_WIFI="Chess-Hall")
def test_the_printed_pairings_name_the_halls_address_and_its_wifi(
    client: Client, demo: str
) -> None:
    client.force_login(UserFactory.create(is_staff=True))

    pdf = client.get(reverse("pdf-round-pairings", args=[demo, 6])).content

    text = " ".join(pdf_text(pdf).split())
    assert f"Follow it on {HALL}/t/demo/ (Wi-Fi: Chess-Hall)" in text
