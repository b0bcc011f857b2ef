"""The read API (issue 35): every operation of the OpenAPI document answered and its answer
valid against the document, 304 on unchanged data, 404 where there is nothing public, CORS for
reading, the limit per client, and no private field in any answer."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource

from hub.api import api
from tests.factories import GameFactory, UserFactory
from tests.hub.fixtures import BEFORE_ROUND_3, imported
from tournaments.models import Event, Player, Round, RoundState, Tournament
from tournaments.services.players import PlayerData, player_update

pytestmark = pytest.mark.django_db

BIRTH_DATE = "2013/07/19"
"""A minor's birth date given to every player: it must appear in no public answer."""

PARAMETERS = {"slug": "finished", "number": "2", "fide_id": "4100018", "player_name": "Bruno"}


@pytest.fixture
def site() -> dict[str, Tournament]:
    finished = imported("finished", fide_ids={1: "4100018", 2: "4100026"})
    running = imported("running", BEFORE_ROUND_3, fide_ids={1: "4100018"})
    Player.objects.update(birth_date=BIRTH_DATE, sex="w", k_factor=40)
    # A draft of round 3 in the running tournament: never shown
    draft, _ = Round.objects.update_or_create(
        tournament=running, number=3, defaults={"state": RoundState.PAIRED}
    )
    players = list(running.players.order_by("pairing_number")[:2])
    GameFactory.create(round=draft, board=1, white=players[0], black=players[1])
    event = Event.objects.create(name="Spring festival", slug="spring", place="Bologna")
    Tournament.objects.filter(pk__in=[finished.pk, running.pk]).update(event=event)
    UserFactory.create(username="chief", email="chief.arbiter@example.org")
    return {"finished": finished, "running": running}


def _document() -> dict[str, Any]:
    document: dict[str, Any] = json.loads(json.dumps(api.get_openapi_schema(path_prefix="/api/v1")))
    return document


def _url(path: str) -> str:
    values = {**PARAMETERS, "slug": "spring"} if path.startswith("/api/v1/events") else PARAMETERS
    return re.sub(r"\{(\w+)\}", lambda match: values[match[1]], path)


def _validator(document: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    """A validator of `schema`, a part of `document` whose `$ref`s point into the document."""
    registry: Registry[Any] = Registry().with_resource("urn:openapi", Resource.opaque(document))
    text = json.dumps(schema).replace('"#/components/', '"urn:openapi#/components/')
    return Draft202012Validator(json.loads(text), registry=registry)


def test_the_openapi_document_is_valid(client: Client) -> None:
    served = client.get("/api/v1/openapi.json").json()

    validate(served)
    assert served["openapi"].startswith("3.1")


@pytest.mark.usefixtures("site")
def test_every_operation_answers_as_the_document_says(client: Client) -> None:
    document = _document()
    operations = [(path, item["get"]) for path, item in document["paths"].items()]
    assert len(operations) >= 11
    for path, operation in operations:
        response = client.get(_url(path))
        assert response.status_code == 200, path
        described = operation["responses"]["200"]["content"]
        if response["Content-Type"].startswith("text/plain"):
            assert list(described) == ["text/plain"], path
            continue
        schema = described["application/json"]["schema"]
        errors = list(_validator(document, schema).iter_errors(response.json()))
        assert errors == [], f"{path}: {errors[:3]}"


@pytest.mark.usefixtures("site")
@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/tournaments/nowhere",
        "/api/v1/tournaments/nowhere/standings",
        "/api/v1/tournaments/running/rounds/3",  # a draft
        "/api/v1/tournaments/running/rounds/9",  # no such round
        "/api/v1/tournaments/running/standings?after_round=3",  # not completed
        "/api/v1/tournaments/running/trf",  # not finished
        "/api/v1/players/fide/999",
        "/api/v1/players/name/Nobody",
        "/api/v1/events/nowhere",
    ],
)
def test_nothing_public_is_a_404_with_its_reason(client: Client, url: str) -> None:
    document = _document()
    response = client.get(url)

    assert response.status_code == 404
    problem = document["components"]["schemas"]["Problem"]
    assert list(Draft202012Validator(problem).iter_errors(response.json())) == []


def test_a_draft_round_is_never_in_an_answer(client: Client, site: dict[str, Tournament]) -> None:
    detail = client.get("/api/v1/tournaments/running").json()

    states = {entry["number"]: entry["state"] for entry in detail["round_list"]}
    assert states == {1: "completed", 2: "completed"} | dict.fromkeys(range(3, 7), "not_published")
    assert [entry["published_at"] for entry in detail["round_list"]][2] is None
    assert "Board 1" not in json.dumps(detail)
    assert client.get("/api/v1/tournaments/running/rounds/3").status_code == 404


