"""A round robin's TRF uploaded in the browser's HTTP: previewed with its rounds checked against
the Berger tables and confirmed as a round robin (C.05 Annex 1)."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from pairing.generator import generate_round_robin
from pairing.generator.config_reader import read_config
from tests.tournaments.import_jobs import post
from tests.tournaments.views.test_tournament_import import CONFIRM, token_of, upload
from tournaments.domain.trf import write_trf
from tournaments.models import Tournament, TournamentFormat

pytestmark = pytest.mark.django_db


def test_a_round_robin_file_is_previewed_and_confirmed_as_a_round_robin(
    arbiter_client: Client,
) -> None:
    config = read_config("PlayersNumber=6\nFormat=roundrobin\n", random.Random(5))
    text = write_trf(generate_round_robin(config, 5))

    page = upload(arbiter_client, text)

    assert "All 5 paired rounds agree with the Berger tables." in page
    assert "The Berger table's check of every paired round" in page
    assert "the tournament type (092) is not kept" not in page
    response = post(arbiter_client, CONFIRM, {"job": token_of(page)})
    tournament = Tournament.objects.get()
    assert response.status_code == 302
    assert tournament.format == TournamentFormat.ROUND_ROBIN
    assert tournament.numbers_drawn
    crosstable = arbiter_client.get(f"/t/{tournament.slug}/crosstable/")
    assert crosstable.status_code == 200
