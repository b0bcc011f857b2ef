"""The arbiter's pairing page: pair, poll, review, edit, publish; arbiters only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from pytest_django import DjangoAssertNumQueries

from pairing.models import PairingRun, RunStatus
from pairing.services.rounds import round_request_pairing
from pairing.services.runs import pairing_run_execute
from tests.factories import UserFactory
from tournaments.models import AuditEntry, Round, RoundState

pytestmark = pytest.mark.django_db


def page(rnd: Round, name: str = "pairing-round", *args: object) -> str:
    return reverse(name, args=(rnd.tournament.slug, rnd.number, *args))


@pytest.fixture
def arbiter_client(client: Client, arbiter: User) -> Client:
    client.force_login(arbiter)
    return client


@pytest.fixture
def draft(round3: Round, arbiter: User, enqueued: list[int]) -> Round:
    pairing_run_execute(run_id=round_request_pairing(rnd=round3, by=arbiter).pk)
    round3.refresh_from_db()
    return round3


def test_anonymous_users_are_sent_to_the_login_page(client: Client, round3: Round) -> None:
    response = client.get(page(round3))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_other_users_get_a_403_and_cannot_pair(client: Client, round3: Round) -> None:
    client.force_login(UserFactory.create(username="player"))

    assert client.get(page(round3)).status_code == 403
    assert client.post(page(round3, "pairing-request")).status_code == 403
    assert not PairingRun.objects.exists()


def test_an_unknown_round_is_a_404(arbiter_client: Client, round3: Round) -> None:
    url = reverse("pairing-round", args=(round3.tournament.slug, 99))

    assert arbiter_client.get(url).status_code == 404


def test_it_offers_to_pair_an_unpaired_round(arbiter_client: Client, round3: Round) -> None:
    response = arbiter_client.get(page(round3))

    assert response.status_code == 200
    assert b"Pair round 3</button>" in response.content
    assert b"hx-trigger" not in response.content


@pytest.mark.django_db(transaction=True)
def test_pairing_through_the_eager_worker_shows_the_draft(
    arbiter_client: Client, round3: Round
) -> None:
    """The request commits, then the run is sent (on commit) before the view reads whether the
    queue took it: a real commit, not a captured callback run after the view has answered."""
    posted = arbiter_client.post(page(round3, "pairing-request"))
    response = arbiter_client.get(posted["Location"])

    assert posted.status_code == 302
    assert response.status_code == 200
    assert b"Round 3 was sent to the pairing engine" in response.content
    assert b"Publish round 3" in response.content
    assert b"Engine explanation" in response.content
    round3.refresh_from_db()
    assert round3.state == RoundState.PAIRED


def test_the_status_fragment_keeps_polling_while_the_run_waits(
    arbiter_client: Client, round3: Round, arbiter: User, enqueued: list[int]
) -> None:
    round_request_pairing(rnd=round3, by=arbiter)

    response = arbiter_client.get(page(round3), headers={"HX-Request": "true"})

    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="pairing-status"')
    assert 'hx-trigger="every 1s"' in html
    assert "Waiting for a worker" in html
    assert "<html" not in html


def test_the_status_fragment_stops_polling_once_the_draft_is_written(
    arbiter_client: Client,
    draft: Round,
    django_assert_num_queries: DjangoAssertNumQueries,
) -> None:
    # 14, and the round's state read again after its run (a draft and its run come together);
    # 3 for who is not paired (issue 31)
    with django_assert_num_queries(18):
        response = arbiter_client.get(page(draft), headers={"HX-Request": "true"})

    assert response.status_code == 286
    html = response.content.decode()
    assert "hx-trigger" not in html
    assert html.count("<tr") == 8
    assert "Publish round 3" in html
    assert '<div id="messages" hx-swap-oob="delete"></div>' in html  # "sent..." goes (issue 31)


def test_the_page_shows_the_draft_boards_with_scores(arbiter_client: Client, draft: Round) -> None:
    html = arbiter_client.get(page(draft)).content.decode()

    assert "Bruno" in html
    assert "Elisa" in html
    assert html.index("Bruno") < html.index("Carla")
    assert '<td class="num">2</td>' in html
    assert "1½" in html


def test_publishing_twice_says_so(arbiter_client: Client, draft: Round) -> None:
    arbiter_client.post(page(draft, "pairing-publish"))
    response = arbiter_client.post(page(draft, "pairing-publish"), follow=True)

    assert response.status_code == 200
    assert b"Round 3 is already published." in response.content
    draft.refresh_from_db()
    assert draft.state == RoundState.PUBLISHED


def test_pairing_while_results_are_missing_asks_first(
    arbiter_client: Client, round3: Round
) -> None:
    round2 = round3.tournament.round_set.get(number=2)
    round2.state = RoundState.PUBLISHED
    round2.save()
    round2.games.filter(board=1).update(result="")

    response = arbiter_client.post(page(round3, "pairing-request"), follow=True)

    html = response.content.decode()
    assert "Pair round 3 with adjourned games?" in html
    assert "Q158-Q160" not in html  # the checklist's numbers are not for users (issue 31)
    assert not PairingRun.objects.exists()
    assert round2.games.get(board=1).result == ""


def test_swapping_colours_shows_the_rules_it_breaks(arbiter_client: Client, draft: Round) -> None:
    game = draft.games.get(board=1)

    response = arbiter_client.post(page(draft, "pairing-swap", game.pk), follow=True)

    html = response.content.decode()
    assert "Colours swapped on board 1." in html
    assert "The edit breaks 2 rules" in html
    assert "5 would have white three times in a row" in html
    assert AuditEntry.objects.filter(entity="game", entity_id=game.pk).exists()


def test_exchanging_opponents_needs_two_different_boards(
    arbiter_client: Client, draft: Round
) -> None:
    game = draft.games.get(board=2)

    response = arbiter_client.post(
        page(draft, "pairing-exchange"), {"game_a": game.pk, "game_b": game.pk}, follow=True
    )

    assert b"Choose two different boards." in response.content
    assert draft.games.get(board=2).black.pairing_number == 4


def test_exchanging_opponents_warns_of_a_rematch(arbiter_client: Client, draft: Round) -> None:
    game_a, game_b = draft.games.get(board=2), draft.games.get(board=7)

    response = arbiter_client.post(
        page(draft, "pairing-exchange"), {"game_a": game_a.pk, "game_b": game_b.pk}, follow=True
    )

    html = response.content.decode()
    assert "Boards 2 and 7 exchanged opponents." in html
    assert "9 and 4 already played" in html


def test_get_changes_nothing(arbiter_client: Client, round3: Round) -> None:
    assert arbiter_client.get(page(round3, "pairing-request")).status_code == 405
    assert not PairingRun.objects.exists()


def test_repair_discards_the_draft(
    arbiter_client: Client, draft: Round, enqueued: list[int]
) -> None:
    arbiter_client.post(page(draft, "pairing-repair"))

    draft.refresh_from_db()
    assert draft.state == RoundState.NOT_PAIRED
    assert PairingRun.objects.filter(round=draft, status=RunStatus.PENDING).count() == 1


def test_a_published_round_offers_no_edit_but_a_rematch_correction(
    arbiter_client: Client, draft: Round
) -> None:
    arbiter_client.post(page(draft, "pairing-publish"))
    html = arbiter_client.get(page(draft)).content.decode()
    assert "Swap colours" not in html
    assert "exchange" not in html.lower().replace("engine", "")

    draft.state = RoundState.PAIRED
    draft.save()
    game_a, game_b = draft.games.get(board=2), draft.games.get(board=7)
    arbiter_client.post(page(draft, "pairing-exchange"), {"game_a": game_a.pk, "game_b": game_b.pk})
    arbiter_client.post(page(draft, "pairing-publish"))
    html = arbiter_client.get(page(draft)).content.decode()

    assert "Correct the rematch (C.04.2 D.10)" in html
    assert "Swap colours" not in html