def _answers(client: Client) -> dict[str, bytes]:
    urls = [_url(path) for path in _document()["paths"]]
    urls += [
        "/api/v1/tournaments/running",
        "/api/v1/tournaments/running/rounds/1",
        "/api/v1/players?q=alice",
        "/api/v1/players/name/Carla",
        "/feeds/rounds.atom",
        "/t/finished/rounds.atom",
        "/t/finished/rounds.ics",
        "/players/?q=alice",
        "/players/fide/4100018/",
    ]
    answers = {}
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        answers[url] = response.content
    return answers


def _keys(value: object) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {key for inner in value.values() for key in _keys(inner)}
    if isinstance(value, list):
        return {key for inner in value for key in _keys(inner)}
    return set()


@pytest.mark.usefixtures("site")
def test_no_answer_holds_a_private_field(client: Client) -> None:
    for url, content in _answers(client).items():
        text = content.decode()
        assert BIRTH_DATE not in text and "2013" not in text, url
        assert "@example.org" not in text, url
        if url.startswith("/api/") and not url.endswith("/trf"):
            keys = _keys(json.loads(text))
            private = {"birth_date", "email", "sex", "k_factor", "user", "manual_rating"}
            assert not keys & private, url


@pytest.mark.usefixtures("site")
def test_the_public_trf_is_the_finished_tournament_without_birth_dates(client: Client) -> None:
    text = client.get("/api/v1/tournaments/finished/trf").content.decode()

    lines = [line for line in text.splitlines() if line.startswith("001")]
    assert len(lines) == 14
    assert all(line[69:79].strip() == "" for line in lines)
    assert "4100018" in lines[0]
    assert not any(line.startswith("###") for line in text.splitlines())


@pytest.mark.usefixtures("site")
def test_every_answer_is_revalidated_with_304_until_the_data_changes(client: Client) -> None:
    urls = [_url(path) for path in _document()["paths"]]
    urls += ["/feeds/rounds.atom", "/t/finished/rounds.atom", "/t/finished/rounds.ics"]
    etags = {}
    for url in urls:
        first = client.get(url)
        assert first.status_code == 200, url
        etags[url] = first["ETag"]
        again = client.get(url, headers={"if-none-match": first["ETag"]})
        assert again.status_code == 304, url
        assert again.content == b""

    alice = Player.objects.get(tournament__slug="finished", pairing_number=1)
    data = PlayerData(name="Alicia", title="GM", rating=2500, fide_id="4100018")
    player_update(player=alice, data=data, by=UserFactory.create())

    changed = client.get(
        "/api/v1/tournaments/finished/players",
        headers={"if-none-match": etags["/api/v1/tournaments/finished/players"]},
    )
    assert changed.status_code == 200
    assert changed.json()[0]["name"] == "Alicia"
    search = client.get("/api/v1/players?q=alicia")
    assert [person["name"] for person in search.json()["players"]] == ["Alicia"]


@pytest.mark.usefixtures("site")
def test_any_site_may_read_without_credentials(client: Client) -> None:
    origin = {"origin": "https://club.example"}
    response = client.get("/api/v1/tournaments/finished/standings", headers=origin)

    assert response["Access-Control-Allow-Origin"] == "*"
    assert "ETag" in response["Access-Control-Expose-Headers"]
    assert "Access-Control-Allow-Credentials" not in response
    preflight = client.options(
        "/api/v1/tournaments",
        headers={
            **origin,
            "access-control-request-method": "GET",
            "access-control-request-headers": "if-none-match",
        },
    )
    assert preflight.status_code == 200
    assert preflight["Access-Control-Allow-Methods"] == "GET, HEAD, OPTIONS"
    assert "if-none-match" in preflight["Access-Control-Allow-Headers"]
    # The arbiters' pages are no business of another site
    assert "Access-Control-Allow-Origin" not in client.get("/t/finished/", headers=origin)


@pytest.mark.usefixtures("site")
def test_a_client_over_its_limit_waits_and_another_is_served(client: Client, settings: Any) -> None:
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "api": 3}
    url = "/api/v1/tournaments/finished"
    answers = [client.get(url, REMOTE_ADDR="192.0.2.7").status_code for _ in range(4)]

    refused = client.get(url, REMOTE_ADDR="192.0.2.7")
    assert answers == [200, 200, 200, 429]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert "at most 3 a minute" in refused.json()["detail"]
    assert client.get(url, REMOTE_ADDR="192.0.2.8").status_code == 200
    assert client.get("/t/finished/rounds.ics", REMOTE_ADDR="192.0.2.7").status_code == 429


def test_the_documentation_page_serves_its_own_files(client: Client) -> None:
    page = client.get("/api/v1/docs").content.decode()

    assert "/static/ninja/swagger-ui-bundle.js" in page
    assert "https://" not in page
