"""Numbers typed with non-ASCII digits ('²' passes str.isdigit but not int()) or with thousands
of digits (past Python's int-string limit) are refused with a message, never a 500 (issue 14:
found by the hypothesis properties of the forms)."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tests.security.world import World, build_world
from tournaments.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("postgresql_required")]
ODD_NUMBERS = ["²", "٣٣", "１２", "9" * 5000]


@pytest.fixture
def world() -> World:
    return build_world()


@pytest.fixture
def arbiter(client: Client, world: World) -> Client:
    client.force_login(world.arbiter)
    return client


@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_public_pages_take_any_round_page_or_search(
    client: Client, world: World, number: str
) -> None:
    slug = world.ours.tournament.slug
    for path in (f"/t/{slug}/round/2/", f"/t/{slug}/standings/", f"/t/{slug}/crosstable/"):
        for query in ({"page": number}, {"q": number}, {"round": number}):
            assert client.get(path, query).status_code < 500, (path, query)


@pytest.mark.parametrize("number", ODD_NUMBERS)
def test_arbiter_posts_with_odd_numbers_are_refused(
    arbiter: Client, world: World, number: str
) -> None:
    slug = world.ours.tournament.slug
    players = Player.objects.count()
    undo = arbiter.post(reverse("manage-events-undo", args=[slug]), {"event": number})
    assert undo.status_code == 302
    register = arbiter.post(
        reverse("manage-players", args=[slug]), {"name": "Doe, Jane", "rating": number}
    )
    assert register.status_code == 400
    assert "Write a rating from 0" in register.content.decode()
    upload = SimpleUploadedFile("players.csv", f"name,rating\nDoe Jane,{number}\n".encode())
    imported = arbiter.post(
        reverse("manage-players-import", args=[slug]), {"format": "csv", "file": upload}
    )
    assert imported.status_code == 302
    assert (
        arbiter.get(reverse("manage-players", args=[slug]), {"from_list": number}).status_code
        == 200
    )
    assert Player.objects.count() == players
