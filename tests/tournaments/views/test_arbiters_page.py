"""Roles decide who arbitrates; the Arbiters page and the invitation link a user opens to join."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from tests.factories import TournamentRoleFactory, UserFactory
from tests.tournaments.conftest import Snapshot, tournament_with_players
from tournaments.models import ArbiterInvitation, ArbiterRole, Tournament, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(arbiter: User) -> Tournament:
    """A tournament whose chief arbiter is `arbiter`."""
    return tournament_with_players(2, arbiter=arbiter)


@pytest.fixture
def deputy(tournament: Tournament) -> User:
    user = UserFactory.create(username="deputy")
    TournamentRoleFactory.create(tournament=tournament, user=user, role=ArbiterRole.DEPUTY)
    return user


def state() -> set[tuple[object, ...]]:
    """The roles and invitations, to check that a refusal saved nothing."""
    return set(TournamentRole.objects.values_list("tournament", "user", "role")) | set(
        ArbiterInvitation.objects.values_list("pk", "closed_at")
    )


def make_link(client: Client, tournament: Tournament) -> str:
    response = client.post(f"/t/{tournament.slug}/manage/arbiters/invite/")
    assert response.status_code == 200
    match = re.search(r'value="(http://testserver/t/[^"]+/join/[^"]+/)"', response.content.decode())
    assert match is not None
    return match.group(1).removeprefix("http://testserver")


@pytest.mark.parametrize(
    ("who", "status"),
    [("chief", 200), ("deputy", 200), ("other", 403), ("anonymous", 302), ("superuser", 403)],
)
def test_roles_decide_who_opens_the_arbiter_pages(
    client: Client, tournament: Tournament, arbiter: User, deputy: User, who: str, status: int
) -> None:
    users = {
        "chief": arbiter,
        "deputy": deputy,
        "other": UserFactory.create(username="other"),
        "superuser": User.objects.create_superuser("operator", "op@example.org", "x"),
    }
    if who in users:
        client.force_login(users[who])

    for page in ("", "players/", "arbiters/"):
        response = client.get(f"/t/{tournament.slug}/manage/{page}")
        assert response.status_code == status, page
    response = client.post(f"/t/{tournament.slug}/manage/players/", {"name": "Rossi, Mario"})
    assert tournament.players.count() == (3 if status == 200 else 2)


def test_a_superuser_with_a_role_arbitrates_like_anyone(
    client: Client, tournament: Tournament
) -> None:
    operator = User.objects.create_superuser("operator", "op@example.org", "x")
    TournamentRoleFactory.create(tournament=tournament, user=operator, role=ArbiterRole.DEPUTY)
    client.force_login(operator)

    assert client.get(f"/t/{tournament.slug}/manage/").status_code == 200


def test_the_dashboard_links_to_the_arbiters_page(
    arbiter_client: Client, tournament: Tournament
) -> None:
    html = arbiter_client.get(f"/t/{tournament.slug}/manage/").content.decode()

    assert f'href="/t/{tournament.slug}/manage/arbiters/"' in html


def test_the_page_lists_the_chief_and_deputies_and_only_the_chief_sees_the_controls(
    client: Client, tournament: Tournament, arbiter: User, deputy: User
) -> None:
    client.force_login(arbiter)
    chief_html = client.get(f"/t/{tournament.slug}/manage/arbiters/").content.decode()
    client.force_login(deputy)
    deputy_html = client.get(f"/t/{tournament.slug}/manage/arbiters/").content.decode()

    for html in (chief_html, deputy_html):
        assert "arbiter" in html and "deputy" in html
    assert "Make an invitation link" in chief_html and "Hand over" in chief_html
    assert "Make an invitation link" not in deputy_html and "Hand over" not in deputy_html
    assert "Step down" in deputy_html and "Only the chief arbiter invites" in deputy_html


def test_an_htmx_request_gets_only_the_invitation_link(
    arbiter_client: Client, tournament: Tournament
) -> None:
    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/arbiters/invite/", headers={"HX-Request": "true"}
    )

    html = response.content.decode()
    assert html.strip().startswith('<div id="invitation-link">')
    assert "/join/" in html and "<h1>" not in html


def test_an_invited_user_logs_in_accepts_and_arbitrates(
    client: Client, arbiter_client: Client, tournament: Tournament
) -> None:
    link = make_link(arbiter_client, tournament)
    guest = UserFactory.create(username="guest")
    visitor = Client()

    assert visitor.get(link).status_code == 302
    visitor.force_login(guest)
    assert "Accept" in visitor.get(link).content.decode()
    response = visitor.post(link, {"answer": "accept"})

    assert response.status_code == 302
    assert response["Location"] == f"/t/{tournament.slug}/manage/"
    assert TournamentRole.objects.get(user=guest).role == ArbiterRole.DEPUTY
    assert visitor.get(f"/t/{tournament.slug}/manage/players/").status_code == 200
    again = Client()
    again.force_login(UserFactory.create())
    assert again.get(link).status_code == 400


def test_a_user_who_declines_does_not_join(arbiter_client: Client, tournament: Tournament) -> None:
    link = make_link(arbiter_client, tournament)
    visitor = Client()
    visitor.force_login(UserFactory.create(username="guest"))

    response = visitor.post(link, {"answer": "decline"})

    assert response.status_code == 302
    assert not TournamentRole.objects.filter(user__username="guest").exists()
    assert visitor.post(link, {"answer": "accept"}).status_code == 400


@pytest.mark.parametrize("answer", [None, "", "yes", "accept" * 100])
def test_an_unknown_answer_saves_nothing(
    arbiter_client: Client, tournament: Tournament, answer: str | None
) -> None:
    link = make_link(arbiter_client, tournament)
    visitor = Client()
    visitor.force_login(UserFactory.create(username="guest"))
    before = state()

    response = visitor.post(link, {} if answer is None else {"answer": answer})

    assert response.status_code == 400
    assert state() == before


def test_a_forged_link_is_refused_with_a_message(
    client: Client, tournament: Tournament, arbiter_client: Client
) -> None:
    make_link(arbiter_client, tournament)
    client.force_login(UserFactory.create(username="guest"))
    before = state()

    for method in (client.get, client.post):
        response = method(f"/t/{tournament.slug}/join/not-a-real-token/", {"answer": "accept"})
        assert response.status_code == 400
        assert "not valid" in response.content.decode()
    assert state() == before
    assert client.get("/t/no-such-tournament/join/x/").status_code == 404


def test_removing_a_deputy_and_refusing_the_chief(
    arbiter_client: Client, tournament: Tournament, arbiter: User, deputy: User
) -> None:
    url = f"/t/{tournament.slug}/manage/arbiters/remove/"

    refused = arbiter_client.post(url, {"user": arbiter.pk}, follow=True)
    assert "hand the chief role over" in refused.content.decode()
    assert TournamentRole.objects.filter(user=arbiter, role=ArbiterRole.CHIEF).exists()

    arbiter_client.post(url, {"user": deputy.pk})
    assert not TournamentRole.objects.filter(user=deputy).exists()


def test_handing_the_chief_role_over(
    arbiter_client: Client, tournament: Tournament, arbiter: User, deputy: User
) -> None:
    response = arbiter_client.post(
        f"/t/{tournament.slug}/manage/arbiters/hand-over/", {"user": deputy.pk}, follow=True
    )

    assert "deputy is the chief arbiter" in response.content.decode()
    assert set(TournamentRole.objects.values_list("user__username", "role")) == {
        ("arbiter", "deputy"),
        ("deputy", "chief"),
    }


def test_a_deputy_cannot_manage_roles(
    client: Client, tournament: Tournament, arbiter: User, deputy: User
) -> None:
    client.force_login(deputy)
    before = state()
    slug = tournament.slug

    for url, data in (
        (f"/t/{slug}/manage/arbiters/invite/", {}),
        (f"/t/{slug}/manage/arbiters/remove/", {"user": arbiter.pk}),
        (f"/t/{slug}/manage/arbiters/hand-over/", {"user": deputy.pk}),
    ):
        response = client.post(url, data, follow=True)
        assert "Only the chief arbiter" in response.content.decode(), url
    assert state() == before


@pytest.mark.parametrize(
    "data", [{}, {"user": ""}, {"user": "abc"}, {"user": "-1"}, {"user": "9" * 30}]
)
@pytest.mark.parametrize("action", ["remove", "hand-over"])
def test_bad_input_never_fails_and_saves_nothing(
    arbiter_client: Client,
    tournament: Tournament,
    deputy: User,
    snapshot: Callable[[], Snapshot],
    action: str,
    data: dict[str, str],
) -> None:
    before, roles = snapshot(), state()

    response = arbiter_client.post(f"/t/{tournament.slug}/manage/arbiters/{action}/", data)

    assert response.status_code == 302
    assert (snapshot(), state()) == (before, roles)


def test_withdrawing_an_unknown_link_is_a_message(
    arbiter_client: Client, tournament: Tournament
) -> None:
    url = f"/t/{tournament.slug}/manage/arbiters/withdraw/"

    unknown = arbiter_client.post(url, {"invitation": "999"}, follow=True)
    garbled = arbiter_client.post(url, {"invitation": "9" * 30}, follow=True)

    assert "already closed" in unknown.content.decode()
    assert "Choose an open invitation link" in garbled.content.decode()


def test_the_role_pages_refuse_get_where_they_change_things(
    arbiter_client: Client, tournament: Tournament
) -> None:
    for action in ("invite", "withdraw", "remove", "hand-over"):
        url = f"/t/{tournament.slug}/manage/arbiters/{action}/"
        assert arbiter_client.get(url).status_code == 405
    assert not ArbiterInvitation.objects.exists()
